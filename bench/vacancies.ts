// Public vacancy list through the BFF (GraphQL) vs directly from the api (REST): same run, same
// concurrency, same duration. api and bff run as their own processes, as in production; this
// process only generates load on loopback. Prints throughputs, the ratio and p50/p99 latencies.
//
//   npm run bench                      # PGlite in a temporary data dir
//   BENCH_SECONDS=10 BENCH_CONCURRENCY=32 npm run bench
//   BENCH_DATABASE_URL=postgres://… npm run bench
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Pool } from 'undici';

const root = path.resolve(import.meta.dirname, '..');
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 16);
const apiPort = 14_001;
const bffPort = 14_000;
const bffNoCachePort = 14_002;
const dataDir = mkdtempSync(path.join(tmpdir(), 'bolsa-bench-'));

const QUERY = `query Board($page: Int, $pageSize: Int) {
  vacancies(page: $page, pageSize: $pageSize) {
    totalCount featuredCount
    items { id name featured publishedAt place imageUrl url branch { id name } }
  }
}`;

function start(entry: string, env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, SEED_DEMO: 'true', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function waitFor(url: string) {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not come up`);
}

interface Result {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function load(
  origin: string,
  make: () => { path: string; method: 'GET' | 'POST'; headers: Record<string, string>; body?: string },
): Promise<Result> {
  const pool = new Pool(origin, { connections: concurrency, pipelining: 1 });
  const latencies: number[] = [];
  let errors = 0;
  const run = async (until: number, record: boolean) => {
    while (Date.now() < until) {
      const t0 = performance.now();
      try {
        const res = await pool.request(make());
        await res.body.text();
        if (res.statusCode !== 200) errors++;
      } catch {
        errors++;
      }
      if (record) latencies.push(performance.now() - t0);
    }
  };
  const warm = Date.now() + 1_000;
  await Promise.all(Array.from({ length: concurrency }, () => run(warm, false)));
  const t0 = Date.now();
  const end = t0 + seconds * 1_000;
  await Promise.all(Array.from({ length: concurrency }, () => run(end, true)));
  const elapsed = (Date.now() - t0) / 1_000;
  await pool.close();
  latencies.sort((a, b) => a - b);
  const q = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? NaN;
  return { rps: latencies.length / elapsed, p50: q(0.5), p99: q(0.99), errors };
}

const dbEnv: Record<string, string> = process.env.BENCH_DATABASE_URL
  ? { DATABASE_URL: process.env.BENCH_DATABASE_URL }
  : {};
const api = start('api/src/index.ts', { API_PORT: String(apiPort), ...dbEnv });
let bff: ChildProcess | undefined;
let bffNoCache: ChildProcess | undefined;
try {
  await waitFor(`http://127.0.0.1:${apiPort}/healthz`);
  const token = readFileSync(path.join(dataDir, 'service-token'), 'utf8').trim();
  bff = start('bff/src/index.ts', { PORT: String(bffPort), API_URL: `http://127.0.0.1:${apiPort}` });
  // The same BFF with its public catalogue cache off: every request goes to the api.
  bffNoCache = start('bff/src/index.ts', {
    PORT: String(bffNoCachePort),
    API_URL: `http://127.0.0.1:${apiPort}`,
    PUBLIC_CACHE_TTL_MS: '0',
  });
  await waitFor(`http://127.0.0.1:${bffPort}/readyz`);
  await waitFor(`http://127.0.0.1:${bffNoCachePort}/readyz`);

  const rest = await load(`http://127.0.0.1:${apiPort}`, () => ({
    path: '/sedes/vacantes/lista',
    method: 'GET',
    headers: { authorization: `Bearer ${token}` },
  }));
  const body = JSON.stringify({ query: QUERY, variables: { page: 1, pageSize: 6 } });
  const graphqlRequest = () => ({
    path: '/graphql',
    method: 'POST' as const,
    headers: { 'content-type': 'application/json' },
    body,
  });
  const gql = await load(`http://127.0.0.1:${bffPort}`, graphqlRequest);
  const gqlNoCache = await load(`http://127.0.0.1:${bffNoCachePort}`, graphqlRequest);

  const fmt = (r: Result) =>
    `${r.rps.toFixed(0).padStart(7)} req/s   p50 ${r.p50.toFixed(2).padStart(7)} ms   p99 ${r.p99.toFixed(2).padStart(7)} ms   errors ${r.errors}`;
  console.log(
    `\nPublic vacancy list, ${concurrency} concurrent, ${seconds} s each (${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`,
  );
  console.log(`  api  REST    GET /sedes/vacantes/lista  ${fmt(rest)}`);
  console.log(`  bff  GraphQL vacancies(page 1, size 6)  ${fmt(gql)}`);
  console.log(`  bff  GraphQL, catalogue cache off         ${fmt(gqlNoCache)}`);
  console.log(
    `  ratio bff/api throughput: ${(gql.rps / rest.rps).toFixed(2)} (target ≥ 0.80); cache off: ${(gqlNoCache.rps / rest.rps).toFixed(2)}\n`,
  );
} finally {
  bff?.kill('SIGTERM');
  bffNoCache?.kill('SIGTERM');
  api.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  rmSync(dataDir, { recursive: true, force: true });
}
