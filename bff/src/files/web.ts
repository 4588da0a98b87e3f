import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import express, { Router, type NextFunction, type Request, type Response } from 'express';
import { ORGANISATION_NAME, isOpenForApplications, jobPosting, jsonForScript } from '@bolsa/domain';
import type { Services } from '../context.js';
import { imageUrl } from '../normalise/vacancy.js';
import { resolvePlace } from '../normalise/place.js';

const ENCODINGS = { br: '.br', gzip: '.gz' } as const;
const TEXT_ASSET = /\.(js|mjs|css|svg|json|txt|map|webmanifest)$/;

/**
 * Serves the .br or .gz file the build wrote next to a text asset (web/scripts/precompress.mjs)
 * when the browser accepts it; anything else falls through to express.static.
 */
function precompressed(dist: string) {
  const exists = new Map<string, boolean>();
  const has = (file: string) => {
    let known = exists.get(file);
    if (known === undefined) exists.set(file, (known = existsSync(file)));
    return known;
  };
  return (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !TEXT_ASSET.test(req.path)) return next();
    const file = path.join(dist, decodeURIComponent(req.path));
    if (!file.startsWith(dist + path.sep)) return next();
    const encoding = req.acceptsEncodings('br', 'gzip');
    if (encoding !== 'br' && encoding !== 'gzip') return next();
    const variant = file + ENCODINGS[encoding];
    if (!has(variant)) return next();
    res.setHeader('Content-Encoding', encoding);
    res.setHeader('Vary', 'Accept-Encoding');
    res.type(path.extname(file));
    res.setHeader(
      'Cache-Control',
      req.path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
    );
    res.sendFile(variant, (err) => err && next(err));
  };
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * Serves the built SPA: hashed assets cached for a year, index.html never cached, and every
 * other path answered with index.html (client-side routes). A vacancy page (/vacantes/{id})
 * gets its title and schema.org JobPosting in the HTML itself, for crawlers that run no script.
 */
export function webRouter(dist: string, services: Services): Router {
  const router = Router();
  const indexFile = path.join(dist, 'index.html');
  let cached = { mtimeMs: 0, html: '' };
  // Re-read after a rebuild (new asset hashes) instead of serving a page whose scripts are gone.
  const indexHtml = () => {
    const { mtimeMs } = statSync(indexFile);
    if (mtimeMs !== cached.mtimeMs) cached = { mtimeMs, html: readFileSync(indexFile, 'utf8') };
    return cached.html;
  };
  router.use(precompressed(dist));
  router.use(
    '/assets',
    express.static(path.join(dist, 'assets'), { immutable: true, maxAge: '1y', index: false, fallthrough: false }),
  );
  router.use(express.static(dist, { index: false, maxAge: '1h' }));

  router.get('/vacantes/:id', async (req, res, next) => {
    try {
      const v = await services.vacancies.get(req.params.id);
      if (!v || !isOpenForApplications(v)) return next();
      const place = await resolvePlace(v, services.catalogue);
      const origin = `${req.protocol}://${req.get('host')}`;
      const ld = jobPosting(
        {
          name: v.name,
          description: v.description,
          publishedAt: v.publishedAt,
          endsAt: v.endsAt,
          branchName: v.branchName,
          municipalityName: place.municipality?.name ?? null,
          departmentName: place.departmentName,
          place: place.text,
          imageUrl: imageUrl(v),
        },
        ORGANISATION_NAME,
        origin,
      );
      const head =
        `<title>${escapeHtml(v.name)} · ${ORGANISATION_NAME}</title>` +
        `<meta name="description" content="${escapeHtml((v.description ?? v.name).slice(0, 160))}">` +
        `<script type="application/ld+json">${jsonForScript(ld)}</script>`;
      res
        .type('html')
        .setHeader('Cache-Control', 'no-cache')
        .send(
          indexHtml()
            .replace(/<title>[^<]*<\/title>/, '')
            .replace('</head>', `${head}</head>`),
        );
    } catch {
      next();
    }
  });

  router.get('/{*path}', (req, res, next) => {
    if (req.method !== 'GET' || !req.accepts('html')) return next();
    res.type('html').setHeader('Cache-Control', 'no-cache').send(indexHtml());
  });
  return router;
}
