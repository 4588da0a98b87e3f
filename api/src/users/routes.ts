import { AUTH_MESSAGES, DEFAULT_ROLE, PASSWORD_MIN, staffEmailRule, USER_MESSAGES } from '@bolsa/domain';
import { Router } from 'express';
import type { Db } from '../db/database.js';
import { badRequest, failed, HttpError, MESSAGES, notFound, parseId } from '../errors.js';
import { bodyOf, EMAIL_MAX, hasNul, text } from '../input.js';
import { parseSearchTerm } from '../lists.js';
import { hashPassword, verifyPassword } from '../passwords.js';
import {
  createUser,
  deleteUser,
  findUserForLogin,
  findUserSession,
  listUsers,
  toggleUser,
  updateUser,
  type StaffUserInput,
} from './repository.js';

/** idRol as a number or a numeric string, 1–3; missing means `fallback`. */
function parseRole(raw: unknown, fallback: number | undefined): number | undefined {
  if (raw === undefined || raw === null || raw === '') return fallback;
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\s*\d+\s*$/.test(raw) ? Number(raw) : NaN;
  if (n === 1 || n === 2 || n === 3) return n;
  throw badRequest(MESSAGES.roleInvalid);
}

/** estatus as '1'/'0', 1/0 or true/false; missing means `fallback`. */
function parseStatus(raw: unknown, fallback: boolean | undefined): boolean | undefined {
  if (raw === undefined || raw === null || raw === '') return fallback;
  if (raw === true || raw === 1 || raw === '1' || raw === 'true') return true;
  if (raw === false || raw === 0 || raw === '0' || raw === 'false') return false;
  throw badRequest(MESSAGES.statusInvalid);
}

/** Staff login and system users (spec 2 §3, §5, §7), and the BFF's session re-check. */
export function userRoutes(db: Db, orgEmailDomain: string): Router {
  const router = Router();
  const rule = staffEmailRule(orgEmailDomain);

  /** The checks create and update share; `creating` makes clave required and fills defaults. */
  async function readUser(body: Record<string, unknown>, creating: boolean): Promise<StaffUserInput> {
    const nombre = text(body.nombre).trim();
    const usuario = text(body.usuario_).trim().toLowerCase();
    const clave = text(body.clave);
    if (!nombre || !usuario || (creating && !clave)) throw badRequest(USER_MESSAGES.incomplete);
    if (hasNul(nombre, usuario)) throw badRequest();
    if (!rule.test(usuario)) throw badRequest(rule.submitMessage);
    if (usuario.length > EMAIL_MAX) throw badRequest(AUTH_MESSAGES.emailInvalid);
    if (clave && clave.length < PASSWORD_MIN) throw badRequest(AUTH_MESSAGES.passwordTooShort);
    const idrol = parseRole(body.idRol ?? body.idrol, creating ? DEFAULT_ROLE : undefined);
    const estatus = parseStatus(body.estatus, creating ? true : undefined);
    // Hashed last: a request refused above costs no argon2 time.
    return { nombre, usuario, idrol, estatus, ...(clave && { claveHash: await hashPassword(clave) }) };
  }

  router.post('/login', async (req, res) => {
    const body = bodyOf(req);
    const usuario = text(body.usuario_).trim().toLowerCase();
    const clave = text(body.clave);
    if (!usuario || !clave) throw failed(400, AUTH_MESSAGES.recruiterRequired);
    const found = hasNul(usuario) || usuario.length > EMAIL_MAX ? null : await findUserForLogin(db, usuario);
    // Unknown users (and users without a password) still cost one argon2 verify.
    const ok = await verifyPassword(found?.clave_hash, clave);
    if (!found || !ok) throw failed(401, AUTH_MESSAGES.badCredentials);
    if (!found.estatus) throw failed(403, MESSAGES.staffInactive);
    res.json({
      success: true,
      message: MESSAGES.loginOk,
      user: { id: found.id, nombre: found.nombre, usuario_: found.usuario, idrol: found.idrol },
    });
  });

  router.get('/usuario', async (req, res) => {
    res.json(await listUsers(db, parseSearchTerm(req)));
  });

  router.post('/usuario', async (req, res) => {
    const input = await readUser(bodyOf(req), true);
    const id = await createUser(db, input as Required<StaffUserInput>);
    if (id === 'duplicate') throw new HttpError(409, MESSAGES.userExists);
    res.status(201).json({ id });
  });

  router.post('/usuario/actualizar/:id', async (req, res) => {
    const id = parseId(req.params.id);
    const outcome = await updateUser(db, id, await readUser(bodyOf(req), false));
    if (outcome === 'missing') throw notFound(MESSAGES.userNotFound);
    if (outcome === 'duplicate') throw new HttpError(409, MESSAGES.userExists);
    res.json({ success: true });
  });

  router.post('/usuario/toggle-estado/:id', async (req, res) => {
    const estatus = await toggleUser(db, parseId(req.params.id));
    if (estatus === null) throw notFound(MESSAGES.userNotFound);
    res.json({ estatus });
  });

  router.post('/usuario/eliminar/:id', async (req, res) => {
    if (!(await deleteUser(db, parseId(req.params.id)))) throw notFound(MESSAGES.userNotFound);
    res.json({ success: true });
  });

  router.get('/internal/usuarios/:id/sesion', async (req, res) => {
    const found = await findUserSession(db, parseId(req.params.id));
    if (!found) throw notFound(MESSAGES.userNotFound);
    res.json(found);
  });

  return router;
}
