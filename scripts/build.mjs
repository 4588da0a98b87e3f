#!/usr/bin/env node
// `npm run build`: everything production runs, compiled.
//   1. codegen (skipped when schema and documents are unchanged: scripts/codegen.mjs);
//   2. api and bff bundled to JavaScript by esbuild: api/dist/index.js, api/dist/cli/*.js,
//      bff/dist/index.js (+ source maps) and bff/dist/persisted-documents.json (the web's
//      registered operations, codegen's manifest). @bolsa/domain and @bolsa/observability are inlined (their
//      package exports point at the TypeScript sources that dev and tests use); every other package
//      stays an import, resolved from node_modules at run time, and must be a production dependency
//      of that workspace or of an inlined one — the build fails otherwise (docs/decisions/2026-11-26-build-and-runtime.md);
//   3. the web (vite build, prerender, precompress), skipped when its inputs are unchanged.
// The Dockerfile's build stage and scripts/production-path.mjs run this same script.
//
//   node scripts/build.mjs [--force] [--server] [--web]   (no target flag: both)
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { codegen } from './codegen.mjs';
import { fingerprint, recordStamp, root, upToDate } from './lib/fingerprint.mjs';

/** The Node version the bundles are written for: the oldest we still run (development on 20.19). */
const TARGET = 'node20.19';
/** Our shared workspaces, bundled into the api and the bff: package name → folder. */
export const INLINED = new Map([
  ['@bolsa/domain', 'domain'],
  ['@bolsa/observability', 'observability'],
]);
const isInlined = (specifier) => INLINED.has(packageOf(specifier));

const readJson = (file) => JSON.parse(readFileSync(path.join(root, file), 'utf8'));

/** A bare import's package name: 'pg', '@aws-sdk/client-s3', 'kysely/migration' → 'kysely'. */
export const packageOf = (specifier) =>
  specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0];

/**
 * Entry points of a workspace: src/index.ts, every src/cli/*.ts (one-off commands such as
 * create-admin) and every src/<area>/*.thread.ts (worker threads the process starts by file, e.g.
 * api/dist/cv-text/pdf-text.thread.js).
 */
export function entriesOf(workspace) {
  const entries = [path.join(workspace, 'src/index.ts')];
  const src = path.join(root, workspace, 'src');
  const cli = path.join(src, 'cli');
  if (existsSync(cli))
    for (const f of readdirSync(cli).sort()) if (f.endsWith('.ts')) entries.push(path.join(workspace, 'src/cli', f));
  for (const area of readdirSync(src, { withFileTypes: true }).filter((d) => d.isDirectory()))
    for (const f of readdirSync(path.join(src, area.name)).sort())
      if (f.endsWith('.thread.ts')) entries.push(path.join(workspace, 'src', area.name, f));
  return entries;
}

async function buildServer(workspace) {
  const { build } = await import('esbuild');
  const builtins = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);
  const allowed = new Set(
    [workspace, ...INLINED.values()].flatMap((w) => Object.keys(readJson(`${w}/package.json`).dependencies ?? {})),
  );
  const imported = new Map(); // package → first importer
  const externals = {
    name: 'bolsa:packages-external',
    setup(b) {
      b.onResolve({ filter: /^[^./]/ }, (args) => {
        if (isInlined(args.path)) return undefined;
        if (builtins.has(args.path)) return { path: args.path, external: true };
        const name = packageOf(args.path);
        if (!imported.has(name)) imported.set(name, path.relative(root, args.importer));
        return { path: args.path, external: true };
      });
    },
  };
  const outdir = path.join(root, workspace, 'dist');
  rmSync(outdir, { recursive: true, force: true });
  await build({
    absWorkingDir: root,
    entryPoints: entriesOf(workspace),
    outbase: path.join(workspace, 'src'),
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: TARGET,
    sourcemap: 'linked',
    sourcesContent: false,
    tsconfig: path.join(workspace, 'tsconfig.json'),
    plugins: [externals],
    logLevel: 'warning',
  });
  const undeclared = [...imported].filter(([name]) => !allowed.has(name));
  if (undeclared.length) {
    throw new Error(
      `${workspace}: imports packages that are not production dependencies of ${workspace}/ or ${[...INLINED.values()].join('/, ')}/ ` +
        `(npm ci --omit=dev would not install them):\n` +
        undeclared.map(([name, from]) => `  - ${name} (from ${from})`).join('\n'),
    );
  }
  return [...imported.keys()].sort();
}

/** Everything the web build reads; unchanged inputs keep web/dist. */
function webFingerprint() {
  return fingerprint([
    'web/src',
    'web/public',
    'web/scripts',
    'web/index.html',
    'web/graphiql.html',
    'web/vite.config.ts',
    'web/tsconfig.json',
    'web/package.json',
    'domain/src',
    'domain/package.json',
    'package-lock.json',
  ]);
}

function buildWeb(force) {
  const hash = webFingerprint();
  if (!force && upToDate('web-build', hash, ['web/dist/index.html'])) {
    console.log('[build] web al día (web/dist)');
    return;
  }
  console.log('[build] compilando la web…');
  const r = spawnSync('npm', ['run', 'build', '-w', 'web', '--silent'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
  // The build itself does not change its inputs, except codegen output it reads (hashed already).
  recordStamp('web-build', hash);
}

export async function buildAll({ force = false, server = true, web = true } = {}) {
  if (codegen({ force })) console.log('[build] codegen hecho');
  if (server) {
    for (const workspace of ['api', 'bff']) {
      const started = Date.now();
      const packages = await buildServer(workspace);
      // The web's registered operations (trusted documents), read by the BFF next to its bundle.
      if (workspace === 'bff')
        copyFileSync(
          path.join(root, 'web/src/gql/persisted-documents.json'),
          path.join(root, 'bff/dist/persisted-documents.json'),
        );
      console.log(
        `[build] ${workspace}/dist en ${Date.now() - started} ms (${entriesOf(workspace).length} entradas; paquetes externos: ${packages.length})`,
      );
    }
  }
  if (web) buildWeb(force);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const some = args.includes('--server') || args.includes('--web');
  try {
    await buildAll({
      force: args.includes('--force'),
      server: !some || args.includes('--server'),
      web: !some || args.includes('--web'),
    });
  } catch (err) {
    console.error(`[build] ${err instanceof Error ? err.message : err}`);
    process.exit(1);
  }
}
