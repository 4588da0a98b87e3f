import { can } from '@bolsa/domain';
import { Readable } from 'node:stream';
import { FILE_MESSAGES } from '@bolsa/domain';
import { Router, type Request, type Response } from 'express';
import { ZipFile } from 'yazl';
import type { Services } from '../context.js';
import type { FileScope } from '../upstream/profiles.js';
import { messagePage, wantsPage } from '../message-page.js';
import { streamToResponse } from './stream-to-response.js';

const NOT_FOUND = { message: FILE_MESSAGES.fileNotFound };
const DOWNLOAD_FAILED = { message: FILE_MESSAGES.downloadFailed };

/** A tab opened by 'Ver' (spec 1 §8): the refusal as a page in Spanish, not as JSON. */
function refusalPage(status: 404 | 503): string {
  return messagePage({
    title: status === 404 ? FILE_MESSAGES.openFailedTitle : FILE_MESSAGES.openError,
    lines: [
      status === 404
        ? `${FILE_MESSAGES.fileNotFound}.`
        : `${FILE_MESSAGES.downloadFailed}. Intenta de nuevo más tarde.`,
      'Puedes cerrar esta pestaña.',
    ],
  });
}

/** 404 or 503: a page for a browser tab, the JSON message for everything else. */
function refuse(req: Request, res: Response, status: 404 | 503): void {
  if (wantsPage((types) => req.accepts(types))) res.status(status).type('html').send(refusalPage(status));
  else res.status(status).json(status === 404 ? NOT_FOUND : DOWNLOAD_FAILED);
}

/** A name safe in a header and in a zip: no separators, quotes or control characters. */
const safeName = (raw: string) =>
  raw
    .replace(/[\\/"]|\p{Cc}/gu, '_')
    .replace(/^\.+/, '')
    .slice(0, 120) || 'archivo';

function contentDisposition(name: string): string {
  const safe = safeName(name);
  const ascii = safe.normalize('NFD').replace(/[^\x20-\x7e]/g, '_');
  return `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(safe)}`;
}

const privateHeaders = (res: Response) => {
  res.setHeader('Cache-Control', 'private, no-store');
  res.setHeader('X-Content-Type-Options', 'nosniff');
};

/**
 * GET /files/candidatos/{perfil|postulacion}/{id}: a candidate's document or photo, streamed only
 * to its owner (role 4, their own file) or to staff roles 1–3; each staff opening is recorded in
 * archivos_accesos before a byte leaves. Everything else is a 404 that does not tell whether the
 * file exists. GET /files/mis-datos/{token}: the 'Mis datos' archive (datos.json + files), streamed.
 */
export function candidateFilesRouter(services: Services): Router {
  const router = Router();

  router.get('/candidatos/:scope/:id', async (req, res) => {
    privateHeaders(res);
    const viewer = await services.sessions.viewer(req, res);
    const scope = req.params.scope;
    if (!viewer || (scope !== 'perfil' && scope !== 'postulacion') || !/^\d{1,10}$/.test(req.params.id))
      return refuse(req, res, 404);
    const id = req.params.id;
    try {
      const owner = await services.profiles.fileOwner(scope, id);
      const isOwner =
        viewer.kind === 'CANDIDATE' &&
        can(viewer.role, 'candidate.ownProfile') &&
        !!owner &&
        owner.ownerUserId === viewer.id;
      const isStaff = viewer.kind !== 'CANDIDATE' && can(viewer.role, 'candidate.view');
      if (!owner || !(isOwner || isStaff)) return refuse(req, res, 404);
      // No trace, no file: a staff opening that cannot be logged is not served.
      // Staff by their account, an API token by its id (named in the timeline).
      const by = viewer.kind === 'STAFF' || viewer.kind === 'INTEGRATION' ? viewer.id : null;
      if (isStaff && !(await services.profiles.recordAccess(by, scope, id))) return refuse(req, res, 503);
      const up = await services.profiles.fileContent(scope, id);
      if (up.statusCode !== 200) {
        await up.body.dump();
        return refuse(req, res, 404);
      }
      // The api's type: a photo is served re-encoded as JPEG whatever it was stored as.
      const served = up.headers['content-type'];
      res.setHeader(
        'Content-Type',
        typeof served === 'string' && served.startsWith('image/') ? served : owner.file.mimeType,
      );
      const length = up.headers['content-length'];
      if (typeof length === 'string') res.setHeader('Content-Length', length);
      res.setHeader('Content-Disposition', contentDisposition(owner.file.name));
      await streamToResponse(up.body, res);
    } catch {
      if (!res.headersSent) refuse(req, res, 503);
      else res.destroy();
    }
  });

  router.get('/mis-datos/:token', async (req, res) => {
    privateHeaders(res);
    const viewer = await services.sessions.viewer(req, res);
    if (!viewer || viewer.kind !== 'CANDIDATE' || !(await services.dataExports.redeem(req.params.token, viewer.id)))
      return void res.status(404).json(NOT_FOUND);
    try {
      const exported = await services.profiles.exportData(viewer.id);
      if (!exported) return void res.status(404).json(NOT_FOUND);
      const zip = new ZipFile();
      zip.addBuffer(Buffer.from(JSON.stringify(exported.data, null, 2), 'utf8'), 'datos.json');
      const used = new Set<string>();
      for (const f of exported.files) {
        let name = `archivos/${f.scope}-${f.id}-${safeName(f.kind)}-${safeName(f.name)}`;
        while (used.has(name)) name = `${name}_`;
        used.add(name);
        // Fetched one at a time, when the zip reaches it: never the whole archive in memory.
        zip.addReadStreamLazy(name, { compress: false }, (cb) => {
          services.profiles
            .fileContent(f.scope as FileScope, f.id)
            .then(async (up) => {
              if (up.statusCode !== 200) {
                await up.body.dump();
                cb(null, Readable.from([]));
                return;
              }
              cb(null, up.body);
            })
            .catch((err: unknown) => cb(err, Readable.from([])));
        });
      }
      zip.end();
      res.setHeader('Content-Type', 'application/zip');
      res.setHeader('Content-Disposition', 'attachment; filename="mis-datos.zip"');
      await streamToResponse(zip.outputStream as Readable, res);
    } catch {
      if (!res.headersSent) res.status(503).json(DOWNLOAD_FAILED);
      else res.destroy();
    }
  });

  return router;
}
