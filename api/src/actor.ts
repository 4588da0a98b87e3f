import { ACTOR_MESSAGES, ROLE_IDS, type RoleId } from '@bolsa/domain';
import { badRequest } from './errors.js';

/** Who acts: the BFF sends the session's user and role; the documented calls send neither. */
export interface Actor {
  userId: number | null;
  role: RoleId;
}

const INT4_MAX = 2_147_483_647;

/**
 * The actor of a request: rol (1–4) and usuarioId as the BFF sends them (also `role`,
 * `usuario_id`), else `defaultRole` and no user. A malformed value is a 400. The one place the api
 * reads who acts.
 */
export function actorOf(raw: Record<string, unknown>, defaultRole: RoleId): Actor {
  const role = raw.rol ?? raw.role;
  const user = raw.usuarioId ?? raw.usuario_id;
  let r: RoleId = defaultRole;
  if (role !== undefined && role !== null && role !== '') {
    const n = Number(role);
    if (!(ROLE_IDS as readonly number[]).includes(n)) throw badRequest(ACTOR_MESSAGES.roleInvalid);
    r = n as RoleId;
  }
  let userId: number | null = null;
  if (user !== undefined && user !== null && user !== '') {
    const s = String(user);
    if (!/^\d{1,10}$/.test(s) || Number(s) < 1 || Number(s) > INT4_MAX) throw badRequest(ACTOR_MESSAGES.userInvalid);
    userId = Number(s);
  }
  return { userId, role: r };
}
