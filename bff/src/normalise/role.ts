import type { RoleId } from '@bolsa/domain';
import { DEFAULT_ROLE } from '@bolsa/domain';
import { fieldsOf, pick } from './fields.js';

const SPELLINGS = ['idrol', 'idRol', 'IdRol', 'id_rol', 'rol', 'role', 'roleId', 'rolId'];

/** The raw role value: a known spelling, else any field whose name contains 'rol'. */
function rawRole(user: unknown): unknown {
  const direct = pick(fieldsOf(user), ...SPELLINGS);
  if (direct !== undefined) return direct;
  if (user && typeof user === 'object') {
    for (const [k, v] of Object.entries(user)) if (/rol/i.test(k) && v !== null && v !== undefined) return v;
  }
  return undefined;
}

export interface RoleRules {
  /** User names (e-mails) of the fixed administrator account(s). */
  adminUsernames: readonly string[];
}

/**
 * Role resolution of spec 2 §6: read under any spelling (or any key containing 'rol'), default 3;
 * the fixed administrator account (by user name, or id 1) is forced to 1; a value that is not a
 * number, below 1 or above 3 falls back to 3 at login (above 4 on session restore).
 */
export function resolveStaffRole(user: unknown, rules: RoleRules, when: 'login' | 'restore' = 'login'): RoleId {
  const f = fieldsOf(user);
  const username = String(pick(f, 'usuario_', 'usuario', 'email', 'correo') ?? '')
    .trim()
    .toLowerCase();
  const id = String(pick(f, 'id', 'idUsuario') ?? '');
  if (id === '1' || (username && rules.adminUsernames.includes(username))) return 1;
  const raw = rawRole(user);
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\s*\d+\s*$/.test(raw) ? Number(raw) : NaN;
  const max = when === 'login' ? 3 : 4;
  if (!Number.isInteger(n) || n < 1 || n > max) return DEFAULT_ROLE;
  return n as RoleId;
}
