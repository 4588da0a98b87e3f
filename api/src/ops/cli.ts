import type { DatabaseTarget } from '../db/database.js';

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
