import { PGliteAdapter, sql } from 'kysely';
import { Migrator, NO_MIGRATIONS, type MigrationResultSet } from 'kysely/migration';
import type { Db } from './database.js';
import { migrationProvider } from './migrations/index.js';

/**
 * Migrations, and the seeds that follow them, run once however many processes start together.
 *
 * Kysely's Migrator already serialises the migrations themselves on PostgreSQL: it holds a
 * session-level `pg_advisory_lock` on a fixed key (one per database, whatever the schema) around
 * reading the executed list and running the pending ones in one transaction, and it tolerates a
 * racing `create table if not exists` of its bookkeeping tables. It does not cover what runs
 * after it: the seeds check "is the board empty?" and insert, so two replicas starting together
 * both seeded (and one crashed on a unique key). This lock is held around the whole preparation.
 *
 * The key is ours (two int4 halves: a fixed class and the schema's hash), so it neither collides
 * with Kysely's nor makes two schemas of one database (the tests run one per file) wait for each
 * other. It is taken on a connection of its own, held for the whole run and released in `finally`;
 * a killed process's connection closes and PostgreSQL releases the lock with it.
 */
const LOCK_CLASS = 0x626f6c73; // 'bols'

/** PGlite is one connection inside this process: an in-process queue per database does the job. */
const localQueues = new WeakMap<Db, Promise<unknown>>();

const isPglite = (db: Db): boolean => db.getExecutor().adapter instanceof PGliteAdapter;

export interface LockOptions {
  /** Told once when another process holds the lock and this one waits for it. */
  onWait?: () => void;
}

export async function withMigrationLock<T>(db: Db, fn: () => Promise<T>, options: LockOptions = {}): Promise<T> {
  if (isPglite(db)) {
    const previous = localQueues.get(db) ?? Promise.resolve();
    const run = previous.then(fn, fn);
    localQueues.set(
      db,
      run.catch(() => undefined),
    );
    return run;
  }
  return db.connection().execute(async (conn) => {
    const key = sql`${sql.lit(LOCK_CLASS)}::int4, hashtext(current_schema())`;
    const { rows } = await sql<{ ok: boolean }>`select pg_try_advisory_lock(${key}) as ok`.execute(conn);
    if (!rows[0]?.ok) {
      options.onWait?.();
      await sql`select pg_advisory_lock(${key})`.execute(conn);
    }
    try {
      return await fn();
    } finally {
      await sql`select pg_advisory_unlock(${key})`.execute(conn);
    }
  });
}

async function migrator(db: Db): Promise<Migrator> {
  // Kysely looks for its bookkeeping tables in every schema unless told which one; another app
  // (or a parallel test) with a kysely_migration table elsewhere would make it skip creating ours.
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db);
  const schema = rows[0]?.schema;
  if (!schema) throw new Error('La base de datos no tiene un esquema actual (revise search_path)');
  return new Migrator({ db, provider: migrationProvider, migrationTableSchema: schema });
}

/** The names of the migrations this code knows, in order. */
export async function knownMigrations(): Promise<string[]> {
  return Object.keys(await migrationProvider.getMigrations()).sort();
}

export interface MigrationStatus {
  /** Executed in this database, in order (including any this code does not know). */
  executed: string[];
  /** Known to this code and not yet executed. */
  pending: string[];
  /** Executed in this database but unknown to this code: the database is from a newer version. */
  unknown: string[];
}

/** What has run and what is left, without changing anything (no bookkeeping table is created). */
export async function migrationStatus(db: Db): Promise<MigrationStatus> {
  const known = await knownMigrations();
  const { rows: tables } = await sql<{ n: number }>`
    select count(*)::int as n from information_schema.tables
    where table_schema = current_schema() and table_name = 'kysely_migration'`.execute(db);
  const executed =
    (tables[0]?.n ?? 0) > 0
      ? (await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db)).rows.map(
          (r) => r.name,
        )
      : [];
  const done = new Set(executed);
  return {
    executed,
    pending: known.filter((name) => !done.has(name)),
    unknown: executed.filter((name) => !known.includes(name)),
  };
}

function check(result: Awaited<ReturnType<Migrator['migrateToLatest']>>): string[] {
  const { error, results } = result;
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const name = failed ? ` (${failed.migrationName})` : '';
    throw new Error(`Fallo al migrar la base de datos${name}`, { cause: error });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/**
 * Kysely's migrator finds its own tables by listing the tables of every schema of the database; a
 * schema another client drops meanwhile (the test files, one schema each, on one database) makes
 * that listing fail with invalid_schema_name before any migration has run. Listing again is all it
 * takes: nothing was done, and the migrator skips what another process did.
 */
async function migrate(db: Db, run: (m: Migrator) => Promise<MigrationResultSet>): Promise<string[]> {
  for (let attempt = 1; ; attempt++) {
    const result = await run(await migrator(db));
    const code = (result.error as { code?: unknown } | undefined)?.code;
    if (code === '3F000' && !result.results?.length && attempt < 5) continue;
    return check(result);
  }
}

/** Runs every pending migration; returns the names it ran (none when another process did). */
export async function migrateToLatest(db: Db): Promise<string[]> {
  return migrate(db, (m) => m.migrateToLatest());
}

/** Migrates up (or down) to exactly `name`, or to nothing with `null` (a restore's first step). */
export async function migrateTo(db: Db, name: string | null): Promise<string[]> {
  return migrate(db, (m) => m.migrateTo(name ?? NO_MIGRATIONS));
}

/**
 * For an api that does not migrate at start-up (MIGRATE_ON_START=false): refuses a database its
 * code does not match, naming the command that fixes it.
 */
export async function assertMigrated(db: Db): Promise<void> {
  const status = await migrationStatus(db);
  if (status.unknown.length > 0)
    throw new Error(
      `La base de datos tiene migraciones que esta versión no conoce (${status.unknown.join(', ')}): ` +
        'instale la versión que la migró o una más reciente ' +
        '(the database was migrated by a newer version of the api).',
    );
  if (status.pending.length > 0)
    throw new Error(
      `La base de datos no está al día: faltan ${status.pending.length} migraciones (${status.pending.join(', ')}). ` +
        'Ejecute `npm run migrate` o inicie con MIGRATE_ON_START=true ' +
        '(the database schema is behind this version: run `npm run migrate`).',
    );
}
