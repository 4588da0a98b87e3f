#!/usr/bin/env node
// Assembles the production runtime in <dir>: the compiled output of `npm run build` and the
// package files, then `npm ci --omit=dev` there — production dependencies only, no tsx, no
// build or test tools. The Dockerfile's build stage and scripts/production-path.mjs both run it,
// so the image and what CI tests are the same folder.
//
//   node scripts/runtime.mjs <dir>          # <dir> must be empty or absent
//   node scripts/runtime.mjs <dir> --no-install
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');

/** Everything production runs, relative to the checkout (and to the runtime folder). */
export const RUNTIME_FILES = [
  'package.json',
  'package-lock.json',
  // Every workspace's package.json, or `npm ci` finds the lockfile out of step.
  'domain/package.json',
  'observability/package.json',
  'api/package.json',
  'bff/package.json',
  'web/package.json',
  'api/dist',
  'bff/dist',
  'web/dist',
  // The BFF reads the schema at start.
  'schema.graphql',
  // `npm run create-admin` and the image's HEALTHCHECK.
  'scripts/run.mjs',
  'scripts/lib/entry.mjs',
  'scripts/healthcheck.mjs',
];

/** The workspaces whose production dependencies the runtime installs. */
export const SERVER_WORKSPACES = ['@bolsa/api', '@bolsa/bff'];

/** What the build must have produced before a runtime can be assembled. */
const BUILT = ['api/dist/index.js', 'bff/dist/index.js', 'web/dist/index.html'];

export function assembleRuntime(dir, { install = true } = {}) {
  const missing = BUILT.filter((f) => !existsSync(path.join(root, f)));
  if (missing.length) throw new Error(`falta la compilación (${missing.join(', ')}): ejecute npm run build`);
  if (existsSync(dir) && readdirSync(dir).length) throw new Error(`${dir} no está vacía`);
  mkdirSync(dir, { recursive: true });
  for (const f of RUNTIME_FILES) cpSync(path.join(root, f), path.join(dir, f), { recursive: true });
  if (!install) return;
  // Only the servers' packages: the web is static files in web/dist, its React and Mantine are
  // build tools here (8 MB of react-dom alone).
  const r = spawnSync(
    'npm',
    ['ci', '--omit=dev', ...SERVER_WORKSPACES.flatMap((w) => ['-w', w]), '--no-audit', '--no-fund', '--loglevel=error'],
    {
      cwd: dir,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
  if (r.status !== 0) throw new Error(`npm ci --omit=dev falló en ${dir} (código ${r.status})`);
  pruneModules(path.join(dir, 'node_modules'));
}

/**
 * What no running process reads: type declarations, source maps and markdown of the installed
 * packages (~55 of 159 MB). Our own bundles' maps (api/dist, bff/dist) are outside node_modules
 * and stay; Node's --enable-source-maps skips a package whose map is gone.
 */
export const PRUNED = /(\.d\.[mc]?ts|\.map|\.md|\.markdown)$/i;

export function pruneModules(modules) {
  let removed = 0;
  for (const entry of readdirSync(modules, { recursive: true, withFileTypes: true })) {
    if (entry.isFile() && PRUNED.test(entry.name)) {
      rmSync(path.join(entry.parentPath, entry.name));
      removed++;
    }
  }
  return removed;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const dir = process.argv[2];
  if (!dir) {
    console.error('uso: node scripts/runtime.mjs <carpeta> [--no-install]');
    process.exit(2);
  }
  try {
    assembleRuntime(path.resolve(dir), { install: !process.argv.includes('--no-install') });
  } catch (err) {
    console.error(`[runtime] ${err instanceof Error ? err.message : err}`);
    process.exit(1);
  }
}
