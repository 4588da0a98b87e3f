#!/usr/bin/env node
// Runs one benchmark of bench/ (`npm run bench`, `npm run bench:web` …). The tools only the
// benchmarks use (Lighthouse, source-map-js: ~180 MB) are bench/'s own package with its own
// lockfile, not part of the root workspaces, so a newcomer's `npm ci` does not download them;
// they are installed here on first use (`npm ci --prefix bench`) and again when bench's lockfile
// changes. Everything else a benchmark imports (pg, undici, the api and bff sources) comes from
// the root install.
//
//   node scripts/bench.mjs <name> [args…]   # runs bench/<name>.ts with tsx
//
// On the Node production runs (the version of .ci/run and the Dockerfile), from the folder .ci/run
// installs it into, when the machine's Node is another one: the same code measured 3× slower on
// Node 20 (AsyncLocalStorage on promise hooks) and hid two Node 24 costs of its own (2026-11-28,
// docs/decisions/2026-11-27-session-cache.md). BENCH_NODE=machine keeps the machine's Node.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
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

/** The production Node's binary when it is installed and is not the one running, else this one. */
function productionNode() {
  const version = /^NODE_VERSION=(\S+)$/m.exec(readFileSync(path.join(root, '.ci/run'), 'utf8'))?.[1];
  if (!version || process.env.BENCH_NODE === 'machine' || process.version === `v${version}`) return process.execPath;
  const cache =
    process.env.BOLSA_NODE_CACHE ?? path.join(process.env.XDG_CACHE_HOME ?? path.join(homedir(), '.cache'), 'bolsa');
  const binary = path.join(cache, `node-${version}`, 'bin', 'node');
  if (existsSync(binary)) return binary;
  console.error(
    `[bench] Node ${process.version}, no la de producción (v${version}): .ci/run la instala en ${path.dirname(path.dirname(binary))}`,
  );
  return process.execPath;
}
const node = productionNode();
const binDir = path.dirname(node);
console.error(`[bench] ${node === process.execPath ? process.version : `Node de producción (${binDir})`}`);
// First on PATH as well: what a benchmark spawns with `process.execPath` or `node` runs on it too.
const child = spawn(node, ['--import', 'tsx', path.join(bench, `${name}.ts`), ...args], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, PATH: `${binDir}${path.delimiter}${process.env.PATH ?? ''}` },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
