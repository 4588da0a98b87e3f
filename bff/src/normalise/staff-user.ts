import type { StaffRoleId } from '@bolsa/domain';
import { fieldsOf, id, pick, text } from './fields.js';
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
