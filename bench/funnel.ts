// The funnel report (issue 12) at 50,000 candidates on PostgreSQL: p50/p95 of the report's SQL
// (the api's service, in process), of GET /internal/reportes/embudo over HTTP, of Query.funnelReport and
// of the CSV through the BFF, for every vacancy and for one; with the statement's plan.
// Goal: well under 200 ms.
//
//   npm run bench:funnel
//   BENCH_DATABASE_URL=postgres://…  (default TEST_DATABASE_URL, else postgres://bolsa:bolsa@127.0.0.1:5432/bolsa_funnel;
//                                     its public schema is emptied first)
//   BENCH_CANDIDATES=50000 BENCH_REQUESTS=100
import { defaultFunnelRange, FUNNEL_STEPS } from '@bolsa/domain';
import { Kysely, PostgresDialect, sql, type CompiledQuery } from 'kysely';
import pg from 'pg';
import request from 'supertest';
import type { Database } from '../api/src/db/database.js';
import { migrateToLatest } from '../api/src/db/migrate.js';
import { runSeeds } from '../api/src/demo/index.js';
import { funnelReport } from '../api/src/reports/service.js';
import { startApi } from '../api/src/server.js';
import { createLocalFileStore } from '../api/src/storage/index.js';
import { loadConfig } from '../bff/src/config.js';
import { createServer } from '../bff/src/server.js';
import { mkdtempSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { seedLoad } from './load-seed.js';

const CANDIDATES = Number(process.env.BENCH_CANDIDATES ?? 50_000);
const VACANCIES = 40;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 100);
const pgUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://bolsa:bolsa@127.0.0.1:5432/bolsa_funnel';

const steps = sql`array[${sql.join(FUNNEL_STEPS.map((s) => sql`${s}`))}]::text[]`;

/**
 * A history for every load candidate that matches its state: each step up to it, a day or so
 * apart; one in four skipped the tests; the rejected ones were rejected at steps 1–5.
 */
async function seedHistory(db: Kysely<Database>) {
  const load = sql`select p.id, p.fecha_registro, p.etapa,
      case when p.etapa = 'rechazado' then 1 + p.id % 5 else array_position(${steps}, p.etapa) end as t,
      p.id % 4 = 0 as skip
    from postulantes p join plazas v on v.id = p.plaza_id where v.nombre like 'Plaza de carga %'`;
  await sql`insert into postulantes_historial (postulante_id, estado_anterior, estado_nuevo, en)
    select l.id, (${steps})[j - 1], (${steps})[j], l.fecha_registro + (j - 1) * (1 + l.id % 5) * interval '12 hours'
    from (${load}) l, generate_series(2, l.t) j
    where not (l.skip and l.t >= 5 and j in (3, 4))`.execute(db);
  await sql`insert into postulantes_historial (postulante_id, estado_anterior, estado_nuevo, en)
    select l.id, (${steps})[l.t], 'rechazado', l.fecha_registro + l.t * interval '1 day'
    from (${load}) l where l.etapa = 'rechazado'`.execute(db);
  await sql`update postulantes p set estado_antes_rechazo = (${steps})[1 + p.id % 5]
    where p.etapa = 'rechazado' and p.plaza_id in (select id from plazas where nombre like 'Plaza de carga %')`.execute(
    db,
  );
  await sql`vacuum analyze`.execute(db);
}

async function timed(label: string, one: () => Promise<void>) {
  await one();
  for (let i = 0; i < 5; i++) await one(); // warm-up
  const ms: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const t0 = performance.now();
    await one();
    ms.push(performance.now() - t0);
  }
  ms.sort((a, b) => a - b);
  const q = (p: number) => ms[Math.min(ms.length - 1, Math.floor(p * ms.length))]!;
  const flag = q(0.95) > 200 ? '   (> 200 ms)' : '';
  console.log(
    `  ${label.padEnd(40)} p50 ${q(0.5).toFixed(1).padStart(6)} ms   p95 ${q(0.95).toFixed(1).padStart(6)} ms${flag}`,
  );
}

const admin = new pg.Client({ connectionString: pgUrl });
await admin.connect();
await admin.query('drop schema public cascade; create schema public;');
await admin.end();

const captured: CompiledQuery[] = [];
const db = new Kysely<Database>({
  dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: pgUrl, max: 4 }) }),
  log: (e) => {
    if (e.level === 'query') captured.push(e.query);
  },
});
const dataDir = mkdtempSync(path.join(tmpdir(), 'bolsa-funnel-'));
const t0 = Date.now();
await migrateToLatest(db);
await runSeeds(db, createLocalFileStore(path.join(dataDir, 'files')), {
  demo: true,
  orgEmailDomain: 'ejemplo.org.gt',
  log: () => undefined,
});
await seedLoad(db, { candidates: CANDIDATES, vacancies: VACANCIES });
await seedHistory(db);
const counts = await sql<{ c: number; h: number }>`select (select count(*)::int from postulantes) as c,
  (select count(*)::int from postulantes_historial) as h`.execute(db);
console.log(
  `═══ PostgreSQL: ${counts.rows[0]!.c} candidatos, ${counts.rows[0]!.h} cambios de estado, ${VACANCIES} plazas de carga (sembrado ${Date.now() - t0} ms) ═══`,
);

const range = defaultFunnelRange();
const one = await db
  .selectFrom('plazas')
  .select('id')
  .where('nombre', '=', 'Plaza de carga 1')
  .executeTakeFirstOrThrow();
const all = await funnelReport(db, { desde: range.from, hasta: range.to, vacancyId: null });
console.log(
  `  ${range.from} … ${range.to}: ${all.general.total} postulaciones, ${all.plazas.length} plazas, alcanzaron ${all.general.etapas
    .map((e) => e.alcanzaron)
    .join(' → ')}, mediana a contratación ${all.general.medianaDiasContratacion} días`,
);

captured.length = 0;
await funnelReport(db, { desde: range.from, hasta: range.to, vacancyId: null });
const statement = captured.find((c) => c.sql.includes('percentile_cont'))!;
const plan = await db.transaction().execute(async (trx) => {
  await sql`set local work_mem = '32MB'`.execute(trx);
  return trx.executeQuery<{ 'QUERY PLAN': string }>({
    ...statement,
    sql: `explain (analyze, costs off, timing on) ${statement.sql}`,
  });
});
console.log('\n── Plan (todas las plazas) ──');
for (const r of plan.rows) console.log(`  ${r['QUERY PLAN']}`);

console.log(
  `\n── ${REQUESTS} consultas por caso, una a la vez (carga de la máquina: ${os.loadavg()[0]!.toFixed(1)} en ${os.cpus().length} núcleos) ──`,
);
await timed('SQL: todas las plazas', async () => {
  await funnelReport(db, { desde: range.from, hasta: range.to, vacancyId: null });
});
await timed('SQL: una plaza', async () => {
  await funnelReport(db, { desde: range.from, hasta: range.to, vacancyId: one.id });
});
await db.destroy();

const api = await startApi({ databaseUrl: pgUrl, dataDir, port: 0, seedDemo: false, log: false, smtpUrl: null });
const config = loadConfig(
  { NODE_ENV: 'test' },
  { apiUrl: api.url, serviceToken: api.token, webDist: null, loginDelayMs: 0 },
);
const bff = await createServer(config);
try {
  await timed('api: GET /internal/reportes/embudo', async () => {
    const res = await fetch(`${api.url}/internal/reportes/embudo?desde=${range.from}&hasta=${range.to}`, {
      headers: { authorization: `Bearer ${api.token}` },
    });
    if (res.status !== 200) throw new Error(`api ${res.status}`);
    await res.arrayBuffer();
  });
  const login = await request(bff.app).post('/graphql').send({
    query: 'mutation { staffLogin(username: "admin@ejemplo.org.gt", password: "Demo2026!") { viewer { id } } }',
  });
  const cookie = (login.headers['set-cookie'] as unknown as string[])
    .find((c) => c.startsWith('bolsa_sesion='))!
    .split(';')[0]!;
  const query = `query($from: Date!, $to: Date!) { funnelReport(from: $from, to: $to) { csvUrl
    overall { total hired rejected medianDaysToHire byState { state count } steps { state reached conversion medianDays } }
    vacancies { vacancyId vacancyName total hired rejected medianDaysToHire byState { state count }
      steps { state reached conversion medianDays } } } }`;
  await timed('BFF: Query.funnelReport', async () => {
    const res = await request(bff.app)
      .post('/graphql')
      .set('cookie', cookie)
      .send({ query, variables: { from: range.from, to: range.to } });
    if (res.body.errors) throw new Error(JSON.stringify(res.body.errors));
  });
  await timed('BFF: GET /reports/funnel.csv', async () => {
    const res = await request(bff.app)
      .get(`/reports/funnel.csv?from=${range.from}&to=${range.to}`)
      .set('cookie', cookie);
    if (res.status !== 200) throw new Error(`csv ${res.status}`);
  });
} finally {
  await bff.close();
  await api.close();
  rmSync(dataDir, { recursive: true, force: true });
}
