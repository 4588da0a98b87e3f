import { documentKeyOf, MAX_FILE_BYTES, UPLOAD_RULES } from '@bolsa/domain';
import { Router, type Response } from 'express';
import { actorOf } from '../actor.js';
import type { PipelineDeps } from '../pipeline/index.js';
import { MESSAGES, parseId } from '../errors.js';
import { bodyOf, text } from '../input.js';
import { queryParam } from '../lists.js';
import { FormError, readForm } from '../multipart.js';
import { addStagedToForm, releaseStaged, STAGED_GONE, stagedRefs } from '../files/index.js';
import * as requests from './service.js';

/** Refusals as `{ success: false, message, fields: [{ path, message }] [, codigo] }`, the profile's shape. */
function refuse(res: Response, r: requests.Refusal): void {
  res
    .status(r.status)
    .json({ success: false, message: r.message, fields: r.fields, ...(r.code && { codigo: r.code }) });
}

function pick(body: Record<string, unknown>, ...names: string[]): unknown {
  for (const n of names) if (body[n] !== undefined && body[n] !== null) return body[n];
  return undefined;
}

/** usuarioId of the link's calls: the BFF always names the session's own account. */
function userIdOf(raw: unknown): number | null {
  const s = typeof raw === 'number' ? String(raw) : text(raw);
  try {
    return parseId(s);
  } catch {
    return null;
  }
}

/**
 * Document-update requests (spec 3 §2.6, §7):
 *
 * - `POST /email/notificar-documentos` `{ postulante: { Id | id, … }, documentos: string[], notas,
 *   usuarioId?, rol? }` → 200 `{ success: true, message, solicitudId, solicitud }` where `solicitud`
 *   is `{ id, postulanteId, documentos, comentario, solicitadoPor, solicitadoEn, expiraEn, cumplidaEn }`.
 *   Refusals: 400 (spec 3 §5 messages; `fields` paths `documentos` / `notas`), 404 'Candidato no
 *   encontrado', 422 with `codigo` 'no_registrado' (guest) or 'sin_email'.
 *
 * Extra (undocumented), the e-mail's signed link; every invalid link (unknown, expired, used, or
 * another account's) answers the same 404 'El enlace no es válido o ha expirado.':
 *
 * - `GET /internal/solicitudes-documentos/{token}?usuarioId=` → 200 `{ id, postulanteId, documentos,
 *   comentario, nombrePlaza, solicitadoEn, expiraEn, cumplida }`.
 * - `POST /internal/solicitudes-documentos/{token}/cumplir`, multipart: field `usuarioId` and one file part
 *   per requested key, named by the key (`curriculum`, `dpi` — also spelt `carta_presentacion`, one
 *   document —, `antecedentes_policiales`, `antecedentes_penales`) → 200 `{ success: true, message, solicitudId,
 *   postulanteId, documentos, cumplidaEn }`; 400 `{ success: false, message, fields: [{ path: key,
 *   message }] }` for a missing, unrequested, non-PDF or > 5 MB file.
 */
export function documentRequestRoutes(deps: PipelineDeps): Router {
  const router = Router();

  router.post('/email/notificar-documentos', async (req, res) => {
    const body = bodyOf(req);
    const p =
      body.postulante && typeof body.postulante === 'object' ? (body.postulante as Record<string, unknown>) : {};
    const rawId = pick(p, 'Id', 'id', 'ID');
    const candidateId = parseId(typeof rawId === 'number' ? String(rawId) : text(rawId));
    const outcome = await requests.requestDocuments(deps, {
      candidateId,
      documents: body.documentos,
      notes: body.notas,
      actor: actorOf(body, 2),
    });
    if (!outcome.ok) return refuse(res, outcome);
    res.json({
      success: true,
      message: requests.REQUEST_SENT,
      solicitudId: outcome.value.id,
      solicitud: outcome.value,
    });
  });

  router.get('/internal/solicitudes-documentos/:token', async (req, res) => {
    const userId = userIdOf(queryParam(req, 'usuarioId'));
    const view = userId === null ? null : await requests.viewRequest(deps, req.params.token, userId);
    if (!view) return refuse(res, requests.invalidLink());
    res.json(view);
  });

  router.post('/internal/solicitudes-documentos/:token/cumplir', async (req, res) => {
    // A refused page's staged files go at once, whatever refused it (an expired link too; issue 22).
    const named = stagedRefs(req.query.preparados)?.map((r) => r.id) ?? [];
    const refuseForm = async (to: Response, r: requests.Refusal) => {
      await releaseStaged(deps, named);
      refuse(to, r);
    };
    let form;
    try {
      form = await readForm(req, {
        // The 5 MB rule is checked per file with its own message; this only bounds the read.
        maxFileSize: MAX_FILE_BYTES + 2 * 1024 * 1024,
        maxFiles: 5,
        maxFieldsSize: 16 * 1024,
        maxFields: 10,
      });
    } catch (err) {
      if (!(err instanceof FormError)) throw err;
      if (err.reason === 'fileTooLarge')
        return refuseForm(res, {
          ok: false,
          status: 413,
          message: UPLOAD_RULES['requested-document'].tooLarge.message,
          fields: [{ path: 'documentos', message: UPLOAD_RULES['requested-document'].tooLarge.message }],
        });
      return refuseForm(res, { ok: false, status: 400, message: MESSAGES.badRequest, fields: [] });
    }
    const userId = userIdOf(form.fields.usuarioId?.[0]);
    if (userId === null || (form.fields.usuarioId?.length ?? 0) > 1) return refuseForm(res, requests.invalidLink());
    // Files staged when they were dropped on the page come as ids (files/staged.ts).
    const staged = await addStagedToForm(deps, form, req.query.preparados, (field) => documentKeyOf(field) !== null);
    if (!staged) return refuseForm(res, { ok: false, status: 400, message: MESSAGES.badRequest, fields: [] });
    if (staged.gone.length)
      return refuseForm(res, {
        ok: false,
        status: 400,
        message: STAGED_GONE,
        fields: staged.gone.map((path) => ({ path, message: STAGED_GONE })),
      });
    const outcome = await requests.fulfilRequest(
      deps,
      req.params.token,
      userId,
      form.files.map((file) => ({ field: file.field, file })),
    );
    if (!outcome.ok) return refuseForm(res, outcome);
    await releaseStaged(deps, staged.ids);
    res.json({
      success: true,
      message: requests.FULFILLED,
      solicitudId: outcome.value.id,
      postulanteId: outcome.value.postulanteId,
      documentos: outcome.value.documentos,
      cumplidaEn: outcome.value.cumplidaEn,
    });
  });

  return router;
}
