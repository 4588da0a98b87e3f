// What a session costs (issue 22 item 1): `{ me { id role } }` with a staff session vs the same
// query without one on the same BFF, printed as a ratio (goal ≥ 0.7), for this tree and, side by
// side in the same run, for an older commit (BENCH_BEFORE=<git ref>: its api/bff/domain are
// exported to a temporary folder and run against the same api process and database).
// With BENCH_LOAD=1 it then loads the staff inbox (candidates, first page) and a candidate's
// 'Mis Postulaciones' at BENCH_LOAD_CONNECTIONS (100) for BENCH_LOAD_SECONDS (30) each, on each
// BFF: req/s, p99, errors and time-outs (BENCH_TIMEOUT_MS, 10 s).
//
//   npm run bench:signed-in
//   BENCH_BEFORE=main npm run bench:signed-in
//   BENCH_BEFORE=main BENCH_LOAD=1 BENCH_DATABASE_URL=postgres://… npm run bench:signed-in
//   BENCH_PORT_BASE=14200 (api, then one port per BFF)
//   BENCH_SOURCE=1  api and BFFs from source through tsx, instead of as production runs them:
//                   bundled by esbuild (the api by `scripts/build.mjs --server`; each tree's BFF by
//                   `bundleWorkspace` in bundle.ts, with the same options, so both commits are built alike)
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { Pool } from 'undici';
import { bundleWorkspace } from './bundle.js';

const root = path.resolve(import.meta.dirname, '..');
const seconds = Number(process.env.BENCH_SECONDS ?? 6);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 16);
const databaseUrl = process.env.BENCH_DATABASE_URL;
const beforeRef = process.env.BENCH_BEFORE?.trim();
const withLoad = process.env.BENCH_LOAD === '1';
const loadConnections = Number(process.env.BENCH_LOAD_CONNECTIONS ?? 100);
const loadSeconds = Number(process.env.BENCH_LOAD_SECONDS ?? 30);
const timeoutMs = Number(process.env.BENCH_TIMEOUT_MS ?? 10_000);
const portBase = Number(process.env.BENCH_PORT_BASE ?? 14_200);
const apiPort = portBase;
const dataDir = mkdtempSync(path.join(tmpdir(), 'bolsa-bench-signed-'));
const DEMO_PASSWORD = 'Demo2026!';

const children: ChildProcess[] = [];
const fromSource = process.env.BENCH_SOURCE === '1';
/** BENCH_CPU_PROF=<folder>: the api and each BFF write a V8 CPU profile there when they stop. */
const cpuProfiles = process.env.BENCH_CPU_PROF ? path.resolve(process.env.BENCH_CPU_PROF) : undefined;

function start(cwd: string, entry: string, env: Record<string, string>): ChildProcess {
  const run = entry.endsWith('.ts') ? ['--import', 'tsx', entry] : ['--enable-source-maps', entry];
  if (cpuProfiles) run.unshift('--cpu-prof', '--cpu-prof-dir', cpuProfiles);
  const child = spawn(process.execPath, run, {
    cwd,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      // The bench's queries are free text, not the web's registered hashes: allowed, as for an API token.
      TRUSTED_DOCUMENTS: 'false',
      SESSION_SECRET: 'bench-session-secret-0123456789abcdefghij',
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      // The bench logs in once per BFF and then only reads; no throttle gets in the way.
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  return child;
}

async function waitFor(url: string) {
  for (let i = 0; i < 3000; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not come up`);
}

/** Those of `paths` that exist at `ref`. */
function optional(ref: string, paths: string[]): string[] {
  return paths.filter((p) => {
    try {
      execFileSync('git', ['cat-file', '-e', `${ref}:${p}`], { cwd: root, stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  });
}

/** The older commit's api, bff and domain in a folder of their own, on this tree's node_modules. */
function exportTree(ref: string): string {
  const dir = path.join(dataDir, 'antes');
  mkdirSync(dir);
  const archive = execFileSync(
    'git',
    [
      'archive',
      ref,
      'api',
      'bff',
      'domain',
      'schema.graphql',
      'tsconfig.base.json',
      'package.json',
      ...optional(ref, ['observability']),
    ],
    {
      cwd: root,
      maxBuffer: 512 * 1024 * 1024,
    },
  );
  execFileSync('tar', ['-x', '-C', dir], { input: archive });
  // The installed packages are shared, but @bolsa/* must be the old tree's own workspaces: the root
  // node_modules links them to this tree's folders.
  const modules = path.join(dir, 'node_modules');
  mkdirSync(path.join(modules, '@bolsa'), { recursive: true });
  for (const entry of readdirSync(path.join(root, 'node_modules'))) {
    if (entry !== '@bolsa') symlinkSync(path.join(root, 'node_modules', entry), path.join(modules, entry));
  }
  for (const ws of readdirSync(dir)) {
    if (existsSync(path.join(dir, ws, 'package.json')))
      symlinkSync(path.join(dir, ws), path.join(modules, '@bolsa', ws));
  }
  for (const ws of ['api', 'bff', 'domain', 'observability']) {
    if (!existsSync(path.join(dir, ws))) continue;
    const nm = path.join(root, ws, 'node_modules');
    if (existsSync(nm)) symlinkSync(nm, path.join(dir, ws, 'node_modules'));
  }
  // Generated resolver types are not committed (npm run codegen): type-only imports, which tsx erases,
  // so this tree's copy serves an older schema as well.
  const generated = path.join(root, 'bff/src/generated');
  if (existsSync(generated)) cpSync(generated, path.join(dir, 'bff/src/generated'), { recursive: true });
  return dir;
}

interface Result {
  rps: number;
  /** CPU milliseconds per answered request: this target's BFF, and the api (shared by both trees). */
  bffCpuMs: number;
  apiCpuMs: number;
  p50: number;
  p99: number;
  errors: number;
  timeouts: number;
  /** What the first failure was (status, GraphQL error code and message; never the data). */
  firstError?: string;
}

type Req = { path: string; method: 'POST'; headers: Record<string, string>; body: string };
interface Target {
  origin: string;
  /** The BFF process that answers this target (its CPU is read around each of the target's turns). */
  pid: number;
  make: () => Req;
  /** What a good answer holds (an error or a null `me` is counted as an error). */
  check: (body: string) => boolean;
}

/** Targets in turns of seconds/rounds each, so a machine whose load changes weighs on all alike. */
async function measure(
  targets: Target[],
  connections: number,
  totalSeconds: number,
  rounds: number,
): Promise<Result[]> {
  const pools = targets.map((t) => new Pool(t.origin, { connections, pipelining: 1 }));
  const stats = targets.map(() => ({
    latencies: [] as number[],
    errors: 0,
    timeouts: 0,
    elapsed: 0,
    firstError: undefined as string | undefined,
  }));
  const run = async (i: number, until: number, record: boolean) => {
    while (Date.now() < until) {
      const t0 = performance.now();
      try {
        const res = await pools[i]!.request({
          ...targets[i]!.make(),
          headersTimeout: timeoutMs,
          bodyTimeout: timeoutMs,
        });
        const text = await res.body.text();
        if (record && (res.statusCode !== 200 || !targets[i]!.check(text))) {
          stats[i]!.errors++;
          stats[i]!.firstError ??= describeFailure(res.statusCode, text);
        }
      } catch (err) {
        if (record) {
          if ((err as { code?: string }).code?.includes('TIMEOUT')) stats[i]!.timeouts++;
          else stats[i]!.errors++;
          stats[i]!.firstError ??= (err as { code?: string }).code ?? String(err);
        }
      }
      if (record) stats[i]!.latencies.push(performance.now() - t0);
    }
  };
  for (let i = 0; i < targets.length; i++) {
    const warm = Date.now() + 1_000;
    await Promise.all(Array.from({ length: Math.min(connections, 16) }, () => run(i, warm, false)));
  }
  const slice = (totalSeconds * 1_000) / rounds;
  const cpu = targets.map(() => ({ bff: 0, api: 0 }));
  for (let r = 0; r < rounds; r++) {
    for (let i = 0; i < targets.length; i++) {
      const t0 = Date.now();
      const [bff0, api0] = [cpuMs(targets[i]!.pid), cpuMs(apiPid())];
      await Promise.all(Array.from({ length: connections }, () => run(i, t0 + slice, true)));
      cpu[i]!.bff += cpuMs(targets[i]!.pid) - bff0;
      cpu[i]!.api += cpuMs(apiPid()) - api0;
      stats[i]!.elapsed += (Date.now() - t0) / 1_000;
    }
  }
  await Promise.all(pools.map((p) => p.close()));
  return stats.map(({ latencies, errors, timeouts, elapsed, firstError }, i) => {
    latencies.sort((a, b) => a - b);
    const q = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? NaN;
    const answered = latencies.length - errors - timeouts;
    const rps = answered / elapsed;
    const perRequest = (ms: number) => ms / Math.max(1, latencies.length);
    return {
      rps,
      bffCpuMs: perRequest(cpu[i]!.bff),
      apiCpuMs: perRequest(cpu[i]!.api),
      p50: q(0.5),
      p99: q(0.99),
      errors,
      timeouts,
      ...(firstError ? { firstError } : {}),
    };
  });
}

const TICK_MS = 1_000 / Number(execFileSync('getconf', ['CLK_TCK']).toString().trim() || 100);
/** A process's user + system CPU so far, in ms (Linux /proc; 0 elsewhere). */
function cpuMs(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}

function describeFailure(status: number, body: string): string {
  try {
    const parsed = JSON.parse(body) as { errors?: { message?: string; extensions?: { code?: string } }[] };
    const e = parsed.errors?.[0];
    return e ? `${status} ${e.extensions?.code ?? ''} ${e.message ?? ''}` : `${status} sin datos`;
  } catch {
    return `${status} (no JSON)`;
  }
}

async function resetDatabase(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
  await client.end();
}

async function login(origin: string, staff: boolean): Promise<string> {
  const query = staff
    ? `mutation { r: staffLogin(username: "gestor@ejemplo.org.gt", password: "${DEMO_PASSWORD}") { viewer { id } } }`
    : `mutation { r: candidateLogin(email: "ana.lopez@example.com", password: "${DEMO_PASSWORD}") { viewer { id } } }`;
  const res = await fetch(`${origin}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query }),
  });
  const cookie = res.headers
    .getSetCookie()
    .find((c) => c.startsWith('bolsa_sesion=') && !c.startsWith('bolsa_sesion=;'))
    ?.split(';')[0];
  if (!cookie) throw new Error(`${origin}: no session (${(await res.text()).slice(0, 200)})`);
  return cookie;
}

const gqlReq =
  (query: string, cookie?: string): (() => Req) =>
  () => ({
    path: '/graphql',
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify({ query }),
  });
const ME = '{ me { id role } }';
const INBOX = `{ candidates(page: 1, pageSize: 10) { totalCount allCount countsByState { state count }
  items { id fullName email state registeredAt vacancies { name branchName } allowedStates } } }`;
const MINE = `{ myApplications { id state previousState vacancyId vacancyName appliedAt branchId branchName place
  interview { date from to mode place } } }`;
const ok = (field: string) => (body: string) => {
  try {
    const parsed = JSON.parse(body) as { data?: Record<string, unknown> | null; errors?: unknown };
    return !parsed.errors && parsed.data?.[field] != null;
  } catch {
    return false;
  }
};
const anonymousMe = (body: string) => body.includes('"me":null') && !body.includes('"errors"');

const fmt = (r: Result) =>
  `${r.rps.toFixed(0).padStart(6)} req/s   p50 ${r.p50.toFixed(1).padStart(7)} ms   p99 ${r.p99.toFixed(1).padStart(7)} ms   errors ${r.errors}   time-outs ${r.timeouts}` +
  `   CPU/req BFF ${r.bffCpuMs.toFixed(2)} ms, api ${r.apiCpuMs.toFixed(2)} ms` +
  (r.firstError ? `   (first: ${r.firstError})` : '');

const dbEnv: Record<string, string> = databaseUrl ? { DATABASE_URL: databaseUrl } : {};
if (databaseUrl) await resetDatabase(databaseUrl);
let apiChild: ChildProcess | undefined;
const apiPid = () => apiChild?.pid;
const cleanup = () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGTERM');
};
process.once('exit', cleanup);
try {
  if (!fromSource) {
    const built = spawnSync(process.execPath, ['scripts/build.mjs', '--server'], { cwd: root, stdio: 'inherit' });
    if (built.status !== 0) throw new Error('scripts/build.mjs --server failed');
  }
  apiChild = start(root, fromSource ? 'api/src/index.ts' : 'api/dist/index.js', {
    API_PORT: String(apiPort),
    ...dbEnv,
    MAIL_WORKER: 'false',
  });
  await waitFor(`http://127.0.0.1:${apiPort}/healthz`);
  const bffs: { label: string; origin: string; pid: number }[] = [];
  const trees: { label: string; dir: string }[] = [{ label: 'este árbol', dir: root }];
  if (beforeRef) trees.push({ label: `antes (${beforeRef})`, dir: exportTree(beforeRef) });
  for (const [i, t] of trees.entries()) {
    const port = portBase + 1 + i;
    const bff = start(t.dir, fromSource ? 'bff/src/index.ts' : await bundleWorkspace(t.dir, 'bff'), {
      PORT: String(port),
      API_URL: `http://127.0.0.1:${apiPort}`,
      COOKIE_SECURE: 'false',
      METRICS_PORT: '0',
    });
    bffs.push({ label: t.label, origin: `http://127.0.0.1:${port}`, pid: bff.pid! });
  }
  for (const b of bffs) await waitFor(`${b.origin}/readyz`);
  console.log(
    `{ me { id role } } with and without a session on the same BFF, ${concurrency} connections, ${seconds} s each (${databaseUrl ? 'PostgreSQL' : 'PGlite'})`,
  );
  const staff = await Promise.all(bffs.map((b) => login(b.origin, true)));
  const targets: Target[] = bffs.flatMap((b, i) => [
    { origin: b.origin, pid: b.pid, make: gqlReq(ME), check: anonymousMe },
    { origin: b.origin, pid: b.pid, make: gqlReq(ME, staff[i]), check: ok('me') },
  ]);
  const results = await measure(targets, concurrency, seconds * targets.length, 10);
  for (const [i, b] of bffs.entries()) {
    const [anon, signed] = [results[2 * i]!, results[2 * i + 1]!];
    console.log(`  ${b.label}`);
    console.log(`    sin sesión   ${fmt(anon)}`);
    console.log(`    con sesión   ${fmt(signed)}`);
    console.log(`    con / sin    ${(signed.rps / anon.rps).toFixed(2)}   (goal ≥ 0.70)`);
  }
  if (bffs.length === 2) {
    console.log(`  con sesión, este árbol / antes: ${(results[1]!.rps / results[3]!.rps).toFixed(2)}×`);
  }

  if (withLoad) {
    const candidate = await Promise.all(bffs.map((b) => login(b.origin, false)));
    for (const [name, query, field, cookies] of [
      ['bandeja del personal (candidates, 1.ª página)', INBOX, 'candidates', staff],
      ["'Mis Postulaciones' (myApplications)", MINE, 'myApplications', candidate],
    ] as const) {
      console.log(`${name}: ${loadConnections} connections, ${loadSeconds} s per BFF`);
      const loaded = await measure(
        bffs.map((b, i) => ({ origin: b.origin, pid: b.pid, make: gqlReq(query, cookies[i]), check: ok(field) })),
        loadConnections,
        loadSeconds * bffs.length,
        6,
      );
      for (const [i, b] of bffs.entries()) console.log(`  ${b.label.padEnd(22)} ${fmt(loaded[i]!)}`);
      if (bffs.length === 2) console.log(`  este árbol / antes: ${(loaded[0]!.rps / loaded[1]!.rps).toFixed(2)}×`);
    }
  }
} finally {
  cleanup();
  await new Promise((r) => setTimeout(r, 500));
  rmSync(dataDir, { recursive: true, force: true });
}
