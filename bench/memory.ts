// Where the BFF's resident memory goes under load (issue 13, "113 → 264 MB"). Starts api and
// bff as their own processes (production mode, PGlite in a temporary dir); the bff runs with
// bench/memory-probe.mjs, which writes process.memoryUsage() every 500 ms and after a forced GC.
// Phases, each MEMORY_SECONDS long: the cached public list; the same with gzip; the manager's
// vacancy list; captcha images (sharp/libvips); then a new GraphQL document on every request
// (Apollo's parse/validate cache).
//
//   npm run bench:memory
//   MEMORY_SECONDS=20 MEMORY_CONCURRENCY=64 npm run bench:memory
//   MEMORY_BFF_ENV='{"MALLOC_ARENA_MAX":"2"}' npm run bench:memory  # extra env for the bff
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Pool } from 'undici';

const root = path.resolve(import.meta.dirname, '..');
const seconds = Number(process.env.MEMORY_SECONDS ?? 10);
const concurrency = Number(process.env.MEMORY_CONCURRENCY ?? 32);
const apiPort = 14_101;
const bffPort = 14_100;
const dataDir = mkdtempSync(path.join(tmpdir(), 'bolsa-memory-'));
const probeFile = path.join(dataDir, 'memory.jsonl');

function start(args: string[], env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, args, {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      // The bench's queries are free text, not the web's registered hashes: allowed, as for an API token.
      TRUSTED_DOCUMENTS: 'false',
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      SESSION_SECRET: 'm'.repeat(48),
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function waitFor(url: string) {
  for (let i = 0; i < 900; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not come up`);
}

interface Sample {
  t: number;
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
  afterGc?: boolean;
}

const samples = (): Sample[] =>
  readFileSync(probeFile, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Sample);
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;

async function load(make: (i: number) => { path: string; headers: Record<string, string>; body: string }) {
  const pool = new Pool(`http://127.0.0.1:${bffPort}`, { connections: concurrency });
  let n = 0;
  const end = Date.now() + seconds * 1_000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < end) {
        const res = await pool.request({ method: 'POST', ...make(n++) });
        await res.body.arrayBuffer();
      }
    }),
  );
  await pool.close();
  return n;
}

async function gcAndReport(label: string, requests: number, bff: ChildProcess) {
  bff.kill('SIGUSR2'); // the probe runs gc() and writes a sample
  await new Promise((r) => setTimeout(r, 1_500));
  const all = samples();
  const peak = all.reduce((m, s) => Math.max(m, s.rss), 0);
  const last = all.filter((s) => s.afterGc).at(-1)!;
  console.log(
    `${label.padEnd(34)} ${String(requests).padStart(7)} req   peak rss ${mb(peak).padStart(7)}   after GC: rss ${mb(last.rss).padStart(7)}  heap ${mb(last.heapUsed).padStart(6)}/${mb(last.heapTotal).padStart(6)}  external ${mb(last.external).padStart(6)}  arrayBuffers ${mb(last.arrayBuffers).padStart(6)}`,
  );
}

const api = start(['--import', 'tsx', 'api/src/index.ts'], { API_PORT: String(apiPort) });
let bff: ChildProcess | undefined;
try {
  await waitFor(`http://127.0.0.1:${apiPort}/healthz`);
  bff = start(['--expose-gc', '--import', './bench/memory-probe.mjs', '--import', 'tsx', 'bff/src/index.ts'], {
    PORT: String(bffPort),
    API_URL: `http://127.0.0.1:${apiPort}`,
    MEMORY_PROBE_FILE: probeFile,
    ...(process.env.MEMORY_BFF_ENV ? (JSON.parse(process.env.MEMORY_BFF_ENV) as Record<string, string>) : {}),
  });
  await waitFor(`http://127.0.0.1:${bffPort}/readyz`);
  await gcAndReport('idle', 0, bff);

  const json = { 'content-type': 'application/json' };
  const board = JSON.stringify({
    query: '{ vacancies(page: 1, pageSize: 6) { totalCount items { id name place imageUrl branch { name } } } }',
  });
  await gcAndReport('public list', await load(() => ({ path: '/graphql', headers: json, body: board })), bff);
  await gcAndReport(
    'public list, gzip',
    await load(() => ({ path: '/graphql', headers: { ...json, 'accept-encoding': 'gzip' }, body: board })),
    bff,
  );

  const login = await fetch(`http://127.0.0.1:${bffPort}/graphql`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({
      query: 'mutation { staffLogin(username: "gestor@ejemplo.org.gt", password: "Demo2026!") { viewer { id } } }',
    }),
  });
  const cookie = (login.headers.getSetCookie().find((c) => c.startsWith('bolsa_sesion=')) ?? '').split(';')[0]!;
  const staff = JSON.stringify({
    query: '{ adminVacancies(pageSize: 50) { totalCount items { id name createdBy updatedBy branch { name } } } }',
  });
  await gcAndReport(
    'manager list, gzip',
    await load(() => ({ path: '/graphql', headers: { ...json, cookie, 'accept-encoding': 'gzip' }, body: staff })),
    bff,
  );
  await gcAndReport(
    'captcha images (sharp)',
    await load(() => ({
      path: '/graphql',
      headers: json,
      body: JSON.stringify({ query: 'mutation { newCaptcha { id image } }' }),
    })),
    bff,
  );
  await gcAndReport(
    'a new document every request',
    await load((i) => ({
      path: '/graphql',
      headers: json,
      body: JSON.stringify({ query: `{ a${i}: vacancies(page: 1) { totalCount items { id name } } }` }),
    })),
    bff,
  );
} finally {
  bff?.kill('SIGTERM');
  api.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  rmSync(dataDir, { recursive: true, force: true });
}
