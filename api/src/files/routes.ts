import { pipeline } from 'node:stream/promises';
import { FILE_MESSAGES, UPLOAD_RULES } from '@bolsa/domain';
import { Router } from 'express';
import { badRequest, HttpError, MESSAGES, notFound } from '../errors.js';
import { isOverlongKey, isPrivateKey, isSafeKey } from '../storage/index.js';
import { isStagingKind, releaseStaged, stageFile, STAGING_KINDS, type StagedDeps } from './staged.js';

export function fileRoutes(deps: StagedDeps): Router {
  const { files } = deps;
  const router = Router();

  /**
   * Internal (the BFF): a candidate's file dropped on a form, streamed into the store as it
   * arrives (files/staged.ts). The body is the file's bytes; `tipo` is documento (PDF) or foto
   * (JPEG/PNG), `nombre` the name to show.
   */
  router.post('/internal/archivos-preparados', async (req, res) => {
    const kind = req.query.tipo;
    const name = typeof req.query.nombre === 'string' ? req.query.nombre : '';
    const user = req.query.usuarioId;
    if (user !== undefined && (typeof user !== 'string' || !/^[1-9]\d{0,9}$/.test(user))) throw badRequest();
    if (!isStagingKind(kind) || name.length > 255 || req.is('application/json')) throw badRequest();
    const r = await stageFile(deps, req, kind, name, user === undefined ? null : Number(user));
    if (r.ok) {
      res.status(201).json({ id: r.id, tipo: r.kind, tamano: r.size });
      return;
    }
    const rule = UPLOAD_RULES[STAGING_KINDS[kind]];
    if (r.reason === 'tooLarge') throw new HttpError(413, rule.tooLarge.message);
    if (r.reason === 'type') throw new HttpError(415, rule.invalid.message);
    if (r.reason === 'pixels') throw new HttpError(422, FILE_MESSAGES.imageTooManyPixels);
    if (r.reason === 'unreadable') throw new HttpError(422, FILE_MESSAGES.imageUnreadable);
    // Empty, or the sender went away mid-file (then nobody reads the answer).
    throw new HttpError(400, FILE_MESSAGES.noFile);
  });

  /** Internal: a staged file the BFF will not use after all (its upload request was refused). */
  router.post('/internal/archivos-preparados/:id/eliminar', async (req, res) => {
    if (!/^[0-9a-f-]{36}$/.test(req.params.id)) throw badRequest();
    await releaseStaged(deps, [req.params.id]);
    res.json({ success: true });
  });

  router.get('/internal/archivos/*key', async (req, res) => {
    // Express 5 hands the wildcard over as decoded segments; '%2F' inside one would smuggle a slash.
    const segments = (req.params as { key?: string[] }).key ?? [];
    if (segments.some((s) => s.includes('/'))) throw badRequest();
    const key = segments.join('/');
    // A key climbing out of the store is a bad request; one merely too long to exist is a missing
    // file (never the disk's ENAMETOOLONG as a 500), like a private one: candidate documents and
    // uploads in flight are never served by key, even to the BFF.
    if (!isSafeKey(key) && !isOverlongKey(key)) throw badRequest();
    if (!isSafeKey(key) || isPrivateKey(key)) throw notFound(MESSAGES.fileNotFound);
    const file = await files.open(key);
    if (!file) throw notFound(MESSAGES.fileNotFound);
    res.setHeader('Content-Type', file.contentType);
    res.setHeader('Content-Length', String(file.size));
    res.setHeader('Cache-Control', 'private, max-age=0');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    try {
      await pipeline(file.body, res);
    } catch (err) {
      // A client that goes away mid-download is not a server failure.
      if ((err as NodeJS.ErrnoException).code !== 'ERR_STREAM_PREMATURE_CLOSE') throw err;
    }
  });

  return router;
}
