import { randomBytes } from 'node:crypto';
import { cp, mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { todayInGuatemala } from '@bolsa/domain';
import { capturingLogger as pinoCapture, type Logger } from '../../src/observability/index.js';
import { startApi, type RunningApi, type StartApiOptions } from '../../src/server.js';
import { TEST_SNAPSHOT_DIR, snapshotPlan } from '../../src/db/snapshot.js';
import { loadConfig } from '../../src/config.js';
import { createDatabase } from '../../src/db/database.js';
import { prepareDatabase } from '../../src/db/prepare.js';
import { createFileStore } from '../../src/storage/index.js';

export interface TestApi {
  api: RunningApi;
  /** Everything the api logged (request lines and errors), one JSON line each, for assertions. */
  logs: string[];
  close(): Promise<void>;
}

export interface DatabaseCase {
  name: string;
  /** `options` are added to the harness's own (a clock, no demo data…). */
  start(options?: StartApiOptions): Promise<TestApi>;
}

function capturingLogger(): { logger: Logger; logs: string[] } {
  const logs: string[] = [];
  return { logs, logger: pinoCapture('api', logs) };
}

async function startOnPglite(options: StartApiOptions = {}): Promise<TestApi> {
  const { logger, logs } = capturingLogger();
  const api = await startApi({
    memory: true,
    port: 0,
    log: true,
    logger,
    seedDemo: true,
    snapshotDir: TEST_SNAPSHOT_DIR,
    ...options,
  });
  return { api, logs, close: () => api.close() };
}

/*
 * PostgreSQL: each test file gets a database of its own, copied (CREATE DATABASE … TEMPLATE) from a
 * template that was migrated and seeded once for these sources, with a copy of the files the seeds
 * stored — the PostgreSQL counterpart of the PGlite snapshot (api/src/db/snapshot.ts), named by the
 * same key (sources, lockfile, seed options, Guatemala date). The template is exactly what
 * `prepareDatabase` leaves (no worker or start-up job has run on it); the copy's api then starts as
 * any api does on a prepared database (migrations and seeds find nothing to do), its seed lines said
 * again in its log. A start that changes what is seeded (seedDemo, orgEmailDomain, migrate, files)
 * gets an empty schema of its own instead, and migrates and seeds there.
 */
interface PgTemplate {
  database: string;
  /** The seeds' files, copied into each copy's file folder. */
  files: string;
  /** The seeds' log lines. */
  log: string[];
}

const TEMPLATE_DIR = path.join(os.tmpdir(), 'bolsa-test-pg-templates');
/** Templates of other sources are dropped once this old (other checkouts' runs may still be copying theirs). */
const TEMPLATE_MAX_AGE_MS = 12 * 3_600_000;
/** One lock across every worker and process building templates on this cluster (any key). */
const TEMPLATE_LOCK = 0x626f6c74; // 'bolt'

const withDatabase = (url: string, database: string): string => {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
};

async function query<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

let template: Promise<PgTemplate> | undefined;

async function pgTemplate(url: string): Promise<PgTemplate> {
  const orgEmailDomain = loadConfig().ORG_EMAIL_DOMAIN;
  const { key } = snapshotPlan(TEMPLATE_DIR, { demo: true, orgEmailDomain, today: todayInGuatemala() });
  const database = `bolsa_tpl_${key.replace('-', '_')}`;
  const folder = path.join(TEMPLATE_DIR, key);
  const ready = async (): Promise<PgTemplate | null> => {
    try {
      const log = JSON.parse(await readFile(path.join(folder, 'log.json'), 'utf8')) as string[];
      const found = await query(url, (c) => c.query('select 1 from pg_database where datname = $1', [database]));
      return found.rowCount ? { database, files: path.join(folder, 'files'), log } : null;
    } catch {
      return null;
    }
  };
  const existing = await ready();
  if (existing) return existing;
  return query(url, async (admin) => {
    await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    try {
      const built = await ready();
      if (built) return built;
      // Built under a name of its own and renamed once whole: a template that exists is complete.
      const staging = `${database}_tmp`;
      await admin.query(`drop database if exists ${staging} with (force)`);
      await admin.query(`create database ${staging}`);
      const stagingFiles = path.join(TEMPLATE_DIR, `.${key}-${process.pid}`);
      await rm(stagingFiles, { recursive: true, force: true });
      await mkdir(path.join(stagingFiles, 'files'), { recursive: true });
      const log: string[] = [];
      const db = await createDatabase({ kind: 'postgres', url: withDatabase(url, staging) });
      try {
        const files = createFileStore({}, path.join(stagingFiles, 'files'));
        await files.ready?.();
        await prepareDatabase(db, files, { demo: true, orgEmailDomain, log: (line) => log.push(line) });
      } finally {
        await db.destroy();
      }
      await writeFile(path.join(stagingFiles, 'log.json'), JSON.stringify(log));
      await rm(folder, { recursive: true, force: true });
      await rename(stagingFiles, folder);
      await admin.query(`alter database ${staging} rename to ${database}`);
      await admin.query(`comment on database ${database} is '${Date.now()}'`);
      // Other sources' templates, once old enough that no run still copies them.
      const old = await admin.query<{ datname: string; made: string | null }>(
        `select datname, shobj_description(oid, 'pg_database') as made from pg_database
         where datname like 'bolsa\\_tpl\\_%' and datname <> $1`,
        [database],
      );
      for (const { datname, made } of old.rows)
        if (!/^\d+$/.test(made ?? '') || Date.now() - Number(made) > TEMPLATE_MAX_AGE_MS) {
          await admin.query(`drop database if exists ${datname} with (force)`).catch(() => undefined);
          await rm(path.join(TEMPLATE_DIR, datname.slice('bolsa_tpl_'.length).replace('_', '-')), {
            recursive: true,
            force: true,
          });
        }
      for (const name of await readdir(TEMPLATE_DIR).catch(() => [] as string[]))
        if (name !== key && !name.startsWith('.')) {
          const exists = await admin.query('select 1 from pg_database where datname = $1', [
            `bolsa_tpl_${name.replace('-', '_')}`,
          ]);
          if (!exists.rowCount) await rm(path.join(TEMPLATE_DIR, name), { recursive: true, force: true });
        }
      return { database, files: path.join(folder, 'files'), log };
    } finally {
      await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK]).catch(() => undefined);
    }
  });
}

/** Options that change what a start migrates or seeds: such a start cannot begin from the template. */
const changesTheSeed = (options: StartApiOptions): boolean =>
  options.seedDemo === false ||
  options.orgEmailDomain !== undefined ||
  options.migrate !== undefined ||
  options.files !== undefined ||
  options.databaseUrl !== undefined;

async function startFromTemplate(url: string, options: StartApiOptions): Promise<TestApi> {
  template ??= pgTemplate(url);
  let made: PgTemplate;
  try {
    made = await template;
  } catch (err) {
    template = undefined;
    throw err;
  }
  const database = `test_${randomBytes(6).toString('hex')}`;
  await query(url, (c) => c.query(`create database ${database} template ${made.database}`));
  const filesDir = await mkdtemp(path.join(os.tmpdir(), 'bolsa-api-pg-'));
  const dropAll = async () => {
    await query(url, (c) => c.query(`drop database if exists ${database} with (force)`));
    await rm(filesDir, { recursive: true, force: true });
  };
  const { logger, logs } = capturingLogger();
  let api: RunningApi;
  try {
    await cp(made.files, filesDir, { recursive: true });
    // The seeds' lines first, as a start that seeds says them before its own.
    for (const line of made.log) logger.info(line);
    api = await startApi({
      databaseUrl: withDatabase(url, database),
      memory: true,
      port: 0,
      log: true,
      logger,
      seedDemo: true,
      files: createFileStore({}, filesDir),
      ...options,
    });
  } catch (err) {
    await dropAll();
    throw err;
  }
  const started = api;
  return {
    api: { ...started, filesDir },
    logs,
    async close() {
      await started.close();
      await dropAll();
    },
  };
}

/** PostgreSQL: a copy of the seeded template, or (a start that seeds otherwise) a schema of its own. */
async function startOnPostgres(url: string, options: StartApiOptions = {}): Promise<TestApi> {
  if (process.env.BOLSA_TEST_SNAPSHOTS !== '0' && !changesTheSeed(options)) return startFromTemplate(url, options);
  return startOnPostgresSchema(url, options);
}

/** Each test file gets its own schema, so files can run in parallel against one database. */
async function startOnPostgresSchema(url: string, options: StartApiOptions = {}): Promise<TestApi> {
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`create schema ${schema}`);
  } finally {
    await admin.end();
  }
  const dropSchema = async () => {
    const cleanup = new pg.Client({ connectionString: url });
    await cleanup.connect();
    try {
      await cleanup.query(`drop schema if exists ${schema} cascade`);
    } finally {
      await cleanup.end();
    }
  };
  const scoped = new URL(url);
  scoped.searchParams.set('options', `-c search_path=${schema}`);
  const { logger, logs } = capturingLogger();
  let api: RunningApi;
  try {
    api = await startApi({
      databaseUrl: scoped.toString(),
      memory: true,
      port: 0,
      log: true,
      logger,
      seedDemo: true,
      ...options,
    });
  } catch (err) {
    await dropSchema();
    throw err;
  }
  return {
    api,
    logs,
    async close() {
      await api.close();
      await dropSchema();
    },
  };
}

/** The captured JSON log lines, parsed. */
export interface LogRecord {
  level: string;
  msg: string;
  reqId?: string;
  method?: string;
  route?: string;
  status?: number;
  ms?: number;
  [key: string]: unknown;
}
export const records = (logs: readonly string[]): LogRecord[] => logs.map((l) => JSON.parse(l) as LogRecord);

const pgUrl = process.env.TEST_DATABASE_URL?.trim();

export const databases: DatabaseCase[] = [
  { name: 'PGlite', start: startOnPglite },
  ...(pgUrl ? [{ name: 'PostgreSQL', start: (options?: StartApiOptions) => startOnPostgres(pgUrl, options) }] : []),
];
