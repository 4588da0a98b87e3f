import { AUTH_MESSAGES, DEFAULT_ROLE, LIMITS, PASSWORD_MIN, staffEmailRule, USER_MESSAGES } from '@bolsa/domain';
import { Router } from 'express';
import type { Db } from '../db/database.js';
import { badRequest, failed, HttpError, MESSAGES, notFound, parseId } from '../errors.js';
import { bodyOf, EMAIL_MAX, hasControl, text } from '../input.js';
import { parseSearchTerm } from '../lists.js';
import * as users from './service.js';
import type { StaffUserInput } from './service.js';

/** idRol as a number or a numeric string, 1–3; missing means `fallback`. */
function parseRole(raw: unknown, fallback: number | undefined): number | undefined {
  if (raw === undefined || raw === null || raw === '') return fallback;
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\s*\d+\s*$/.test(raw) ? Number(raw) : NaN;
  if (n === 1 || n === 2 || n === 3) return n;
  throw badRequest(USER_MESSAGES.roleInvalid);
}

/** estatus as '1'/'0', 1/0 or true/false; missing means `fallback`. */
function parseStatus(raw: unknown, fallback: boolean | undefined): boolean | undefined {
  if (raw === undefined || raw === null || raw === '') return fallback;
  if (raw === true || raw === 1 || raw === '1' || raw === 'true') return true;
  if (raw === false || raw === 0 || raw === '0' || raw === 'false') return false;
  throw badRequest(USER_MESSAGES.statusInvalid);
}

/** Staff login and system users (spec 2 §3, §5, §7), and the BFF's session re-check. */
export function userRoutes(db: Db, orgEmailDomain: string): Router {
  const router = Router();
  const rule = staffEmailRule(orgEmailDomain);

  /** The checks create and update share; `creating` makes clave required and fills defaults. */
  function readUser(
    body: Record<string, unknown>,
    creating: boolean,
  ): { input: Omit<StaffUserInput, 'claveHash'>; clave: string } {
    const nombre = text(body.nombre).trim();
    const usuario = text(body.usuario_).trim().toLowerCase();
    const clave = text(body.clave);
    if (!nombre || !usuario || (creating && !clave)) throw badRequest(USER_MESSAGES.incomplete);
    if (hasControl(nombre, usuario, clave)) throw badRequest();
    if (!rule.test(usuario)) throw badRequest(rule.submitMessage);
    if (usuario.length > EMAIL_MAX) throw badRequest(AUTH_MESSAGES.emailInvalid);
    if (clave && clave.length < PASSWORD_MIN) throw badRequest(AUTH_MESSAGES.passwordTooShort);
    if (nombre.length > LIMITS.name) throw badRequest(USER_MESSAGES.nameTooLong);
    if (clave.length > LIMITS.password) throw badRequest(AUTH_MESSAGES.passwordTooLong);
    const idrol = parseRole(body.idRol ?? body.idrol, creating ? DEFAULT_ROLE : undefined);
    const estatus = parseStatus(body.estatus, creating ? true : undefined);
    return { input: { nombre, usuario, idrol, estatus }, clave };
  }

  router.post('/login', async (req, res) => {
    const body = bodyOf(req);
    const usuario = text(body.usuario_).trim().toLowerCase();
    const clave = text(body.clave);
    if (!usuario || !clave) throw failed(400, AUTH_MESSAGES.recruiterRequired);
    // Unknown users (and users without a password) still cost one argon2 verify.
    const found = await users.checkLogin(db, hasControl(usuario) || usuario.length > EMAIL_MAX ? null : usuario, clave);
    if (!found) throw failed(401, AUTH_MESSAGES.badCredentials);
    if (!found.estatus) throw failed(403, MESSAGES.staffInactive);
    res.json({
      success: true,
      message: MESSAGES.loginOk,
      user: { id: found.id, nombre: found.nombre, usuario_: found.usuario, idrol: found.idrol },
    });
  });

  router.get('/usuario', async (req, res) => {
    res.json(await users.listUsers(db, parseSearchTerm(req)));
  });

  router.post('/usuario', async (req, res) => {
    const { input, clave } = readUser(bodyOf(req), true);
    const id = await users.createUser(db, input as Required<typeof input>, clave);
    if (id === 'duplicate') throw new HttpError(409, USER_MESSAGES.exists);
    res.status(201).json({ id });
  });

  router.post('/usuario/actualizar/:id', async (req, res) => {
    const id = parseId(req.params.id);
    const { input, clave } = readUser(bodyOf(req), false);
    const outcome = await users.updateUser(db, id, input, clave);
    if (outcome === 'missing') throw notFound(USER_MESSAGES.notFound);
    if (outcome === 'lastAdmin') throw new HttpError(409, MESSAGES.lastAdmin);
    if (outcome === 'duplicate') throw new HttpError(409, USER_MESSAGES.exists);
    res.json({ success: true });
  });

  router.post('/usuario/toggle-estado/:id', async (req, res) => {
    const estatus = await users.toggleUser(db, parseId(req.params.id));
    if (estatus === null) throw notFound(USER_MESSAGES.notFound);
    if (estatus === 'lastAdmin') throw new HttpError(409, MESSAGES.lastAdmin);
    res.json({ estatus });
  });

  router.post('/usuario/eliminar/:id', async (req, res) => {
    const deleted = await users.deleteUser(db, parseId(req.params.id));
    if (deleted === 'lastAdmin') throw new HttpError(409, MESSAGES.lastAdmin);
    if (!deleted) throw notFound(USER_MESSAGES.notFound);
    res.json({ success: true });
  });

  router.get('/internal/usuarios/:id/sesion', async (req, res) => {
    const found = await users.findUserSession(db, parseId(req.params.id));
    if (!found) throw notFound(USER_MESSAGES.notFound);
    res.json(found);
  });

  return router;
}
