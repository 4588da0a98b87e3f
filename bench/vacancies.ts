// The public vacancy list through the BFF against two yardsticks, same concurrency and duration:
//   1. a bare node:http server answering the very same JSON bytes from memory: the most any
//      Node HTTP server can do on this machine (goal: cached BFF ≥ 0.6 of it);
//   2. the api answering the documented whole list (GET /sedes/vacantes/lista), which is what
//      the BFF used to fetch for every uncached page (goal: uncached BFF ≥ 1.5 × the api now
//      that paging happens in SQL). The api's own paged answer is printed too.
// api, bff and the baseline run as their own processes; this process only generates load.
//
//   npm run bench                      # PGlite in a temporary data dir, demo data only
//   BENCH_SECONDS=10 BENCH_CONCURRENCY=32 npm run bench
//   BENCH_HIGH_CONCURRENCY=64          # the cached BFF and the baseline again at this many (0: skip)
//   BENCH_DATABASE_URL=postgres://… npm run bench   # PostgreSQL; the database is emptied first
//   BENCH_EXTRA_VACANCIES=2000                       # extra rows (PostgreSQL only; default 1000)
//   BENCH_PORT=44300                                 # ports used: this one and the next four
//   BENCH_SOURCE=1                                   # api and BFF from source through tsx (names in
//                                                    # a --cpu-prof profile), not the built bundles
// api and BFF run as production runs them: the esbuild bundles of `npm run build` (built first,
// `scripts/build.mjs --server`), `node --enable-source-maps <workspace>/dist/index.js`. From source,
// tsx's loader and its `__name` call on every closure made per request cost the BFF's cached
// answer a measurable share of its CPU (2026-11-28: 0.60 from source, see the board record).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { Pool } from 'undici';

const root = path.resolve(import.meta.dirname, '..');
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 16);
const highConcurrency = Number(process.env.BENCH_HIGH_CONCURRENCY ?? 64);
const databaseUrl = process.env.BENCH_DATABASE_URL;
const extraVacancies = databaseUrl ? Number(process.env.BENCH_EXTRA_VACANCIES ?? 1_000) : 0;
// BENCH_PORT: the first of five ports (bff, api, uncached bff, baseline, bff without request lines), for machines shared by several runs.
const firstPort = Number(process.env.BENCH_PORT ?? 14_000);
const bffPort = firstPort;
const apiPort = firstPort + 1;
const bffNoCachePort = firstPort + 2;
const baselinePort = firstPort + 3;
const bffQuietPort = firstPort + 4;
const dataDir = mkdtempSync(path.join(tmpdir(), 'bolsa-bench-'));
const PAGE_SIZE = 6;

const QUERY = `query Board($page: Int, $pageSize: Int) {
  vacancies(page: $page, pageSize: $pageSize) {
    totalCount featuredCount
    items { id name featured publishedAt place imageUrl url branch { id name } }
  }
}`;

const fromSource = process.env.BENCH_SOURCE === '1';
if (!fromSource) {
  const built = spawnSync(process.execPath, ['scripts/build.mjs', '--server'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('scripts/build.mjs --server failed');
}

function start(entry: string, env: Record<string, string>): ChildProcess {
  // BENCH_NODE_ARGS: extra node flags for api and BFF, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof'.
  const extra = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const run = fromSource
    ? ['--import', 'tsx', entry]
    : ['--enable-source-maps', entry.replace('/src/', '/dist/').replace(/\.ts$/, '.js')];
  return spawn(process.execPath, [...extra, ...run], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      // The bench's queries are free text, not the web's registered hashes: allowed, as for an API token.
      TRUSTED_DOCUMENTS: 'false',
      SESSION_SECRET: 'bench-session-secret-0123456789abcdefghij',
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** The yardstick: answers every request with the same bytes, read once from a file. */
function startBaseline(bodyFile: string): ChildProcess {
  const script = `
    const body = require('node:fs').readFileSync(${JSON.stringify(bodyFile)});
    require('node:http').createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
        res.end(body);
      });
    }).listen(${baselinePort}, '127.0.0.1');`;
  return spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'ignore', 'inherit'] });
}

async function waitFor(url: string, init?: RequestInit) {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(url, init)).ok) return;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not come up`);
}

interface Result {
  rps: number;
  /** CPU time (user + system) the serving process spent per answered request, in µs. */
  cpuUs: number;
  p50: number;
  p99: number;
  errors: number;
}

type Req = { path: string; method: 'GET' | 'POST'; headers: Record<string, string>; body?: string };

interface Target {
  origin: string;
  make: () => Req;
  /** The process that answers, for its CPU time per request. */
  pid: number | undefined;
}

/**
 * CPU seconds a process has used so far (utime + stime from /proc; Linux only, else NaN). On a
 * shared machine throughput swings with everyone else's load, while CPU per request barely does:
 * the ratio of the two servers' CPU per request is the steadier reading of the same question.
 */
function cpuSeconds(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
}

/**
 * Runs the targets in turns of `seconds / rounds` each, so that a machine whose load changes
 * from one second to the next (shared CI, other processes) weighs on every target alike.
 */
async function measure(targets: Target[], concurrency: number, rounds = 10): Promise<Result[]> {
  const pools = targets.map((t) => new Pool(t.origin, { connections: concurrency, pipelining: 1 }));
  const stats = targets.map(() => ({ latencies: [] as number[], errors: 0, elapsed: 0, cpu: 0 }));
  const run = async (i: number, until: number, record: boolean) => {
    while (Date.now() < until) {
      const t0 = performance.now();
      try {
        const res = await pools[i]!.request(targets[i]!.make());
        await res.body.text();
        if (res.statusCode !== 200) stats[i]!.errors++;
      } catch {
        stats[i]!.errors++;
      }
      if (record) stats[i]!.latencies.push(performance.now() - t0);
    }
  };
  for (let i = 0; i < targets.length; i++) {
    const warm = Date.now() + 1_000;
    await Promise.all(Array.from({ length: concurrency }, () => run(i, warm, false)));
  }
  const slice = (seconds * 1_000) / rounds;
  for (let r = 0; r < rounds; r++) {
    for (let i = 0; i < targets.length; i++) {
      const t0 = Date.now();
      const cpu0 = cpuSeconds(targets[i]!.pid);
      await Promise.all(Array.from({ length: concurrency }, () => run(i, t0 + slice, true)));
      stats[i]!.elapsed += (Date.now() - t0) / 1_000;
      stats[i]!.cpu += cpuSeconds(targets[i]!.pid) - cpu0;
    }
  }
  await Promise.all(pools.map((p) => p.close()));
  return stats.map(({ latencies, errors, elapsed, cpu }) => {
    latencies.sort((a, b) => a - b);
    const q = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? NaN;
    return {
      rps: latencies.length / elapsed,
      cpuUs: (cpu * 1e6) / latencies.length,
      p50: q(0.5),
      p99: q(0.99),
      errors,
    };
  });
}

/** Starts from an empty database, so every run measures the same rows. */
async function resetDatabase(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
  await client.end();
}

async function addVacancies(url: string, n: number) {
  if (!n) return;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(
    `INSERT INTO plazas (nombre, sede_id, lugar, descripcion, fecha_publicacion, fecha_finalizacion, status,
                         publicado_por, actualizado_por)
     SELECT 'Plaza de carga ' || i, (SELECT min(id) FROM sedes), '0101:01', 'Generada para medir la lista',
            DATE '2026-11-01', DATE '2099-12-31', CASE WHEN i % 3 = 0 THEN '0' ELSE '1' END,
            (SELECT min(id) FROM usuarios), (SELECT max(id) FROM usuarios)
     FROM generate_series(1, $1::int) AS i`,
    [n],
  );
  await client.end();
}

const dbEnv: Record<string, string> = databaseUrl ? { DATABASE_URL: databaseUrl } : {};
if (databaseUrl) await resetDatabase(databaseUrl);
const api = start('api/src/index.ts', { API_PORT: String(apiPort), ...dbEnv });
let bff: ChildProcess | undefined;
let bffNoCache: ChildProcess | undefined;
let bffQuiet: ChildProcess | undefined;
let baseline: ChildProcess | undefined;
try {
  await waitFor(`http://127.0.0.1:${apiPort}/healthz`);
  if (databaseUrl) await addVacancies(databaseUrl, extraVacancies);
  const token = readFileSync(path.join(dataDir, 'service-token'), 'utf8').trim();
  bff = start('bff/src/index.ts', { PORT: String(bffPort), API_URL: `http://127.0.0.1:${apiPort}` });
  // The same BFF with its public list cache off: every request goes to the api.
  bffNoCache = start('bff/src/index.ts', {
    PORT: String(bffNoCachePort),
    API_URL: `http://127.0.0.1:${apiPort}`,
    PUBLIC_CACHE_TTL_MS: '0',
  });
  // The same BFF without its one log line per request (LOG_LEVEL=warn): what that line costs.
  bffQuiet = start('bff/src/index.ts', {
    PORT: String(bffQuietPort),
    API_URL: `http://127.0.0.1:${apiPort}`,
    LOG_LEVEL: 'warn',
  });
  await waitFor(`http://127.0.0.1:${bffPort}/readyz`);
  await waitFor(`http://127.0.0.1:${bffNoCachePort}/readyz`);
  await waitFor(`http://127.0.0.1:${bffQuietPort}/readyz`);

  const body = JSON.stringify({ query: QUERY, variables: { page: 1, pageSize: PAGE_SIZE } });
  const graphqlRequest = (): Req => ({
    path: '/graphql',
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  });
  // The exact bytes the BFF answers, served from memory by the baseline.
  const answer = await fetch(`http://127.0.0.1:${bffPort}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  });
  const bytes = Buffer.from(await answer.arrayBuffer());
  const parsed = JSON.parse(bytes.toString('utf8')) as { data?: { vacancies?: { totalCount: number } } };
  if (!parsed.data?.vacancies) throw new Error(`unexpected BFF answer: ${bytes.toString('utf8').slice(0, 200)}`);
  const bodyFile = path.join(dataDir, 'baseline.json');
  writeFileSync(bodyFile, bytes);
  baseline = startBaseline(bodyFile);
  await waitFor(`http://127.0.0.1:${baselinePort}/`);

  const auth = { authorization: `Bearer ${token}` };
  const bareTarget: Target = { origin: `http://127.0.0.1:${baselinePort}`, make: graphqlRequest, pid: baseline.pid };
  const cachedTarget: Target = { origin: `http://127.0.0.1:${bffPort}`, make: graphqlRequest, pid: bff.pid };
  const quietTarget: Target = { origin: `http://127.0.0.1:${bffQuietPort}`, make: graphqlRequest, pid: bffQuiet.pid };
  const [bare, gql, gqlQuiet, gqlNoCache, restAll, restPage] = (await measure(
    [
      bareTarget,
      cachedTarget,
      quietTarget,
      { origin: `http://127.0.0.1:${bffNoCachePort}`, make: graphqlRequest, pid: bffNoCache.pid },
      {
        origin: `http://127.0.0.1:${apiPort}`,
        make: () => ({ path: '/sedes/vacantes/lista', method: 'GET', headers: auth }),
        pid: api.pid,
      },
      {
        origin: `http://127.0.0.1:${apiPort}`,
        pid: api.pid,
        make: () => ({
          path: `/sedes/vacantes/lista?scope=public&page=1&pageSize=${PAGE_SIZE}`,
          method: 'GET',
          headers: auth,
        }),
      },
    ],
    concurrency,
  )) as [Result, Result, Result, Result, Result, Result];
  // The public cache again with more visitors at once (the issue asks for 16 and 64).
  const high = highConcurrency
    ? ((await measure([bareTarget, cachedTarget, quietTarget], highConcurrency)) as [Result, Result, Result])
    : null;

  const fmt = (r: Result) =>
    `${r.rps.toFixed(0).padStart(7)} req/s   ${r.cpuUs.toFixed(0).padStart(6)} µs CPU/req   p50 ${r.p50.toFixed(2).padStart(7)} ms   p99 ${r.p99.toFixed(2).padStart(7)} ms   errors ${r.errors}`;
  const ratio = (a: Result, b: Result) => (a.rps / b.rps).toFixed(2);
  console.log(
    `\nPublic vacancy list (${parsed.data.vacancies.totalCount} open of ${extraVacancies ? `demo + ${extraVacancies}` : 'demo'} vacancies), ` +
      `${concurrency} concurrent, ${seconds} s each in 10 alternating turns, ${databaseUrl ? 'PostgreSQL' : 'PGlite'}; ${bytes.length} bytes per answer`,
  );
  console.log(`  baseline  node:http, same bytes from memory   ${fmt(bare)}`);
  console.log(`  bff       GraphQL vacancies (page 1, size ${PAGE_SIZE})     ${fmt(gql)}`);
  console.log(`  bff       same, no request log lines           ${fmt(gqlQuiet)}`);
  console.log(`  bff       same, public list cache off          ${fmt(gqlNoCache)}`);
  console.log(`  api       GET /sedes/vacantes/lista (whole)    ${fmt(restAll)}`);
  console.log(`  api       same, ?scope=public&page=1&pageSize=${PAGE_SIZE} ${fmt(restPage)}`);
  console.log(`  cached bff / baseline:           ${ratio(gql, bare)}  (goal ≥ 0.6)`);
  console.log(
    `  same, by CPU per request:        ${(bare.cpuUs / gql.cpuUs).toFixed(2)}  (baseline µs / bff µs; steadier on a busy machine)`,
  );
  console.log(`  same, without request log lines: ${ratio(gqlQuiet, bare)}  (what the line per request costs)`);
  if (high) {
    const [bareHigh, gqlHigh, quietHigh] = high;
    console.log(`  at ${highConcurrency} concurrent:`);
    console.log(`    baseline                       ${fmt(bareHigh)}`);
    console.log(`    cached bff                     ${fmt(gqlHigh)}`);
    console.log(`    cached bff, no request lines   ${fmt(quietHigh)}`);
    console.log(`    cached bff / baseline:         ${ratio(gqlHigh, bareHigh)}  (goal ≥ 0.6)`);
    console.log(`    same, by CPU per request:      ${(bareHigh.cpuUs / gqlHigh.cpuUs).toFixed(2)}`);
    console.log(`    same, without request lines:   ${ratio(quietHigh, bareHigh)}`);
  }
  console.log(`  uncached bff / api whole list:   ${ratio(gqlNoCache, restAll)}  (goal ≥ 1.5)`);
  console.log(`  uncached bff / api paged answer: ${ratio(gqlNoCache, restPage)}\n`);
} finally {
  baseline?.kill('SIGTERM');
  bff?.kill('SIGTERM');
  bffNoCache?.kill('SIGTERM');
  bffQuiet?.kill('SIGTERM');
  api.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, process.env.BENCH_NODE_ARGS ? 3_000 : 500));
  rmSync(dataDir, { recursive: true, force: true });
}
