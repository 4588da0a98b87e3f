import { can } from '@bolsa/domain';
import { FILE_MESSAGES } from '@bolsa/domain';
import { Router } from 'express';
import type { Services } from '../context.js';
import { streamToResponse } from './stream-to-response.js';

/** Assessment files are private to staff (any staff role may download, spec 2 §6). */
export function testFilesRouter(services: Services): Router {
  const router = Router();
  router.get('/tests/:id', async (req, res) => {
    const viewer = await services.sessions.viewer(req, res);
    if (!viewer) return void res.status(401).json({ message: 'Debes iniciar sesión para continuar.' });
    if (!can(viewer.role, 'testTemplate.download'))
      return void res.status(403).json({ message: 'Tu rol no permite realizar esta acción.' });
    if (!/^\d+$/.test(req.params.id)) return void res.status(404).json({ message: FILE_MESSAGES.fileNotFound });
    try {
      const up = await services.files.testTemplateFile(req.params.id);
      const type = String(up.headers['content-type'] ?? '');
      if (up.statusCode !== 200 || type.includes('json')) {
        await up.body.dump();
        return void res.status(404).json({ message: FILE_MESSAGES.fileNotFound });
      }
      res.setHeader('Content-Type', type || 'application/octet-stream');
      res.setHeader('Content-Disposition', String(up.headers['content-disposition'] ?? 'attachment'));
      res.setHeader('Cache-Control', 'private, no-store');
      // Honours back-pressure, and a client that goes away stops the upstream read too.
      await streamToResponse(up.body, res);
    } catch {
      if (!res.headersSent) res.status(503).json({ message: 'No se pudo descargar' });
      else res.end();
    }
  });
  return router;
}
