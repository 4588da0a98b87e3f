// Writes dist/prerendered/{home,vacantes}.html: index.html with the markup of / and /vacantes as an
// anonymous visitor first sees them, for the app to hydrate (src/prerender.tsx, built for Node into
// node_modules/.prerender). The BFF sends these to a browser without a session cookie (bff/src/files/web.ts); see
// docs/decisions/2026-11-23-prerendered-public-pages.md.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';

const web = path.resolve(import.meta.dirname, '..');
const dist = path.join(web, 'dist');
const out = path.join(web, 'node_modules/.prerender');
export const PAGES = { home: '/', vacantes: '/vacantes' };

rmSync(out, { recursive: true, force: true });
await build({
  root: web,
  configFile: path.join(web, 'vite.config.ts'),
  logLevel: 'warn',
  build: {
    ssr: 'src/prerender.tsx',
    outDir: out,
    emptyOutDir: true,
    copyPublicDir: false,
    rolldownOptions: { input: path.join(web, 'src/prerender.tsx') },
  },
});
const { render } = await import(pathToFileURL(path.join(out, 'prerender.js')).href);
const index = readFileSync(path.join(dist, 'index.html'), 'utf8');
const root = '<div id="root"></div>';
if (!index.includes(root)) throw new Error('prerender: index.html has no empty <div id="root"></div>');
/** The element after the copy that the browser waits for before drawing the page (below). */
const COPY_END = 'fin-de-la-copia';
if (!index.includes(`${root}\n    <noscript>`))
  throw new Error('prerender: index.html has no <noscript> right after #root');
mkdirSync(path.join(dist, 'prerendered'), { recursive: true });
for (const [name, url] of Object.entries(PAGES)) {
  // The copy is #root's content itself, nothing around it, for start.tsx to hydrate. #root is
  // `inert` until then: a tap or a key before the app has run would be lost (the button would
  // answer nothing). start.tsx lifts it as it starts hydrating: from then on React takes any event
  // and first adopts the part of the page it lands in.
  const html = index
    // The page is already drawn: the app's modules are fetched when main.tsx imports them after the
    // first paint, not preloaded beside the HTML (on a slow phone link they competed with the
    // page's own stylesheet and image for the first seconds).
    .replace(/\s*<link rel="modulepreload" crossorigin fetchpriority="low" href="[^"]*">/g, '')
    .replace('<html lang="es">', '<html lang="es" data-mantine-color-scheme="light">')
    // No frame is drawn from half the copy: on a busy phone the parser can yield in the middle of
    // the header, and a half-parsed 'Regístrate / Iniciar Sesion' button (its label not yet there)
    // was painted, then grew and moved the links beside it: a layout shift (CI of stop 38).
    // Chromium (124+) draws nothing until the element named by rel=expect is in the document, and
    // it lets go as soon as that element's start tag is parsed: the mark is the <noscript> after
    // #root, not #root itself. Other browsers ignore the hint.
    .replace('</title>', `</title>\n    <link rel="expect" href="#${COPY_END}" blocking="render" />`)
    .replace(`${root}\n    <noscript>`, `${root}\n    <noscript id="${COPY_END}">`)
    .replace(root, () => `<div id="root" data-prerendered="anonymous" inert>${render(url)}</div>`);
  writeFileSync(path.join(dist, 'prerendered', `${name}.html`), html);
}
console.log(`prerender: ${Object.values(PAGES).join(', ')}`);
