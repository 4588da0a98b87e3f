import { parseFlag } from '@bolsa/domain';
import { fieldsOf, id, listOf, pick, text } from './fields.js';

/** Correo administrativo: correo_id/correoId/id, email/correo, nombre, activo. */
export interface AdminEmailDto {
  id: string;
  email: string;
  name: string;
  active: boolean;
}

export function normaliseAdminEmail(raw: unknown): AdminEmailDto | null {
  const f = fieldsOf(raw);
  const cid = id(pick(f, 'correo_id', 'correoId', 'id'));
  const email = text(pick(f, 'email', 'correo'));
  if (!cid || !email) return null;
  return {
    id: cid,
    email: email.toLowerCase(),
    name: text(pick(f, 'nombre')) ?? '',
    active: parseFlag(pick(f, 'activo') ?? true),
  };
}

/** GET /correos: bare, or under `correos`, `data`, `items`… */
export function normaliseAdminEmailList(raw: unknown): AdminEmailDto[] {
  return listOf(raw, 'correos')
    .map(normaliseAdminEmail)
    .filter((e): e is AdminEmailDto => e !== null);
}
