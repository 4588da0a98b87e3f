import { pipeline } from 'node:stream/promises';
import { FILE_MESSAGES, MAX_FILE_BYTES } from '@bolsa/domain';
import { Router, type Response } from 'express';
import type { Db } from '../db/database.js';
import { badRequest, HttpError, MESSAGES, notFound, parseId } from '../errors.js';
import { bodyOf } from '../input.js';
import { FormError, readForm } from '../multipart.js';
import { addStagedToForm, releaseStaged, STAGED_GONE, stagedRefs } from '../files/index.js';
import type { FileStore } from '../storage/index.js';
import * as profiles from './service.js';
import { fileContent, fileRecord, recordAccess } from './file-access.js';
import { markSeen, myApplications } from './my-applications.js';
import { eraseAccount, exportData } from './my-data.js';
import { isProfilePart, PROFILE_API_MESSAGES, PROFILE_PARTS } from './service.js';

const scopeOf = (raw: unknown): 'perfil' | 'postulacion' => {
  if (raw === 'perfil' || raw === 'postulacion') return raw;
  throw notFound(MESSAGES.fileNotFound);
};

/** A 400 in the api's ValidationFailed shape: `{ success: false, message, fields: [{ path, message }] }`. */
const refuseWith = (res: Response, status: number, message: string, fields: profiles.FieldIssue[] = []) =>
  void res.status(status).json({ success: false, message, fields });

/**
 * The candidate area (spec 1 §7): /PerfilCandidato/* and /mis-postulaciones, plus the internal
 * calls of the BFF's file route, 'Mis datos' export and account erasure. The BFF always names
 * the session's own user; the api answers only about the user named.
 */
export function profileRoutes(deps: { db: Db; files: FileStore }): Router {
  const router = Router();
  const { db } = deps;

  router.get('/PerfilCandidato/profile/:userId', async (req, res) => {
    const profile = await profiles.getProfile(db, parseId(req.params.userId));
    if (!profile) throw notFound(PROFILE_API_MESSAGES.userNotFound);
    res.json(profile);
  });

  router.get('/PerfilCandidato/foto/:userId', async (req, res) => {
    const url = await profiles.photoUrl(db, parseId(req.params.userId));
    if (!url) throw notFound(FILE_MESSAGES.fileNotFound);
    res.json({ url });
  });

  router.get('/PerfilCandidato/archivo/:userId/:dpi/:fileId', async (req, res) => {
    const userId = parseId(req.params.userId);
    const fileId = parseId(req.params.fileId);
    const dpi = req.params.dpi;
    // A wrong DPI and another candidate's file get the same answer as a missing one.
    const url = /^\d{13}$/.test(dpi) ? await profiles.documentUrl(db, userId, dpi, fileId) : null;
    if (!url) throw notFound(FILE_MESSAGES.fileNotFound);
    res.json({ url });
  });

  router.post('/PerfilCandidato/completar-perfil', async (req, res) => {
    // A refused form's staged files go at once, whatever refused it (issue 22); kept only on a 5xx,
    // when nothing was refused and the candidate tries again.
    const named = stagedRefs(req.query.preparados)?.map((r) => r.id) ?? [];
    const refuse = async (to: Response, status: number, message: string, fields: profiles.FieldIssue[] = []) => {
      await releaseStaged(deps, named);
      refuseWith(to, status, message, fields);
    };
    let form;
    try {
      form = await readForm(req, {
        // The 5 MB rule is checked per file with its own message; this only bounds the read.
        maxFileSize: MAX_FILE_BYTES + 2 * 1024 * 1024,
        maxFiles: 5,
        maxFieldsSize: 256 * 1024,
        maxFields: 40,
      });
    } catch (err) {
      if (!(err instanceof FormError)) throw err;
      if (err.reason === 'fileTooLarge')
        return refuse(res, 413, FILE_MESSAGES.documentTooLarge, [
          { path: 'documents', message: FILE_MESSAGES.documentTooLarge },
        ]);
      return refuse(res, err.reason === 'fieldsTooLarge' ? 413 : 400, MESSAGES.badRequest);
    }
    const fields: Record<string, string> = Object.create(null);
    for (const [k, v] of Object.entries(form.fields)) {
      if (v.length > 1) return refuse(res, 400, MESSAGES.badRequest);
      fields[k] = v[0] ?? '';
    }
    // Files staged when they were dropped on the form come as ids (files/staged.ts).
    const staged = await addStagedToForm(deps, form, req.query.preparados, isProfilePart);
    if (!staged) return refuse(res, 400, MESSAGES.badRequest);
    if (staged.gone.length)
      return refuse(
        res,
        400,
        STAGED_GONE,
        staged.gone.map((part) => ({
          path: isProfilePart(part) ? PROFILE_PARTS[part].path : part,
          message: STAGED_GONE,
        })),
      );
    const files = [];
    const seen = new Set<string>();
    for (const file of form.files) {
      if (!isProfilePart(file.field) || seen.has(file.field)) return refuse(res, 400, MESSAGES.badRequest);
      seen.add(file.field);
      files.push({ part: file.field, file });
    }
    let outcome;
    try {
      outcome = await profiles.saveProfile(deps, parseId(fields.UserId ?? ''), { fields, files });
    } catch (err) {
      // A malformed user id is refused too; a 5xx keeps the files for the next try.
      if (err instanceof HttpError && err.status < 500) await releaseStaged(deps, named);
      throw err;
    }
    if (outcome.ok) {
      await releaseStaged(deps, staged.ids);
      res.json({ success: true, message: PROFILE_API_MESSAGES.saved, perfil: outcome.profile });
      return;
    }
    if (outcome.kind === 'not-found') {
      await releaseStaged(deps, named);
      throw notFound(PROFILE_API_MESSAGES.userNotFound);
    }
    await refuse(res, 400, outcome.message, outcome.fields);
  });

  router.get('/mis-postulaciones/:userId', async (req, res) => {
    const list = await myApplications(db, parseId(req.params.userId));
    if (!list) throw new HttpError(404, PROFILE_API_MESSAGES.userNotFound, { success: false, postulaciones: [] });
    res.json({ success: true, postulaciones: list, message: PROFILE_API_MESSAGES.applications });
  });

  router.post('/internal/mis-postulaciones/:userId/vistas', async (req, res) => {
    const n = await markSeen(db, parseId(req.params.userId));
    if (n === null) throw new HttpError(404, PROFILE_API_MESSAGES.userNotFound, { success: false });
    res.json({ success: true, actualizadas: n });
  });

  // ─── Internal: the BFF's authorised file route, export and erasure ────────

  router.get('/internal/archivos-candidatos/:scope/:id', async (req, res) => {
    const record = await fileRecord(db, scopeOf(req.params.scope), parseId(req.params.id));
    if (!record) throw notFound(MESSAGES.fileNotFound);
    res.json(record);
  });

  router.get('/internal/archivos-candidatos/:scope/:id/contenido', async (req, res) => {
    const file = await fileContent(deps, scopeOf(req.params.scope), parseId(req.params.id));
    if (!file) throw notFound(MESSAGES.fileNotFound);
    res.setHeader('Content-Type', file.mime);
    res.setHeader('Content-Length', String(file.size));
    res.setHeader('Cache-Control', 'private, no-store');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    try {
      await pipeline(file.body, res);
    } catch (err) {
      // A client that goes away mid-download is not a server failure.
      if ((err as NodeJS.ErrnoException).code !== 'ERR_STREAM_PREMATURE_CLOSE') throw err;
    }
  });

  router.post('/internal/archivos-accesos', async (req, res) => {
    const body = bodyOf(req);
    const staff = body.usuarioId;
    const staffUserId = staff === null || staff === undefined || staff === '' ? null : parseId(String(staff));
    const token = body.tokenId;
    const tokenId = token === null || token === undefined || token === '' ? null : parseId(String(token));
    const scope = body.scope === 'perfil' || body.scope === 'postulacion' ? body.scope : null;
    if (!scope) throw badRequest();
    const id = await recordAccess(db, {
      staffUserId,
      tokenId,
      scope,
      fileId: parseId(String(body.archivoId ?? '')),
    });
    if (id === null) throw notFound(MESSAGES.fileNotFound);
    res.status(201).json({ success: true, id });
  });

  router.get('/internal/usuarios-candidatos/:userId/exportar', async (req, res) => {
    const data = await exportData(db, parseId(req.params.userId));
    if (!data) throw notFound(PROFILE_API_MESSAGES.userNotFound);
    res.setHeader('Cache-Control', 'private, no-store');
    res.json(data);
  });

  router.post('/internal/usuarios-candidatos/:userId/eliminar', async (req, res) => {
    const r = await eraseAccount(deps, parseId(req.params.userId));
    if (!r) throw notFound(PROFILE_API_MESSAGES.userNotFound);
    res.json({ success: true, message: PROFILE_API_MESSAGES.erased, postulaciones: r.applications });
  });

  return router;
}
