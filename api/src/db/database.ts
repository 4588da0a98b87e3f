import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect, PostgresDialect, sql, type LogEvent } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import { migrationProvider } from './migrations/index.js';

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
export type { CorreosSalientesTable, CorreosIntentosTable, CorreosAdjuntosTable, OutboxState } from './tables/mail.js';
export type { TemplateType, TemplateCategory, PruebasTemplatesTable } from './tables/assessments.js';
export type { CorreosTable } from './tables/admin-emails.js';
export type {
  PostulantePruebasTable,
  PostulantePruebasEventosTable,
  AssignedTestStateColumn,
  TestEventAction,
} from './tables/assigned-tests.js';
export type { EntrevistasTable } from './tables/interviews.js';
export type { SolicitudesDocumentosTable } from './tables/document-requests.js';
export type { ArchivosPreparadosTable } from './tables/files.js';
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
import type { CorreosSalientesTable, CorreosIntentosTable, CorreosAdjuntosTable } from './tables/mail.js';
import type { PruebasTemplatesTable } from './tables/assessments.js';
import type { CorreosTable } from './tables/admin-emails.js';
import type { PostulantePruebasTable, PostulantePruebasEventosTable } from './tables/assigned-tests.js';
import type { EntrevistasTable } from './tables/interviews.js';
import type { SolicitudesDocumentosTable } from './tables/document-requests.js';
import type { ArchivosPreparadosTable } from './tables/files.js';

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
}

export type Db = Kysely<Database>;

export type DatabaseTarget =
  { kind: 'postgres'; url: string } | { kind: 'pglite-memory' } | { kind: 'pglite-dir'; dir: string };

export interface DatabaseHooks {
  /** Every statement run, with its duration (Kysely's log event): the query metrics. */
  onQuery?(seconds: number, ok: boolean): void;
  /** An idle PostgreSQL connection lost its server (the pool replaces it). */
  onPoolError?(err: Error): void;
}

const pools = new WeakMap<Db, pg.Pool>();

/** The PostgreSQL pool behind `db` (its size, idle and waiting counts for the metrics); null on PGlite. */
export const pgPoolOf = (db: Db): pg.Pool | null => pools.get(db) ?? null;

export async function createDatabase(target: DatabaseTarget, hooks: DatabaseHooks = {}): Promise<Db> {
  const onQuery = hooks.onQuery;
  const log = onQuery
    ? (event: LogEvent) => onQuery(event.queryDurationMillis / 1e3, event.level === 'query')
    : undefined;
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: 10, connectionTimeoutMillis: 5_000 });
    // An idle client losing its server must not crash the process; the pool replaces it.
    pool.on('error', (err) => hooks.onPoolError?.(err));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log });
    pools.set(db, pool);
    return db;
  }
  let pglite: PGlite;
  if (target.kind === 'pglite-dir') {
    await mkdir(path.dirname(path.resolve(target.dir)), { recursive: true });
    pglite = await PGlite.create(path.resolve(target.dir));
  } else {
    pglite = await PGlite.create();
  }
  return new Kysely<Database>({ dialect: new PGliteDialect({ pglite }), log });
}

export async function migrateToLatest(db: Db): Promise<void> {
  // Kysely looks for its bookkeeping tables in every schema unless told which one; another app
  // (or a parallel test) with a kysely_migration table elsewhere would make it skip creating ours.
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db);
  const schema = rows[0]?.schema;
  if (!schema) throw new Error('La base de datos no tiene un esquema actual (revise search_path)');
  const migrator = new Migrator({ db, provider: migrationProvider, migrationTableSchema: schema });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const name = failed ? ` (${failed.migrationName})` : '';
    throw new Error(`Fallo al migrar la base de datos${name}`, { cause: error });
  }
}
