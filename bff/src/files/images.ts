import { Router } from 'express';
import type { Services } from '../context.js';
import { UpstreamHttpError } from '../upstream/http.js';
import { streamToResponse } from './stream-to-response.js';

/** Keys the api writes are 'plazas/<uuid>(-card).webp'; anything longer cannot exist. */
const SAFE_KEY = /^plazas\/[A-Za-z0-9._-]{1,200}$/;

/**
 * Public vacancy images, streamed from the api's file store. Only keys under `plazas/` are
 * reachable: candidate documents are never served here. Keys are content-unique, so images
 * are cached for a year.
 */
export function imagesRouter({ files }: Pick<Services, 'files'>): Router {
  const router = Router();
  router.get('/*key', async (req, res) => {
    const key = (req.params as { key: string[] }).key.join('/');
    if (!SAFE_KEY.test(key) || key.includes('..')) {
      res.status(404).json({ message: 'Imagen no encontrada' });
      return;
    }
    try {
      let up = await files.vacancyImage(key);
      if (up.statusCode === 404 && key.endsWith('-card.webp')) {
        // Images stored before card variants existed have only the full-size file.
        await up.body.dump();
        up = await files.vacancyImage(key.replace(/-card\.webp$/, '.webp'));
      }
      if (up.statusCode !== 200) {
        await up.body.dump();
        // Any refusal of the key (4xx) is a missing image; only the api failing is the gateway's.
        const missing = up.statusCode >= 400 && up.statusCode < 500;
        res.status(missing ? 404 : 502).json({ message: 'Imagen no encontrada' });
        return;
      }
      const type = String(up.headers['content-type'] ?? 'application/octet-stream');
      if (!/^image\/(webp|png|jpeg|gif|avif)/.test(type)) {
        await up.body.dump();
        res.status(404).json({ message: 'Imagen no encontrada' });
        return;
      }
      res.setHeader('Content-Type', type);
      if (up.headers['content-length']) res.setHeader('Content-Length', String(up.headers['content-length']));
      res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      // Honours back-pressure, and a client that goes away stops the upstream read too.
      await streamToResponse(up.body, res);
    } catch (err) {
      if (!res.headersSent) {
        const status = err instanceof UpstreamHttpError ? err.status : 503;
        res.status(status === 404 ? 404 : 503).json({ message: 'Imagen no disponible' });
      } else res.end();
    }
  });
  return router;
}
