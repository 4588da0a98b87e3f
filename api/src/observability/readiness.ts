import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import type { Db } from '../db/database.js';
import { migrationProvider } from '../db/migrations/index.js';

export interface ReadinessReport {
  ok: boolean;
  database: boolean;
  migrations: boolean;
  draining: boolean;
}

/**
 * Whether this api can serve (GET /internal/readyz): the database answers, every migration this
 * code knows has been applied, and the process is not shutting down. Liveness (/healthz) is only
 * "the process answers and can reach its database".
 */
export class Readiness {
  draining = false;
  /** Migrations never un-apply: once seen complete, they are not read again. */
  private migrated = false;

  constructor(private readonly db: Db) {}

  async check(): Promise<ReadinessReport> {
    let database = false;
    try {
      await sql`select 1`.execute(this.db);
      database = true;
      if (!this.migrated) this.migrated = await this.allMigrationsApplied();
    } catch {
      // reported below as not ready
    }
    const migrations = this.migrated;
    return { ok: database && migrations && !this.draining, database, migrations, draining: this.draining };
  }

  private async allMigrationsApplied(): Promise<boolean> {
    const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(this.db);
    const migrator = new Migrator({
      db: this.db,
      provider: migrationProvider,
      migrationTableSchema: rows[0]?.schema ?? undefined,
    });
    const all = await migrator.getMigrations();
    return all.every((m) => m.executedAt !== undefined);
  }
}
