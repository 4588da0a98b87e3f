import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Db } from '../src/db/database.js';
import { migrationStatus } from '../src/db/migrate.js';
import { migrationProvider } from '../src/db/migrations/index.js';
import { prepareDatabase } from '../src/db/prepare.js';
import { createLocalFileStore } from '../src/storage/index.js';
import { createLogger } from '../src/observability/index.js';
import { startApi } from '../src/server.js';
import { freePort, runNode, startNode, stopChild, waitHealthy, type Child } from './support/processes.js';

/**
 * Issue 21 item 8: migrations (and the seeds after them) run once however many processes start
 * together on one database. The real thing needs PostgreSQL (PGlite is one process's database):
 * two api processes, and two `npm run migrate` runs, on one fresh schema at the same time.
 */
const pgUrl = process.env.TEST_DATABASE_URL?.trim();

const MIGRATIONS = Object.keys(await migrationProvider.getMigrations()).sort();

/** Rows per table (kysely's own tables aside), for comparing a schema with a single run's. */
async function rowCounts(db: Db): Promise<Record<string, number>> {
  const { rows } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name not like 'kysely_%'
    order by 1`.execute(db);
  const out: Record<string, number> = {};
  for (const { name } of rows) {
    const r = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(name)}`.execute(db);
    out[name] = r.rows[0]!.n;
  }
  return out;
}

async function executedMigrations(db: Db): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
  return rows.map((r) => r.name);
}

const quiet = createLogger('api', { level: 'silent' });

/** What one api start alone leaves in a database: the expected counts after any number of starts. */
let reference: Record<string, number> = {};
beforeAll(async () => {
  const api = await startApi({ memory: true, port: 0, seedDemo: true, log: false, logger: quiet });
  try {
    reference = await rowCounts(api.db);
  } finally {
    await api.close();
  }
}, 120_000);

describe.skipIf(!pgUrl)('on one fresh PostgreSQL schema (skipped without TEST_DATABASE_URL)', () => {
  const schemas: string[] = [];
  const dirs: string[] = [];
  const children: Child[] = [];

  async function freshSchema(): Promise<{ url: string; db: Db; dataDir: string }> {
    const schema = `migrate_${randomBytes(5).toString('hex')}`;
    schemas.push(schema);
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    const scoped = new URL(pgUrl!);
    scoped.searchParams.set('options', `-c search_path=${schema}`);
    const db = await createDatabase({ kind: 'postgres', url: scoped.toString() });
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bolsa-migrate-'));
    dirs.push(dataDir);
    return { url: scoped.toString(), db, dataDir };
  }

  afterAll(async () => {
    await Promise.all(children.map(stopChild));
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    for (const s of schemas) await admin.query(`drop schema if exists ${s} cascade`);
    await admin.end();
    for (const d of dirs) await rm(d, { recursive: true, force: true });
  }, 60_000);

  it('two api processes starting together both serve; each migration ran once and the demo data is loaded once', async () => {
    const { url, db, dataDir } = await freshSchema();
    try {
      const env = {
        NODE_ENV: 'test',
        DATABASE_URL: url,
        DATA_DIR: dataDir,
        SERVICE_TOKEN: randomBytes(24).toString('hex'),
        SEED_DEMO: 'true',
        API_HOST: '127.0.0.1',
        API_LOG: 'false',
        // The daily retention run (one audit row, one run row on the first start of a day) is not
        // what this test counts; retention.test.ts proves it runs once across processes.
        RETENTION_JOB: 'false',
      };
      const ports = [await freePort(), await freePort()];
      const started = ports.map((port) => startNode('api/src/index.ts', [], { ...env, API_PORT: String(port) }));
      children.push(...started);
      await Promise.all(started.map((c, i) => waitHealthy(`http://127.0.0.1:${ports[i]}`, c)));

      expect(await executedMigrations(db)).toEqual(MIGRATIONS);
      expect(await rowCounts(db)).toEqual(reference);
    } finally {
      await db.destroy();
    }
  }, 240_000);

  it('two `npm run migrate` runs at once both succeed; the schema is complete and seeded once', async () => {
    const { url, db, dataDir } = await freshSchema();
    try {
      const env = { NODE_ENV: 'test', DATABASE_URL: url, DATA_DIR: dataDir, SEED_DEMO: 'true' };
      const runs = await Promise.all([
        runNode('api/src/cli/migrate.ts', [], env),
        runNode('api/src/cli/migrate.ts', [], env),
      ]);
      for (const r of runs) expect(r.code, r.output).toBe(0);
      // One of them did the work, the other found nothing left to do.
      const applied = runs.map((r) => /Applied (\d+) migration/.exec(r.output)?.[1]);
      expect(applied.sort()).toEqual(['0', String(MIGRATIONS.length)]);

      expect(await executedMigrations(db)).toEqual(MIGRATIONS);
      expect(await rowCounts(db)).toEqual(reference);

      // Run again: nothing pending, nothing seeded twice.
      const again = await runNode('api/src/cli/migrate.ts', [], env);
      expect(again.code, again.output).toBe(0);
      expect(again.output).toContain('Applied 0 migrations');
      expect(await rowCounts(db)).toEqual(reference);
    } finally {
      await db.destroy();
    }
  }, 240_000);
});

describe('on PGlite (one process)', () => {
  const dirs: string[] = [];
  const tempDir = async () => {
    const d = await mkdtemp(path.join(os.tmpdir(), 'bolsa-migrate-'));
    dirs.push(d);
    return d;
  };
  afterAll(async () => {
    for (const d of dirs) await rm(d, { recursive: true, force: true });
  });

  it('two preparations of one database at once (two starts in one process) migrate and seed once', async () => {
    const db = await createDatabase({ kind: 'pglite-memory' });
    try {
      const files = createLocalFileStore(await tempDir());
      const seeds = { demo: true, orgEmailDomain: 'ejemplo.org.gt', log: () => undefined };
      const [a, b] = await Promise.all([prepareDatabase(db, files, seeds), prepareDatabase(db, files, seeds)]);
      expect([a.applied.length, b.applied.length].sort((x, y) => x - y)).toEqual([0, MIGRATIONS.length]);
      expect(await executedMigrations(db)).toEqual(MIGRATIONS);
      expect(await rowCounts(db)).toEqual(reference);
    } finally {
      await db.destroy();
    }
  }, 120_000);

  it('with MIGRATE_ON_START off the api refuses a database behind its code, naming `npm run migrate`; after it, it starts', async () => {
    const dataDir = await tempDir();
    const env = { NODE_ENV: 'test', DATA_DIR: dataDir, SEED_DEMO: 'false' };
    await expect(startApi({ dataDir, port: 0, migrate: false, log: false, logger: quiet })).rejects.toThrow(
      /no está al día: faltan \d+ migraciones .*npm run migrate/,
    );

    const behind = await runNode('api/src/cli/migrate.ts', ['--status'], env);
    expect(behind.code).toBe(1);
    expect(behind.output).toContain(`Pending:  ${MIGRATIONS.length}`);

    const run = await runNode('api/src/cli/migrate.ts', [], env);
    expect(run.code, run.output).toBe(0);
    expect(run.output).toContain(
      `Applied ${MIGRATIONS.length} migrations to PGlite in ${path.join(dataDir, 'pglite')}`,
    );
    const status = await runNode('api/src/cli/migrate.ts', ['--status'], env);
    expect(status.code, status.output).toBe(0);
    expect(status.output).toContain('Pending:  0');

    const api = await startApi({ dataDir, port: 0, migrate: false, seedDemo: false, log: false, logger: quiet });
    try {
      const s = await migrationStatus(api.db);
      expect(s.pending).toEqual([]);
      // Reference data came with `npm run migrate`, not with the start.
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from municipios`.execute(api.db);
      expect(rows[0]!.n).toBeGreaterThan(300);
    } finally {
      await api.close();
    }
  }, 180_000);
});
