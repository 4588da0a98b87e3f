import { runSeeds, type SeedOptions } from '../demo/index.js';
import type { FileStore } from '../storage/index.js';
import type { Db } from './database.js';
import { migrateToLatest, withMigrationLock } from './migrate.js';

export interface PrepareResult {
  /** Migrations this run applied (empty when the database was already up to date). */
  applied: string[];
}

/**
 * Brings a database up to this code: pending migrations, then reference data (Guatemala's
 * geography) and, when asked, the demo data — all under one lock, so processes starting together
 * do it once (see migrate.ts). The api runs this at start-up (MIGRATE_ON_START) and `npm run
 * migrate` on its own.
 */
export async function prepareDatabase(db: Db, files: FileStore, seeds: SeedOptions): Promise<PrepareResult> {
  return withMigrationLock(
    db,
    async () => {
      const applied = await migrateToLatest(db);
      await runSeeds(db, files, seeds);
      return { applied };
    },
    { onWait: () => seeds.log('Otro proceso está migrando la base de datos; esperando a que termine…') },
  );
}
