#!/usr/bin/env node
// Runs one benchmark of bench/ (`npm run bench`, `npm run bench:web` …). The tools only the
// benchmarks use (Lighthouse, source-map-js: ~180 MB) are bench/'s own package with its own
// lockfile, not part of the root workspaces, so a newcomer's `npm ci` does not download them;
// they are installed here on first use (`npm ci --prefix bench`) and again when bench's lockfile
// changes. Everything else a benchmark imports (pg, undici, the api and bff sources) comes from
// the root install.
//
//   node scripts/bench.mjs <name> [args…]   # runs bench/<name>.ts with tsx
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const bench = path.join(root, 'bench');
const [name, ...args] = process.argv.slice(2);
if (!name || !existsSync(path.join(bench, `${name}.ts`))) {
  console.error(`uso: node scripts/bench.mjs <nombre> — bench/<nombre>.ts no existe (${name ?? 'sin nombre'})`);
  process.exit(2);
}

const installed = path.join(bench, 'node_modules/.package-lock.json');
const lock = path.join(bench, 'package-lock.json');
if (!existsSync(installed) || statSync(installed).mtimeMs < statSync(lock).mtimeMs) {
  console.error('[bench] instalando las herramientas de los benchmarks (npm ci --prefix bench)…');
  const r = spawnSync('npm', ['ci', '--prefix', bench, '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const child = spawn(process.execPath, ['--import', 'tsx', path.join(bench, `${name}.ts`), ...args], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
