import { ADMIN_EMAIL_MESSAGES, adminEmailSchema, check, parseFlag } from '@bolsa/domain';
import { Router } from 'express';
import type { Db } from '../db/database.js';
import { badRequest, HttpError, MESSAGES, notFound, parseId } from '../errors.js';
import { parseSearchTerm } from '../lists.js';
import { bodyOf, hasControl, parseActive, text } from '../input.js';
import * as emails from './service.js';

/** Administrative notification e-mails (spec 2 §5 'Administrative e-mail', §7). */
export function adminEmailRoutes(db: Db, orgEmailDomain: string): Router {
  const router = Router();
  const createSchema = adminEmailSchema(orgEmailDomain, 'create');
  const editSchema = adminEmailSchema(orgEmailDomain, 'edit');

  /** Trimmed, lower-cased e-mail of the organisation's domain and a name of 3+ characters. */
  function readEmail(body: Record<string, unknown>, editing: boolean): { email: string; nombre: string } {
    const email = text(body.email ?? body.Email)
      .trim()
      .toLowerCase();
    const nombre = text(body.nombre ?? body.Nombre).trim();
    if (hasControl(email, nombre)) throw badRequest();
    // The domain's schema: e-mail of the organisation's domain, name of 3 to 120 characters.
    const r = check(editing ? editSchema : createSchema, { email, name: nombre });
    if (!r.ok) throw badRequest(r.message);
    return { email: r.value.email, nombre: r.value.name };
  }

  router.get('/correos', async (req, res) => {
    res.json(await emails.listAdminEmails(db, parseFlag(req.query.soloActivos), parseSearchTerm(req)));
  });

  router.post('/correos', async (req, res) => {
    // '/correos/' is an update with an empty id (non-strict routing lands it here): never a create.
    if (req.path !== '/correos') throw notFound(ADMIN_EMAIL_MESSAGES.notFound);
    const { email, nombre } = readEmail(bodyOf(req), false);
    const created = await emails.createAdminEmail(db, email, nombre);
    if (created === 'duplicate') throw new HttpError(409, ADMIN_EMAIL_MESSAGES.exists);
    res.status(201).json(created);
  });

  router.post('/correos/:id', async (req, res) => {
    const id = parseId(req.params.id);
    const { email, nombre } = readEmail(bodyOf(req), true);
    const updated = await emails.updateAdminEmail(db, id, email, nombre);
    if (updated === 'missing') throw notFound(ADMIN_EMAIL_MESSAGES.notFound);
    if (updated === 'duplicate') throw new HttpError(409, ADMIN_EMAIL_MESSAGES.exists);
    res.json(updated);
  });

  router.post('/correos/:id/activo', async (req, res) => {
    const id = parseId(req.params.id);
    const body = bodyOf(req);
    const activo = parseActive(body.Activo ?? body.activo);
    if (activo === null) throw badRequest(MESSAGES.activeInvalid);
    const updated = await emails.setAdminEmailActive(db, id, activo);
    if (!updated) throw notFound(ADMIN_EMAIL_MESSAGES.notFound);
    res.json(updated);
  });

  router.post('/correos/:id/eliminar', async (req, res) => {
    if (!(await emails.deleteAdminEmail(db, parseId(req.params.id)))) throw notFound(ADMIN_EMAIL_MESSAGES.notFound);
    res.json({ success: true });
  });

  return router;
}
