import path from 'node:path';
import { sql } from 'kysely';
import type { ApiConfig } from '../config.js';
import type { DatabaseTarget, Db } from '../db/database.js';

/** The database a command works on, without the password. */
export function describeTarget(target: DatabaseTarget): string {
  if (target.kind === 'pglite-dir') return `PGlite in ${target.dir}`;
  if (target.kind === 'pglite-memory') return 'PGlite in memory';
  const url = new URL(target.url);
  return `PostgreSQL ${url.host}${url.pathname}`;
}

/** Prints an operator-facing error (message and causes, no stack) and sets exit code 1. */
export function report(err: unknown): void {
  const lines: string[] = [];
  let e: unknown = err;
  while (e instanceof Error && lines.length < 5) {
    lines.push(e.message);
    e = e.cause;
  }
  if (lines.length === 0) lines.push(String(err));
  console.error(`Error: ${lines.join('\n  caused by: ')}`);
  process.exitCode = 1;
}

/** report(), then exit at once (before anything is open). */
export function fail(err: unknown): never {
  report(err);
  process.exit(1);
}

/** 'PostgreSQL 15.8 at host/db' or 'PGlite 17.5 in <dir>'. */
export async function describeDatabase(db: Db, target: DatabaseTarget): Promise<string> {
  const { rows } = await sql<{ v: string }>`select current_setting('server_version') as v`.execute(db);
  const version = rows[0]?.v.split(' ')[0] ?? '?';
  if (target.kind === 'postgres') {
    const url = new URL(target.url);
    return `PostgreSQL ${version} at ${url.host}${url.pathname}`;
  }
  return `PGlite (PostgreSQL ${version}) in ${target.kind === 'pglite-dir' ? target.dir : 'memory'}`;
}

/** Where the files are, as the api's settings say. */
export function describeStorage(
  config: Pick<ApiConfig, 'S3_ENDPOINT' | 'S3_BUCKET' | 'S3_PREFIX' | 'DATA_DIR'>,
): string {
  if (config.S3_ENDPOINT && config.S3_BUCKET)
    return `S3 bucket ${config.S3_BUCKET}${config.S3_PREFIX ? `/${config.S3_PREFIX}` : ''} at ${config.S3_ENDPOINT}`;
  return `the folder ${path.join(path.resolve(config.DATA_DIR), 'files')}`;
}
