import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import express, { Router, type NextFunction, type Request, type Response } from 'express';
import { ORGANISATION_NAME, isOpenForApplications, jobPosting, jsonForScript, routeRule } from '@bolsa/domain';
import { cookieValue, SESSION_COOKIE } from '../auth/session.js';
import type { Services } from '../context.js';
import { imageUrl } from '../normalise/vacancy.js';
import { resolvePlace } from '../normalise/place.js';
import { escapeHtml } from '../message-page.js';
import { markRoute } from '../observability/index.js';

const ENCODINGS = { br: '.br', gzip: '.gz' } as const;
const TEXT_ASSET = /\.(js|mjs|css|svg|json|txt|map|webmanifest)$/;

/** Every file under `dir`, as URL paths ('/assets/x.js'). */
function listFiles(dir: string, prefix = ''): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const rel = `${prefix}/${e.name}`;
    if (e.isDirectory()) out.push(...listFiles(path.join(dir, e.name), rel));
    else if (e.isFile()) out.push(rel);
  }
  return out;
}

/** A request path decoded, or null when its percent-encoding is broken ('/%E0%A4%A.js'). */
export function decodePath(p: string): string | null {
  try {
    return decodeURIComponent(p);
  } catch {
    return null;
  }
}

/**
 * Serves the .br or .gz file the build wrote next to a text asset (web/scripts/precompress.mjs)
 * when the browser accepts it; anything else falls through to express.static. The set of
 * variants is read from the disk once per build (`built()`), so no request path is ever
 * remembered: a cache keyed by what clients ask for grows without bound.
 */
function precompressed(dist: string, built: () => ReadonlySet<string>) {
  return (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !TEXT_ASSET.test(req.path)) return next();
    const rel = decodePath(req.path);
    if (rel === null) return void res.status(400).json({ message: 'Solicitud inválida.' });
    const encoding = req.acceptsEncodings('br', 'gzip');
    if (encoding !== 'br' && encoding !== 'gzip') return next();
    const variant = rel + ENCODINGS[encoding];
    if (!built().has(variant)) return next();
    res.setHeader('Content-Encoding', encoding);
    res.setHeader('Vary', 'Accept-Encoding');
    res.type(path.extname(rel));
    res.setHeader(
      'Cache-Control',
      req.path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
    );
    res.sendFile(path.join(dist, variant), (err) => err && next(err));
  };
}

/** Paths that are never pages: the BFF's own endpoints, operations' names, files, hidden files. */
const NOT_A_PAGE =
  /^\/(api|graphql|graphiql|files|uploads|images|reports|assets|metrics|livez|readyz|healthz|internal|__test)(\/|$)/i;
const FILE_LIKE = /(^|\/)[^/]*\.[^/]*$/;
/** The vacancy pages of web/src/app/router.tsx that the domain's route table leaves to the board. */
const VACANCY_PAGES: [RegExp, string][] = [
  [/^\/vacantes\/[^/]+\/?$/, '/vacantes/:id'],
  [/^\/vacantes\/[^/]+\/postular\/?$/, '/vacantes/:id/postular'],
];

/** The page pattern of a path the SPA's route table knows ('/panel/detallecandidato/:id'), or null. */
export function pagePattern(pathname: string): string | null {
  const rule = routeRule(pathname);
  if (rule) return rule.path;
  return VACANCY_PAGES.find(([re]) => re.test(pathname))?.[1] ?? null;
}

/**
 * Which GET answers the SPA's HTML (the rule of the public port; everything else is a real 404):
 * - never a path under the BFF's own endpoints or operations' names (/graphql/x, /api/…, /metrics,
 *   /livez…) nor a hidden file ('/.env');
 * - a page of the route table (domain ROUTES, the vacancy pages): to any client that accepts HTML,
 *   curl's default (any type) included: 'page', status 200;
 * - never anything else with a dot in its last segment ('/x.js', '/wp-login.php');
 * - any other path: only to a browser, whose Accept names text/html; the SPA then shows its own
 *   not-found handling (home for that visitor), with status 404: 'unknown-page'.
 */
export function spaAnswer(
  pathname: string,
  accept: string | undefined,
  acceptsHtml: boolean,
): 'page' | 'unknown-page' | null {
  if (NOT_A_PAGE.test(pathname) || /\/\./.test(pathname)) return null;
  if (pagePattern(pathname)) return acceptsHtml ? 'page' : null;
  if (FILE_LIKE.test(pathname)) return null;
  return /\btext\/html\b/i.test(accept ?? '') ? 'unknown-page' : null;
}

/**
 * JSON inside <script>: besides what jsonForScript escapes ('<', U+2028/2029), '>' and '&' too,
 * so no text in a vacancy can close the element or be read as markup by an HTML parser.
 */
const scriptJson = (value: unknown) => jsonForScript(value).replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');

/** dist/prerendered/{name}.html, re-read when the build changes it; null when the build has none. */
function prerenderedPages(dist: string): (name: 'home' | 'vacantes') => string | null {
  const cache = new Map<string, { mtimeMs: number; html: string }>();
  return (name) => {
    const file = path.join(dist, 'prerendered', `${name}.html`);
    let mtimeMs: number;
    try {
      mtimeMs = statSync(file).mtimeMs;
    } catch {
      return null;
    }
    const hit = cache.get(name);
    if (hit?.mtimeMs === mtimeMs) return hit.html;
    const html = readFileSync(file, 'utf8');
    cache.set(name, { mtimeMs, html });
    return html;
  };
}

/**
 * Serves the built SPA: hashed assets cached for a year, index.html never cached, and every
 * other path answered with index.html (client-side routes). A vacancy page (/vacantes/{id})
 * gets its title and schema.org JobPosting in the HTML itself, for crawlers that run no script.
 */
export function webRouter(dist: string, services: Services): Router {
  const router = Router();
  const indexFile = path.join(dist, 'index.html');
  let cached = { mtimeMs: 0, html: '', files: new Set<string>() };
  // Re-read after a rebuild (new asset hashes) instead of serving a page whose scripts are gone.
  const current = () => {
    const { mtimeMs } = statSync(indexFile);
    if (mtimeMs !== cached.mtimeMs)
      cached = { mtimeMs, html: readFileSync(indexFile, 'utf8'), files: new Set(listFiles(dist)) };
    return cached;
  };
  const indexHtml = () => current().html;
  const prerendered = prerenderedPages(dist);
  // A prerendered page goes only to a browser without a session cookie (who is logged in is unknown
  // here, and their bar differs), asking for HTML, without a query string (the copy has no filter).
  const anonymousCopy = (req: Request, name: 'home' | 'vacantes') =>
    !req.accepts('html') || cookieValue(req, SESSION_COOKIE) !== null || req.originalUrl.includes('?')
      ? null
      : prerendered(name);
  const boardCopy = (req: Request) => anonymousCopy(req, 'vacantes');
  router.use(precompressed(dist, () => current().files));
  // GraphiQL is its own route (/graphiql), gated by GRAPHIQL; its built page is not a static file.
  router.use((req, res, next) => {
    if (/^\/graphiql\.html$/i.test(decodePath(req.path) ?? '')) {
      return void res.status(404).json({ message: 'GraphiQL no está disponible.' });
    }
    next();
  });
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
        `<script type="application/ld+json">${scriptJson(ld)}</script>`;
      // A browser without a session gets the board's copy, the detail opening over it once the app
      // has adopted it (web: VacancyDetailRoute): a shared link paints before any script has run.
      const copy = boardCopy(req);
      if (copy !== null) res.setHeader('Vary', 'Cookie');
      // Function replacers: a string replacement would read `$'`, `$\`` and `$&` in a vacancy's
      // name as patterns and paste parts of the page into it.
      res
        .type('html')
        .setHeader('Cache-Control', 'no-cache')
        .send(
          (copy ?? indexHtml())
            .replace(/<title>[^<]*<\/title>/, () => '')
            .replace(/<meta\s+name="description"[^>]*>/, () => '')
            .replace('</head>', () => `${head}</head>`),
        );
    } catch {
      next();
    }
  });

  // The public board's two pages as an anonymous visitor first sees them (web/scripts/prerender.mjs):
  // their hero paints from the HTML, before any script. Only without a session cookie (who is
  // logged in is unknown here, and their bar differs) and without a query string. A shared
  // application link is the board with the form over it: the board's copy paints at once, and the
  // form opens once the app has adopted it (web: ApplicationRoute).
  router.get(['/', '/vacantes', '/vacantes/:id/postular'], (req, res, next) => {
    const html = anonymousCopy(req, req.path === '/' ? 'home' : 'vacantes');
    if (html === null) return next();
    markRoute(req, req.path === '/' ? '/' : req.path === '/vacantes' ? '/vacantes' : '/vacantes/:id/postular');
    res.type('html').setHeader('Cache-Control', 'no-cache').setHeader('Vary', 'Cookie').send(html);
  });

  router.get('/{*path}', (req, res, next) => {
    const pathname = decodePath(req.path);
    const answer = pathname === null ? null : spaAnswer(pathname, req.get('accept'), !!req.accepts('html'));
    if (!answer) return next();
    markRoute(req, answer === 'page' ? pagePattern(pathname!)! : '(unknown page)');
    res
      .status(answer === 'page' ? 200 : 404)
      .type('html')
      .setHeader('Cache-Control', 'no-cache')
      .send(indexHtml());
  });
  return router;
}
