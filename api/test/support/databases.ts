import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { capturingLogger as pinoCapture, type Logger } from '../../src/observability/index.js';
import { startApi, type RunningApi, type StartApiOptions } from '../../src/server.js';
import { TEST_SNAPSHOT_DIR } from '../../src/db/snapshot.js';

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

/** Each test file gets its own schema, so files can run in parallel against one database. */
async function startOnPostgres(url: string, options: StartApiOptions = {}): Promise<TestApi> {
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
