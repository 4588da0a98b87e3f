import { EMAIL_TEMPLATE_MESSAGES } from '@bolsa/domain';
import { Router, type Request } from 'express';
import { actorOf } from '../actor.js';
import type { Db } from '../db/database.js';
import { parseId } from '../errors.js';
import { bodyOf } from '../input.js';
import { queryParam } from '../lists.js';
import * as templates from './service.js';

/** Who reads: `rol` and `usuarioId` in the query (the BFF sends them); without them role 3, refused. */
const reader = (req: Request) => actorOf({ rol: queryParam(req, 'rol'), usuarioId: queryParam(req, 'usuarioId') }, 3);

/**
 * E-mail templates (issue 24; extra, undocumented routes for the BFF). Role 1 only (`rol`, else
 * 403); writes carry `usuarioId`, recorded with each version. A template key is domain's
 * (EMAIL_TEMPLATES), else 404 'Plantilla no encontrada.'; a refused subject or body is a 400 with
 * the domain's message ('El marcador {{x}} no existe en esta plantilla.').
 *
 * - `GET /internal/plantillas-correo?rol=` → 200 `{ plantillas: Plantilla[] }`. `Plantilla` is
 *   `{ clave, nombre, descripcion, titulo, marcadores: [{ nombre, descripcion, ejemplo, tipo }],
 *   asunto, cuerpo, predeterminada, versionId, actualizadoEn, actualizadoPor }`.
 * - `GET /internal/plantillas-correo/{clave}?rol=` → 200 `{ plantillaCorreo }`.
 * - `GET /internal/plantillas-correo/{clave}/versiones?rol=` → 200 `{ versiones: Version[] }` newest
 *   first; `Version` is `{ id, clave, asunto, cuerpo, accion, predeterminada, restauradaDe,
 *   usuarioId, usuarioNombre, creadoEn, actual }`.
 * - `POST /internal/plantillas-correo/{clave}` `{ asunto, cuerpo, usuarioId, rol }` → 200
 *   `{ success, message, plantillaCorreo }`; 400 also when a placeholder the e-mail cannot do
 *   without is missing ('Falta el marcador {{enlace}}…'); 409 'No hay cambios que guardar.' when
 *   the subject and body are the current ones (nothing written).
 * - `POST /internal/plantillas-correo/{clave}/restablecer` `{ usuarioId, rol }` → 200 `{ success, message, plantillaCorreo }`.
 * - `POST /internal/plantillas-correo/{clave}/restaurar` `{ versionId, usuarioId, rol }` → 200
 *   `{ success, message, plantillaCorreo }`; 404 'Versión no encontrada.'.
 * - `POST /internal/plantillas-correo/{clave}/vista-previa` `{ asunto, cuerpo, rol }` → 200
 *   `{ asunto, html, texto }` rendered with the sample values (nothing saved).
 */
export function emailTemplateRoutes(db: Db): Router {
  const router = Router();

  router.get('/internal/plantillas-correo', async (req, res) => {
    res.json({ plantillas: await templates.listTemplates(db, reader(req)) });
  });

  router.get('/internal/plantillas-correo/:clave', async (req, res) => {
    res.json({ plantillaCorreo: await templates.getTemplate(db, req.params.clave, reader(req)) });
  });

  router.get('/internal/plantillas-correo/:clave/versiones', async (req, res) => {
    res.json({ versiones: await templates.listVersions(db, req.params.clave, reader(req)) });
  });

  router.post('/internal/plantillas-correo/:clave', async (req, res) => {
    const body = bodyOf(req);
    const plantillaCorreo = await templates.saveTemplate(
      db,
      req.params.clave,
      { subject: body.asunto, body: body.cuerpo },
      actorOf(body, 3),
    );
    res.json({ success: true, message: EMAIL_TEMPLATE_MESSAGES.saved, plantillaCorreo });
  });

  router.post('/internal/plantillas-correo/:clave/restablecer', async (req, res) => {
    const plantillaCorreo = await templates.resetTemplate(db, req.params.clave, actorOf(bodyOf(req), 3));
    res.json({ success: true, message: EMAIL_TEMPLATE_MESSAGES.reset, plantillaCorreo });
  });

  router.post('/internal/plantillas-correo/:clave/restaurar', async (req, res) => {
    const body = bodyOf(req);
    const versionId = parseId(String(body.versionId ?? ''));
    const plantillaCorreo = await templates.restoreVersion(db, req.params.clave, versionId, actorOf(body, 3));
    res.json({ success: true, message: EMAIL_TEMPLATE_MESSAGES.restored, plantillaCorreo });
  });

  router.post('/internal/plantillas-correo/:clave/vista-previa', (req, res) => {
    const body = bodyOf(req);
    res.json(
      templates.previewTemplate(req.params.clave, { subject: body.asunto, body: body.cuerpo }, actorOf(body, 3)),
    );
  });

  return router;
}
