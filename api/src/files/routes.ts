import { pipeline } from 'node:stream/promises';
import { Router } from 'express';
import { badRequest, MESSAGES, notFound } from '../errors.js';
import { isPrivateKey, isSafeKey, type FileStore } from '../storage/index.js';

export function fileRoutes(files: FileStore): Router {
  const router = Router();

  router.get('/archivos/*key', async (req, res) => {
    // Express 5 hands the wildcard over as decoded segments; '%2F' inside one would smuggle a slash.
    const segments = (req.params as { key?: string[] }).key ?? [];
    if (segments.some((s) => s.includes('/'))) throw badRequest();
    const key = segments.join('/');
    if (!isSafeKey(key)) throw badRequest();
    // Candidate documents and uploads in flight are never served by key, even to the BFF.
    if (isPrivateKey(key)) throw notFound(MESSAGES.fileNotFound);
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
