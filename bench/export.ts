// Exports of a candidate list (issue 23, item 6): 50,000 candidates in the inbox downloaded as CSV
// and as XLSX through the BFF (GET /reports/candidates.csv|.xlsx), rows per second and the BFF's
// resident memory (RSS, read from /proc every 20 ms) above what it held before the download.
// Goal: the BFF grows less than 50 MB whatever the list's size (the file is streamed, never held).
// api and BFF run as their own processes (production mode) on PostgreSQL.
//
//   npm run bench:export
//   BENCH_DATABASE_URL=postgres://…  (default TEST_DATABASE_URL, else postgres://bolsa:bolsa@127.0.0.1:5432/bolsa_pipe;
//                                     its public schema is emptied first)
//   BENCH_CANDIDATES=50000 BENCH_PORT=14201
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { candidateExportUrl, type CandidateExportFormat } from '@bolsa/domain';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { Database } from '../api/src/db/database.js';
import { migrateToLatest } from '../api/src/db/migrate.js';
import { runSeeds } from '../api/src/demo/index.js';
import { createLocalFileStore } from '../api/src/storage/index.js';
import { seedLoad } from './load-seed.js';

const root = path.resolve(import.meta.dirname, '..');
const CANDIDATES = Number(process.env.BENCH_CANDIDATES ?? 50_000);
const pgUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://bolsa:bolsa@127.0.0.1:5432/bolsa_pipe';
const LIMIT_MB = 50;

function start(entry: string, env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      SESSION_SECRET: 'bench-session-secret-0123456789abcdefghij',
      SEED_DEMO: 'true',
      // The log-in below is free text, not the web's registered hash: allowed, as for an API token.
      TRUSTED_DOCUMENTS: 'false',
      API_LOG: 'false',
      LOG_LEVEL: 'warn',
      METRICS_PORT: '0',
      API_METRICS_PORT: '0',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function waitFor(url: string) {
  for (let i = 0; i < 1200; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not come up`);
}

const stop = (p: ChildProcess | undefined) =>
  new Promise<void>((resolve) => {
    if (!p || p.exitCode !== null) return resolve();
    p.once('exit', () => resolve());
    p.kill('SIGTERM');
  });

/** Resident memory of a process in MB (Linux). */
function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : 0;
}

async function login(origin: string): Promise<string> {
  const res = await fetch(`${origin}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      query: 'mutation { staffLogin(username: "admin@ejemplo.org.gt", password: "Demo2026!") { viewer { id } } }',
    }),
  });
  const cookie = res.headers
    .getSetCookie()
    .find((c) => c.startsWith('bolsa_sesion='))
    ?.split(';')[0];
  if (!cookie) throw new Error(`login failed: ${await res.text()}`);
  return cookie;
}

async function download(origin: string, cookie: string, format: CandidateExportFormat, bffPid: number) {
  const before = rssMb(bffPid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(bffPid))), 20);
  const t0 = performance.now();
  const res = await fetch(origin + candidateExportUrl({ list: 'inbox' }, format), { headers: { cookie } });
  if (res.status !== 200) throw new Error(`${format}: ${res.status} ${await res.text()}`);
  let bytes = 0;
  // Read as a browser saving the file would: chunk by chunk, nothing kept.
  for await (const chunk of res.body!) bytes += (chunk as Uint8Array).byteLength;
  const seconds = (performance.now() - t0) / 1e3;
  clearInterval(sampler);
  peak = Math.max(peak, rssMb(bffPid));
  const rows = Number(res.headers.get('x-total-count'));
  return { format, rows, seconds, bytes, before, peak, growth: peak - before };
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'bolsa-export-'));
mkdirSync(path.join(dataDir, 'files'), { recursive: true });
const admin = new pg.Client({ connectionString: pgUrl });
await admin.connect();
await admin.query('drop schema public cascade; create schema public;');
await admin.end();
const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: pgUrl }) }) });
const t0 = Date.now();
await migrateToLatest(db);
await runSeeds(db, createLocalFileStore(path.join(dataDir, 'files')), {
  demo: true,
  orgEmailDomain: 'ejemplo.org.gt',
  log: () => undefined,
});
await seedLoad(db, { candidates: CANDIDATES, vacancies: 40 });
// Every load candidate in the inbox (non-terminal states): the export is the whole 50,000.
await sql`update postulantes set estado = 'postulado' where estado in ('contratado', 'rechazado')`.execute(db);
await sql`vacuum analyze`.execute(db);
const inbox = await sql<{ n: number }>`select count(*)::int as n from postulantes
  where etapa not in ('contratado', 'rechazado')`.execute(db);
await db.destroy();
console.log(`\n═══ PostgreSQL: ${inbox.rows[0]!.n} candidatos en la bandeja (sembrado ${Date.now() - t0} ms) ═══`);

const token = randomBytes(24).toString('hex');
const apiPort = Number(process.env.BENCH_PORT ?? 14_201);
const bffPort = apiPort + 1;
const env = { DATA_DIR: dataDir, SERVICE_TOKEN: token, DATABASE_URL: pgUrl };
let api: ChildProcess | undefined;
let bff: ChildProcess | undefined;
let failed = false;
try {
  api = start('api/src/index.ts', { ...env, API_PORT: String(apiPort) });
  await waitFor(`http://127.0.0.1:${apiPort}/healthz`);
  bff = start('bff/src/index.ts', { ...env, PORT: String(bffPort), API_URL: `http://127.0.0.1:${apiPort}` });
  const origin = `http://127.0.0.1:${bffPort}`;
  await waitFor(`${origin}/readyz`);
  const cookie = await login(origin);
  // Warm-up (module loading, JIT) on a small list, so the growth measured is the export's.
  await fetch(origin + candidateExportUrl({ list: 'inbox', search: 'zzzz' }, 'xlsx'), { headers: { cookie } }).then(
    (r) => r.arrayBuffer(),
  );
  console.log('\n── Exportación de la bandeja completa a través del BFF ──');
  for (const format of ['csv', 'xlsx'] as const) {
    const r = await download(origin, cookie, format, bff.pid!);
    const over = r.growth > LIMIT_MB;
    failed ||= over;
    console.log(
      `  ${format.toUpperCase().padEnd(5)} ${r.rows} filas en ${r.seconds.toFixed(1)} s = ${Math.round(r.rows / r.seconds)} filas/s, ` +
        `${(r.bytes / 1048576).toFixed(1)} MB; RSS del BFF ${r.before.toFixed(0)} → ${r.peak.toFixed(0)} MB ` +
        `(+${r.growth.toFixed(1)} MB${over ? `, más de ${LIMIT_MB} MB` : ''})`,
    );
  }
} finally {
  await stop(bff);
  await stop(api);
  rmSync(dataDir, { recursive: true, force: true });
}
if (failed) process.exitCode = 1;
