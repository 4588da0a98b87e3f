import { readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type Plugin } from 'vite';
import { lazyChunkPreloads, staticGraph } from './scripts/lazy-chunk-preloads';

/** Where `vite` (dev) and `vite preview` send API calls; BFF_URL points them at another BFF. */
const bff = process.env.BFF_URL ?? 'http://127.0.0.1:4000';
// The BFF refuses cross-origin requests: keep the browser's Host so that its Origin matches.
const proxy = Object.fromEntries(
  ['/graphql', '/images', '/uploads', '/files', '/healthz'].map((p) => [p, { target: bff, changeOrigin: false }]),
);
const root = fileURLToPath(new URL('.', import.meta.url));
const generatedDocuments = fileURLToPath(new URL('src/gql/graphql.ts', import.meta.url));

/**
 * The client preset's `graphql()` looks documents up in one map of every operation of the app,
 * so any screen that used it shipped every other screen's queries too. Like the preset's Babel
 * optimiser (which Vite 8's oxc pipeline does not run), this rewrites each `graphql(`…`)` call
 * into an import of that one document. Each document is served as its own small module (cut
 * out of the generated graphql.ts), so it travels in the chunk of the screen that uses it
 * instead of one shared chunk holding them all.
 */
function typedDocumentImports(): Plugin {
  const call = /\bgraphql\(\s*`([^`]*)`\s*\)/g;
  const definition = /\b(query|mutation|subscription|fragment)\s+([A-Za-z_]\w*)/;
  const prefix = 'virtual:typed-document/';
  let cache: { mtimeMs: number; docs: Map<string, string> } | null = null;
  const documents = (): Map<string, string> => {
    const { mtimeMs } = statSync(generatedDocuments);
    if (cache?.mtimeMs !== mtimeMs) {
      const text = readFileSync(generatedDocuments, 'utf8');
      const docs = new Map<string, string>();
      for (const m of text.matchAll(/^export const (\w+) = (\{[\s\S]*?\}) as unknown as DocumentNode</gm)) {
        docs.set(m[1]!, m[2]!);
      }
      cache = { mtimeMs, docs };
    }
    return cache.docs;
  };
  return {
    name: 'bolsa:typed-document-imports',
    enforce: 'pre',
    resolveId(id) {
      return id.startsWith(prefix) ? `\0${id}` : null;
    },
    load(id) {
      if (!id.startsWith(`\0${prefix}`)) return null;
      const name = id.slice(prefix.length + 1);
      const json = documents().get(name);
      if (!json) throw new Error(`${name} is not in src/gql/graphql.ts: run npm run codegen`);
      return `export default ${json};`;
    },
    transform(code, id) {
      if (!/\/src\/.*\.tsx?$/.test(id) || id.includes('/src/gql/') || !code.includes('graphql(`')) return null;
      const imports = new Map<string, string>();
      const out = code.replace(call, (_m, source: string) => {
        const found = definition.exec(source);
        if (!found) throw new Error(`${id}: a graphql() document without an operation or fragment name`);
        const [, kind, name] = found;
        imports.set(kind === 'fragment' ? `${name}FragmentDoc` : `${name}Document`, `__doc_${name}`);
        return `__doc_${name}`;
      });
      const head = [...imports].map(([doc, local]) => `import ${local} from '${prefix}${doc}';`);
      const body = out.replace(/^import\s*\{\s*graphql\s*\}\s*from\s*['"][^'"]*\/gql['"];?\s*$/m, '');
      return { code: `${head.join('\n')}\n${body}`, map: null };
    },
  };
}

/**
 * main.tsx imports the app (src/app/start.tsx) only after the first frame, so that a prerendered
 * page paints before the app's script runs; this lists the app's modules in the HTML as
 * modulepreload links so that their download still starts with the page's, and its stylesheets
 * as ordinary ones.
 */
function preloadDeferredApp(): Plugin {
  return {
    name: 'bolsa:preload-deferred-app',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        const entry = ctx.chunk;
        if (!bundle || !entry) return;
        const app = Object.values(bundle).find(
          (c) => c.type === 'chunk' && c.facadeModuleId?.endsWith('/src/app/start.tsx'),
        );
        if (!app || app.type !== 'chunk' || !entry.dynamicImports.includes(app.fileName)) return;
        const files = staticGraph(bundle, app.fileName, staticGraph(bundle, entry.fileName));
        // The app's own stylesheets (CSS modules) block rendering as before: the prerendered page needs them.
        const css = [...files].flatMap((file) => {
          const c = bundle[file];
          return c?.type === 'chunk' ? [...(c.viteMetadata?.importedCss ?? [])] : [];
        });
        // No script is needed for the first paint: the HTML and the stylesheets go first.
        const lowPriority = html
          .replace(
            /<script type="module" crossorigin src=/g,
            '<script type="module" crossorigin fetchpriority="low" src=',
          )
          .replace(
            /<link rel="modulepreload" crossorigin href=/g,
            '<link rel="modulepreload" crossorigin fetchpriority="low" href=',
          );
        const tags = [
          ...css.map((file) => ({
            tag: 'link',
            attrs: { rel: 'stylesheet', crossorigin: true, href: `/${file}` },
            injectTo: 'head' as const,
          })),
          ...[...files].map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, fetchpriority: 'low', href: `/${file}` },
            injectTo: 'head' as const,
          })),
        ];
        return { html: lowPriority, tags };
      },
    },
  };
}

const lazyPreloads = lazyChunkPreloads();

/**
 * GraphiQL (/graphiql, served by the BFF when GRAPHIQL is on) is built on its own, after the app,
 * into the same dist/: a second entry of the app's build would share chunks with the public pages
 * (react-dom, tslib…), so that GraphiQL's dependencies (Monaco and its workers) could grow what
 * the board's first visit downloads and change its file names. Everything it needs — scripts,
 * the three Monaco web workers, styles and fonts — is emitted under dist/assets and served by us:
 * nothing is fetched from a CDN. `vite` (dev) serves graphiql.html from the app's own server.
 */
function separateGraphiqlBuild(): Plugin {
  let skip = false;
  return {
    name: 'bolsa:graphiql-build',
    apply: 'build',
    configResolved(config) {
      // Not for the prerender's SSR build, nor for this plugin's own build.
      skip = !!config.build.ssr || config.build.emptyOutDir === false;
    },
    async closeBundle() {
      if (skip) return;
      await build({
        configFile: false,
        root,
        logLevel: 'warn',
        plugins: [react()],
        build: {
          outDir: 'dist',
          emptyOutDir: false,
          copyPublicDir: false,
          // Monaco is large; it is a developer's page, loaded on demand, never by the board.
          chunkSizeWarningLimit: 4_000,
          rolldownOptions: { input: { graphiql: fileURLToPath(new URL('graphiql.html', import.meta.url)) } },
        },
      });
    },
  };
}

/**
 * Apollo Client 4's links run on rxjs. Its package's default export is the ES5 build, whose
 * classes go through tslib's helpers; its "es2015" export is the same code as classes — smaller
 * (the home page's first visit, docs/decisions/2026-11-26-home-page-javascript-floor.md) and
 * lighter on a cheap phone's CPU. Only `rxjs` itself is imported (by Apollo), so only it is mapped.
 */
const rxjsClasses = fileURLToPath(new URL('../node_modules/rxjs/dist/esm/index.js', import.meta.url));

export default defineConfig({
  root,
  // The prerendered pages (scripts/prerender.mjs) are built with this config too: the footer's
  // year in them is the year of the build, and the app's first render must show the same (SiteFooter).
  define: { 'import.meta.env.VITE_BUILD_YEAR': JSON.stringify(String(new Date().getFullYear())) },
  plugins: [typedDocumentImports(), react(), preloadDeferredApp(), lazyPreloads.plugin, separateGraphiqlBuild()],
  resolve: { alias: [{ find: /^rxjs$/, replacement: rxjsClasses }] },
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    modulePreload: { resolveDependencies: lazyPreloads.resolveDependencies },
    rolldownOptions: {
      // @bolsa/domain is pure functions and constants (no import-time effects that matter): let
      // the bundler drop the modules the web does not use, such as the zod rules of other screens.
      treeshake: {
        moduleSideEffects: [
          { test: /[\\/]domain[\\/]src[\\/]/, sideEffects: false },
          { test: /[\\/]src[\\/]gql[\\/]/, sideEffects: false },
          // A module of the operations a feature defines: only the documents a chunk uses travel in it.
          { test: /^\0virtual:typed-document\//, sideEffects: false },
        ],
      },
      input: { main: fileURLToPath(new URL('index.html', import.meta.url)) },
      output: {
        codeSplitting: {
          // Every page needs the router, Apollo Client and what it runs on (graphql-js, rxjs): one
          // chunk compresses better than the four or five shared chunks that automatic splitting
          // cuts them into as lazy routes come and go (+0.8 KB gzip on the first visit when the
          // recruiter's-desk routes arrived; docs/decisions/2026-11-26-home-page-javascript-floor.md).
          groups: [{ name: 'apollo', test: /node_modules[\\/](@apollo|graphql|react-router|rxjs|@wry|optimism)[\\/]/ }],
        },
      },
    },
  },
});
