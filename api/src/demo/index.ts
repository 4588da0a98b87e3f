import type { FileStore } from '../storage/index.js';
import type { Db } from '../db/database.js';
import { hasNoAccounts, seedDemoAccounts } from './accounts.js';
import { seedDemoBackoffice } from './backoffice.js';
import { seedDemoCandidateArea } from './candidate-area.js';
import { isBoardEmpty, seedDemoData } from './board.js';
import { seedDemoPipeline } from './pipeline.js';
import { seedGeography } from '../db/seed/geography.js';

export { seedGeography } from '../db/seed/geography.js';
export { isBoardEmpty, seedDemoData, type DemoSeedResult } from './board.js';
export { DEMO_PIPELINE, seedDemoPipeline, type DemoPipelineResult } from './pipeline.js';
export {
  DEMO_ADMIN_EMAILS,
  DEMO_APPLICANTS,
  DEMO_TEMPLATES,
  seedDemoBackoffice,
  type DemoBackofficeResult,
} from './backoffice.js';
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
 * Geography always; demo branches and vacancies only on an empty board (guest applications to
 * them with it); demo accounts only when there are no accounts at all (so a board seeded before
 * accounts existed gets them too); assessment templates and administrative e-mails each only
 * when their table is empty.
 */
export async function runSeeds(db: Db, files: FileStore, options: SeedOptions): Promise<void> {
  await seedGeography(db);
  if (!options.demo) return;
  const boardWasEmpty = await isBoardEmpty(db);
  if (boardWasEmpty) {
    const r = await seedDemoData(db, files);
    options.log(`Datos de demostración cargados: ${r.sedes} sedes, ${r.plazas} plazas`);
  }
  const b = await seedDemoBackoffice(db, files, {
    orgEmailDomain: options.orgEmailDomain,
    applications: boardWasEmpty,
  });
  if (b.pruebas + b.correos + b.postulaciones > 0) {
    options.log(
      `Back-office de demostración: ${b.pruebas} pruebas, ${b.correos} correos administrativos, ${b.postulaciones} postulaciones`,
    );
  }
  const accountsWereEmpty = await hasNoAccounts(db);
  if (accountsWereEmpty) {
    const a = await seedDemoAccounts(db, options.orgEmailDomain);
    options.log(
      `Cuentas de demostración creadas: ${a.staff} de personal, ${a.candidates} candidatos, ${a.guestApplications} postulaciones sin cuenta`,
    );
  }
  if (boardWasEmpty) {
    // After the accounts: the history names the demo staff who moved each candidate.
    const p = await seedDemoPipeline(db, files);
    if (p.candidatos + p.documentos > 0)
      options.log(
        `Candidatos de demostración: ${p.candidatos} más en el proceso, ${p.documentos} documentos, ${p.historial} cambios de estado`,
      );
  }
  if (boardWasEmpty && accountsWereEmpty) {
    const c = await seedDemoCandidateArea(db, files);
    if (c.postulaciones > 0)
      options.log(
        `Candidata de demostración con perfil completo: ${c.documentos} documentos, ${c.postulaciones} postulaciones`,
      );
  }
}
