import type { FileStore } from '../../files/repository.js';
import type { Db } from '../database.js';
import { isBoardEmpty, seedDemoData } from './demo.js';
import { seedGeography } from './geography.js';

export { seedGeography } from './geography.js';
export { isBoardEmpty, seedDemoData, type DemoSeedResult } from './demo.js';

export interface SeedOptions {
  demo: boolean;
  log: (line: string) => void;
}

/** Geography always; demo branches and vacancies only on an empty board. */
export async function runSeeds(db: Db, files: FileStore, options: SeedOptions): Promise<void> {
  await seedGeography(db);
  if (options.demo && (await isBoardEmpty(db))) {
    const r = await seedDemoData(db, files);
    options.log(`Datos de demostración cargados: ${r.sedes} sedes, ${r.plazas} plazas`);
  }
}
