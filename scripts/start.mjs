#!/usr/bin/env node
// Starts the whole product on the embedded defaults: api (PGlite in ./data, files in
// ./data/files, mail as .eml files) and bff (serving the built web). `--dev` runs the Vite dev
// server with hot reload instead of the built web.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const dev = process.argv.includes('--dev');
const env = { ...process.env };
env.API_PORT ??= '4001';
env.PORT ??= '4000';
env.API_URL ??= `http://127.0.0.1:${env.API_PORT}`;
env.DATA_DIR ??= path.join(root, 'data');

function newestMtime(p) {
  if (!existsSync(p)) return 0;
  const s = statSync(p);
  if (!s.isDirectory()) return s.mtimeMs;
  let max = s.mtimeMs;
  for (const e of readdirSync(p))
    if (e !== 'gql' && e !== 'node_modules') max = Math.max(max, newestMtime(path.join(p, e)));
  return max;
}

function run(cmd, args) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

// Generated code is not committed: make it, then build the web when its sources are newer.
const built = path.join(root, 'web/dist/index.html');
const sources = [
  'web/src',
  'web/index.html',
  'web/graphiql.html',
  'web/vite.config.ts',
  'schema.graphql',
  'domain/src',
];
const stale = !existsSync(built) || sources.some((s) => newestMtime(path.join(root, s)) > statSync(built).mtimeMs);
if (dev || stale) run('npm', ['run', 'codegen', '--silent']);
if (!dev && stale) {
  console.log('[start] compilando la web…');
  run('npm', ['run', 'build', '-w', 'web', '--silent']);
}

const children = [];
function start(name, args, extraEnv = {}) {
  const child = spawn(process.execPath, args, { cwd: root, stdio: 'inherit', env: { ...env, ...extraEnv } });
  child.on('exit', (code, signal) => {
    if (!shuttingDown) {
      console.error(`[start] ${name} terminó (${signal ?? code}); deteniendo todo.`);
      stop(code ?? 1);
    }
  });
  children.push(child);
  return child;
}

let shuttingDown = false;
function stop(code = 0) {
  shuttingDown = true;
  for (const c of children) c.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500).unref();
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

async function waitFor(url, timeoutMs) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const r = await fetch(url);
      if (r.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} no respondió a tiempo`);
}

const tsx = ['--import', 'tsx'];
start('api', [...tsx, ...(dev ? ['--watch'] : []), 'api/src/index.ts']);
await waitFor(`http://127.0.0.1:${env.API_PORT}/healthz`, 120_000);
start('bff', [...tsx, ...(dev ? ['--watch'] : []), 'bff/src/index.ts']);
await waitFor(`http://127.0.0.1:${env.PORT}/readyz`, 60_000);
if (dev) {
  start('web', [path.join(root, 'node_modules/vite/bin/vite.js'), '--config', 'web/vite.config.ts', 'web'], {});
  console.log(
    '\n  Bolsa de Trabajo (desarrollo): http://localhost:5173  ·  GraphiQL: http://localhost:4000/graphiql\n',
  );
} else {
  console.log(
    `\n  Bolsa de Trabajo lista: http://localhost:${env.PORT}  ·  GraphiQL: http://localhost:${env.PORT}/graphiql\n`,
  );
}
