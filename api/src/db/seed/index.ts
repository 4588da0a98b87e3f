import type { FileStore } from '../../files/repository.js';
import type { Db } from '../database.js';
import { hasNoAccounts, seedDemoAccounts } from './accounts.js';
import { isBoardEmpty, seedDemoData } from './demo.js';
import { seedGeography } from './geography.js';

export { seedGeography } from './geography.js';
export { isBoardEmpty, seedDemoData, type DemoSeedResult } from './demo.js';
export {
  DEMO_CANDIDATES,
  DEMO_GUEST,
  DEMO_PASSWORD,
  DEMO_STAFF,
  formatDemoAccounts,
  hasNoAccounts,
  listDemoAccounts,
  seedDemoAccounts,
  type DemoAccountsResult,
} from './accounts.js';

export interface SeedOptions {
  demo: boolean;
  /** Domain of the demo staff e-mails. */
  orgEmailDomain: string;
  log: (line: string) => void;
}

/**
 * Geography always; demo branches and vacancies only on an empty board; demo accounts only when
 * there are no accounts at all (so a board seeded before accounts existed gets them too).
 */
export async function runSeeds(db: Db, files: FileStore, options: SeedOptions): Promise<void> {
  await seedGeography(db);
  if (!options.demo) return;
  if (await isBoardEmpty(db)) {
    const r = await seedDemoData(db, files);
    options.log(`Datos de demostración cargados: ${r.sedes} sedes, ${r.plazas} plazas`);
  }
  if (await hasNoAccounts(db)) {
    const a = await seedDemoAccounts(db, options.orgEmailDomain);
    options.log(
      `Cuentas de demostración creadas: ${a.staff} de personal, ${a.candidates} candidatos, ${a.guestApplications} postulaciones sin cuenta`,
    );
  }
}
