import { mkdir, open, readFile, unlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect, PostgresDialect, type LogEvent } from 'kysely';
import pg from 'pg';

/* Table types live per area in ./tables/; the Database below names them all. */
export type { DepartamentosTable, MunicipiosTable, SedesTable } from './tables/geography.js';
export type { UsuariosTable, ApiTokensTable } from './tables/staff.js';
export type { PlazasTable } from './tables/vacancies.js';
export type {
  UsuariosCandidatosTable,
  PostulantesTable,
  PostulanteArchivosTable,
  PostulantesHistorialTable,
  PostulantesConteoTable,
  ArchivosAccesosTable,
  ApplicationFileType,
} from './tables/candidates.js';
export type { PerfilesCandidatosTable, PerfilArchivosTable, ProfileFileType } from './tables/profiles.js';
export type {
  CorreosSalientesTable,
  CorreosIntentosTable,
  CorreosAdjuntosTable,
  OutboxState,
  PlantillasCorreoTable,
  PlantillasCorreoVersionesTable,
} from './tables/mail.js';
export type { TemplateType, TemplateCategory, PruebasTemplatesTable } from './tables/assessments.js';
export type { CorreosTable } from './tables/admin-emails.js';
export type {
  PostulantePruebasTable,
  PostulantePruebasEventosTable,
  AssignedTestStateColumn,
  TestEventAction,
} from './tables/assigned-tests.js';
export type {
  EntrevistasTable,
  EntrevistaEvaluacionesTable,
  EntrevistaRecordatoriosTable,
} from './tables/interviews.js';
export type { SolicitudesDocumentosTable } from './tables/document-requests.js';
export type { ArchivosPreparadosTable } from './tables/files.js';
export type { TextosArchivosTable, CvTextState } from './tables/cv-text.js';
import type { DepartamentosTable, MunicipiosTable, SedesTable } from './tables/geography.js';
import type { UsuariosTable, ApiTokensTable } from './tables/staff.js';
import type { PlazasTable } from './tables/vacancies.js';
import type {
  UsuariosCandidatosTable,
  PostulantesTable,
  PostulanteArchivosTable,
  PostulantesHistorialTable,
  PostulantesConteoTable,
  ArchivosAccesosTable,
} from './tables/candidates.js';
import type { PerfilesCandidatosTable, PerfilArchivosTable } from './tables/profiles.js';
import type {
  CorreosSalientesTable,
  CorreosIntentosTable,
  CorreosAdjuntosTable,
  PlantillasCorreoTable,
  PlantillasCorreoVersionesTable,
} from './tables/mail.js';
import type { PruebasTemplatesTable } from './tables/assessments.js';
import type { CorreosTable } from './tables/admin-emails.js';
import type { PostulantePruebasTable, PostulantePruebasEventosTable } from './tables/assigned-tests.js';
import type {
  EntrevistasTable,
  EntrevistaEvaluacionesTable,
  EntrevistaRecordatoriosTable,
} from './tables/interviews.js';
import type { SolicitudesDocumentosTable } from './tables/document-requests.js';
import type { ArchivosPreparadosTable } from './tables/files.js';
import type { ExportacionesTable } from './tables/exports.js';
import type { EtiquetasTable, PostulanteEtiquetasTable, PostulanteNotasTable } from './tables/notes-tags.js';
import type { TextosArchivosTable } from './tables/cv-text.js';
import type { AuditoriaTable } from './tables/audit.js';
import type { RetencionAvisosTable, RetencionEjecucionesTable } from './tables/retention.js';
import type { SolicitudesIdempotentesTable } from './tables/idempotency.js';

export interface Database {
  departamentos: DepartamentosTable;
  municipios: MunicipiosTable;
  sedes: SedesTable;
  usuarios: UsuariosTable;
  plazas: PlazasTable;
  usuarios_candidatos: UsuariosCandidatosTable;
  postulantes: PostulantesTable;
  api_tokens: ApiTokensTable;
  pruebas_templates: PruebasTemplatesTable;
  correos: CorreosTable;
  postulante_archivos: PostulanteArchivosTable;
  correos_salientes: CorreosSalientesTable;
  correos_intentos: CorreosIntentosTable;
  postulantes_historial: PostulantesHistorialTable;
  postulantes_conteo: PostulantesConteoTable;
  archivos_accesos: ArchivosAccesosTable;
  perfiles_candidatos: PerfilesCandidatosTable;
  perfil_archivos: PerfilArchivosTable;
  postulante_pruebas: PostulantePruebasTable;
  postulante_pruebas_eventos: PostulantePruebasEventosTable;
  correos_adjuntos: CorreosAdjuntosTable;
  entrevistas: EntrevistasTable;
  solicitudes_documentos: SolicitudesDocumentosTable;
  archivos_preparados: ArchivosPreparadosTable;
  exportaciones: ExportacionesTable;
  postulante_notas: PostulanteNotasTable;
  etiquetas: EtiquetasTable;
  postulante_etiquetas: PostulanteEtiquetasTable;
  textos_archivos: TextosArchivosTable;
  auditoria: AuditoriaTable;
  plantillas_correo: PlantillasCorreoTable;
  plantillas_correo_versiones: PlantillasCorreoVersionesTable;
  retencion_ejecuciones: RetencionEjecucionesTable;
  retencion_avisos: RetencionAvisosTable;
  entrevista_evaluaciones: EntrevistaEvaluacionesTable;
  entrevista_recordatorios: EntrevistaRecordatoriosTable;
  solicitudes_idempotentes: SolicitudesIdempotentesTable;
}

export type Db = Kysely<Database>;

export type DatabaseTarget =
  | { kind: 'postgres'; url: string }
  /** `loadDataDir`: a dump to start from (tests' snapshots, snapshot.ts). */
  | { kind: 'pglite-memory'; loadDataDir?: Blob }
  | { kind: 'pglite-dir'; dir: string };

export interface DatabaseHooks {
  /** Every statement run, with its duration (Kysely's log event): the query metrics. */
  onQuery?(seconds: number, ok: boolean): void;
  /** An idle PostgreSQL connection lost its server (the pool replaces it). */
  onPoolError?(err: Error): void;
}

const pools = new WeakMap<Db, pg.Pool>();
const pglites = new WeakMap<Db, PGlite>();

/** The PostgreSQL pool behind `db` (its size, idle and waiting counts for the metrics); null on PGlite. */
export const pgPoolOf = (db: Db): pg.Pool | null => pools.get(db) ?? null;

/** The PGlite behind `db` (tests' snapshots dump it); null on PostgreSQL. */
export const pgliteOf = (db: Db): PGlite | null => pglites.get(db) ?? null;

export async function createDatabase(target: DatabaseTarget, hooks: DatabaseHooks = {}): Promise<Db> {
  const onQuery = hooks.onQuery;
  const log = onQuery
    ? (event: LogEvent) => onQuery(event.queryDurationMillis / 1e3, event.level === 'query')
    : undefined;
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: 10, connectionTimeoutMillis: 5_000 });
    // An idle client losing its server must not crash the process; the pool replaces it.
    pool.on('error', (err) => hooks.onPoolError?.(err));
    // Nor one checked out between two statements (a transaction, the outbox worker's claim): pg
    // emits 'error' on a client with no query in flight, and the pool listens only while it is idle.
    // The statement that follows fails with the connection error (503), and the pool drops it.
    pool.on('connect', (client) => client.on('error', (err) => hooks.onPoolError?.(err)));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log });
    pools.set(db, pool);
    return db;
  }
  let pglite: PGlite;
  if (target.kind === 'pglite-dir') {
    const dir = path.resolve(target.dir);
    await mkdir(path.dirname(dir), { recursive: true });
    const release = await claimDataDir(dir);
    try {
      pglite = await PGlite.create(dir);
    } catch (err) {
      await release();
      throw err;
    }
    const close = pglite.close.bind(pglite);
    pglite.close = async () => {
      try {
        await close();
      } finally {
        await release();
      }
    };
  } else {
    pglite = target.loadDataDir ? await PGlite.create({ loadDataDir: target.loadDataDir }) : await PGlite.create();
  }
  const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }), log });
  pglites.set(db, pglite);
  return db;
}

interface DataDirClaim {
  pid: number;
  host: string;
}

/** Folders this process has open. */
const openHere = new Set<string>();

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * PGlite lets a second process open a data folder that one already has open, and each then works
 * on its own copy in memory and writes it back: rows vanish. `<dir>.lock` names the process that
 * has it open (pid and host); a claim whose process is gone on this host is taken over. The api,
 * `npm run migrate`, `backup` and `restore` all open the folder through here.
 */
async function claimDataDir(dir: string): Promise<() => Promise<void>> {
  const file = `${dir}.lock`;
  const mine: DataDirClaim = { pid: process.pid, host: os.hostname() };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = await open(file, 'wx', 0o600);
      await handle.writeFile(JSON.stringify(mine));
      await handle.close();
      openHere.add(dir);
      return async () => {
        openHere.delete(dir);
        const now = await readFile(file, 'utf8').catch(() => '');
        if (now === JSON.stringify(mine)) await unlink(file).catch(() => undefined);
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    let held: Partial<DataDirClaim> = {};
    try {
      held = JSON.parse(await readFile(file, 'utf8')) as Partial<DataDirClaim>;
    } catch {
      // unreadable or half-written: treated as held below unless it names a dead process here
    }
    // Our own pid but not a folder this process opened: a previous life of a container (pid 1 again).
    const stale =
      held.host === mine.host &&
      typeof held.pid === 'number' &&
      (held.pid === process.pid ? !openHere.has(dir) : !alive(held.pid));
    if (!stale) {
      const who = held.pid ? `el proceso ${held.pid} en ${held.host ?? '?'}` : 'otro proceso';
      throw new Error(
        `La base de datos PGlite en ${dir} está abierta por ${who}: deténgalo antes (el API, npm run migrate, ` +
          `backup o restore). Si no hay ninguno, borre ${file}. ` +
          `(The PGlite database is open in another process; stop it first.)`,
      );
    }
    await unlink(file).catch(() => undefined);
  }
  throw new Error(`No se pudo reservar ${file}`);
}

/* Migrations: see ./migrate.ts (the lock, the status, the runner). */

/** Where the api's settings put the database: DATABASE_URL, else PGlite in DATA_DIR/pglite. */
export function configuredTarget(settings: { DATABASE_URL?: string | undefined; DATA_DIR: string }): DatabaseTarget {
  return settings.DATABASE_URL
    ? { kind: 'postgres', url: settings.DATABASE_URL }
    : { kind: 'pglite-dir', dir: path.join(path.resolve(settings.DATA_DIR), 'pglite') };
}
