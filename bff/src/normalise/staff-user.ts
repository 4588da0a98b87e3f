import type { StaffRoleId } from '@bolsa/domain';
import { fieldsOf, id, listOf, pick, text } from './fields.js';
import { resolveStaffRole, type RoleRules } from './role.js';

export interface StaffUserDto {
  id: string;
  name: string;
  email: string;
  roleId: StaffRoleId;
  active: boolean;
}

/** estatus arrives as boolean, '1'/'0' or 1/0 (spec 2 §3). */
export function parseEstatus(v: unknown): boolean {
  return v === true || v === 1 || (typeof v === 'string' && ['1', 'true'].includes(v.trim().toLowerCase()));
}

export function normaliseStaffUser(raw: unknown, rules: RoleRules): StaffUserDto | null {
  const f = fieldsOf(raw);
  const uid = id(pick(f, 'id', 'idUsuario'));
  const email = text(pick(f, 'usuario_', 'usuario', 'email', 'correo'));
  if (!uid || !email) return null;
  return {
    id: uid,
    name: text(pick(f, 'nombre', 'name')) ?? email,
    email: email.toLowerCase(),
    roleId: resolveStaffRole(raw, rules) as StaffRoleId,
    active: parseEstatus(pick(f, 'estatus', 'activo', 'estado')),
  };
}

/** GET /usuario: bare, or under `usuarios`, `data`, `items`… */
export function normaliseStaffUserList(raw: unknown, rules: RoleRules): StaffUserDto[] {
  return listOf(raw, 'usuarios')
    .map((u) => normaliseStaffUser(u, rules))
    .filter((u): u is StaffUserDto => u !== null);
}

/** POST /usuario/toggle-estado/{id}: the new `estatus`, or null when the answer does not say. */
export function toggledEstatus(raw: unknown): boolean | null {
  const estatus = pick(fieldsOf(raw), 'estatus');
  return estatus === undefined ? null : parseEstatus(estatus);
}
