import { parseFlag, staffEmailRule } from '@bolsa/domain';
import { Router } from 'express';
import type { Db } from '../db/database.js';
import { adminEmailFormat, badRequest, HttpError, MESSAGES, notFound, parseId } from '../errors.js';
import { parseSearchTerm } from '../lists.js';
import { bodyOf, EMAIL_MAX, hasNul, parseActive, text } from '../input.js';
import {
  createAdminEmail,
  deleteAdminEmail,
  listAdminEmails,
  setAdminEmailActive,
  updateAdminEmail,
} from './repository.js';

const NAME_MIN = 3;
const NAME_MAX = 200;

/** Administrative notification e-mails (spec 2 §5 'Administrative e-mail', §7). */
export function adminEmailRoutes(db: Db, orgEmailDomain: string): Router {
  const router = Router();
  const rule = staffEmailRule(orgEmailDomain);

  /** Trimmed, lower-cased e-mail of the organisation's domain and a name of 3+ characters. */
  function readEmail(body: Record<string, unknown>, editing: boolean): { email: string; nombre: string } {
    const email = text(body.email ?? body.Email)
      .trim()
      .toLowerCase();
    const nombre = text(body.nombre ?? body.Nombre).trim();
    if (hasNul(email, nombre)) throw badRequest();
    if (!rule.test(email) || email.length > EMAIL_MAX) throw badRequest(adminEmailFormat(rule.domain, editing));
    if ([...nombre].length < NAME_MIN) throw badRequest(MESSAGES.adminEmailNameTooShort);
    if (nombre.length > NAME_MAX) throw badRequest();
    return { email, nombre };
  }

  router.get('/correos', async (req, res) => {
    res.json(await listAdminEmails(db, parseFlag(req.query.soloActivos), parseSearchTerm(req)));
  });

  router.post('/correos', async (req, res) => {
    const { email, nombre } = readEmail(bodyOf(req), false);
    const created = await createAdminEmail(db, email, nombre);
    if (created === 'duplicate') throw new HttpError(409, MESSAGES.adminEmailExists);
    res.status(201).json(created);
  });

  router.post('/correos/:id', async (req, res) => {
    const id = parseId(req.params.id);
    const { email, nombre } = readEmail(bodyOf(req), true);
    const updated = await updateAdminEmail(db, id, email, nombre);
    if (updated === 'missing') throw notFound(MESSAGES.adminEmailNotFound);
    if (updated === 'duplicate') throw new HttpError(409, MESSAGES.adminEmailExists);
    res.json(updated);
  });

  router.post('/correos/:id/activo', async (req, res) => {
    const id = parseId(req.params.id);
    const body = bodyOf(req);
    const activo = parseActive(body.Activo ?? body.activo);
    if (activo === null) throw badRequest(MESSAGES.activeInvalid);
    const updated = await setAdminEmailActive(db, id, activo);
    if (!updated) throw notFound(MESSAGES.adminEmailNotFound);
    res.json(updated);
  });

  router.post('/correos/:id/eliminar', async (req, res) => {
    if (!(await deleteAdminEmail(db, parseId(req.params.id)))) throw notFound(MESSAGES.adminEmailNotFound);
    res.json({ success: true });
  });

  return router;
}
