import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect, PostgresDialect, sql, type ColumnType, type Generated } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import { migrationProvider } from './migrations/index.js';

/** Insert jsonb as JSON text: node-postgres would otherwise send a JS array as a Postgres array literal. */
type JsonList = ColumnType<string[], string | undefined, string>;
/** DATE columns are read through to_char, written as 'YYYY-MM-DD'. */
type CalendarDate = ColumnType<Date | string, string, string>;
/** Has a default: optional on insert. */
type Timestamp = ColumnType<Date | string, string | undefined, string>;

export interface DepartamentosTable {
  codigo: string;
  nombre: string;
}

export interface MunicipiosTable {
  codigo: string;
  nombre: string;
  departamento_codigo: string;
}

export interface SedesTable {
  id: Generated<number>;
  nombre: string;
  direccion: string | null;
  es_demo: Generated<boolean>;
}

export interface UsuariosTable {
  id: Generated<number>;
  nombre: string;
  usuario: string;
  clave_hash: string | null;
  idrol: Generated<number>;
  estatus: Generated<boolean>;
  creado_en: Timestamp;
  es_demo: Generated<boolean>;
}

export interface PlazasTable {
  id: Generated<number>;
  nombre: string;
  sede_id: number | null;
  lugar: string | null;
  descripcion: string | null;
  requisitos: JsonList;
  beneficios: JsonList;
  imagen: string | null;
  fecha_publicacion: CalendarDate;
  fecha_finalizacion: CalendarDate | null;
  status: Generated<'1' | '0'>;
  destacado: Generated<boolean>;
  fecha_creacion: Timestamp;
  publicado_por: number | null;
  actualizado_por: number | null;
  actualizado_en: ColumnType<Date | string | null, string | null | undefined, string | null>;
  /** NombreDepartamento as chosen in the form; null on rows written before issue 4. */
  departamento_codigo: string | null;
  es_demo: Generated<boolean>;
}

export interface UsuariosCandidatosTable {
  id: Generated<number>;
  primer_nombre: string;
  segundo_nombre: Generated<string>;
  primer_apellido: string;
  segundo_apellido: Generated<string>;
  apellido_casada: string | null;
  /** Lower-case (checked by the table). */
  email: string;
  /** 13 digits (checked by the table). */
  dpi: string;
  clave_hash: string;
  como_se_entero: Generated<string>;
  observaciones: Generated<string>;
  activo: Generated<boolean>;
  fecha_registro: Timestamp;
  es_demo: Generated<boolean>;
}

/** Applications; the form's own fields arrive with a later issue. */
export interface PostulantesTable {
  id: Generated<number>;
  plaza_id: number | null;
  nombre: string;
  cui: string;
  email: string;
  telefono: string | null;
  estado: Generated<string>;
  usuario_candidato_id: number | null;
  vinculada_en: ColumnType<Date | string | null, string | null | undefined, string | null>;
  vinculacion_anunciada: Generated<boolean>;
  fecha_registro: Timestamp;
  es_demo: Generated<boolean>;
  // The form's fields (issue 9); null on rows written before it.
  direccion: string | null;
  estado_civil: string | null;
  edad: number | null;
  nivel_educativo: string | null;
  estudiando: boolean | null;
  disponibilidad: boolean | null;
  pretension: ColumnType<string | null, number | null | undefined, number | null>;
  negociable: boolean | null;
  experiencias_json: ColumnType<unknown, string | undefined, string>;
  referidos_p_json: ColumnType<unknown, string | undefined, string>;
  referidos_l_json: ColumnType<unknown, string | undefined, string>;
  es_registrado: Generated<boolean>;
}

export type ApplicationFileType = 'fotografia' | 'curriculum' | 'carta' | 'policiales' | 'penales';

/** An application's files; `clave` is an opaque storage key. */
export interface PostulanteArchivosTable {
  id: Generated<number>;
  postulante_id: number;
  tipo: ApplicationFileType;
  clave: string;
  nombre: string;
  mime: string;
  tamano: number;
  creado_en: Timestamp;
}

export type OutboxState = 'pendiente' | 'enviando' | 'enviado' | 'fallido';
type NullableTimestamp = ColumnType<Date | string | null, string | null | undefined, string | null>;

/** The mail outbox: written in the transaction of the change that sends it. */
export interface CorreosSalientesTable {
  id: Generated<number>;
  plantilla: string;
  destinatario: string;
  asunto: string;
  texto: string;
  html: string;
  estado: Generated<OutboxState>;
  intentos: Generated<number>;
  siguiente_intento: Timestamp;
  bloqueado_hasta: NullableTimestamp;
  ultimo_error: string | null;
  postulante_id: number | null;
  creado_en: Timestamp;
  enviado_en: NullableTimestamp;
}

export interface CorreosIntentosTable {
  id: Generated<number>;
  correo_id: number;
  intento: number;
  en: Timestamp;
  ok: boolean;
  detalle: string | null;
}

export interface ApiTokensTable {
  id: Generated<number>;
  nombre: string;
  idrol: number;
  /** SHA-256 of the token, 64 lower-case hex characters. */
  hash: string;
  creado_en: Timestamp;
  usado_en: ColumnType<Date | string | null, string | null | undefined, string | null>;
  revocado: Generated<boolean>;
}

export type TemplateType = 'PDF' | 'WORD' | 'EXCEL' | 'LINK' | 'FORMULARIO';
export type TemplateCategory = 'TECNICA' | 'PSICOLOGICA' | 'CONOCIMIENTOS' | 'APTITUDES' | 'IDIOMAS' | 'OTROS';

/** Assessment templates (spec 2 §3, 'prueba'). */
export interface PruebasTemplatesTable {
  id: Generated<number>;
  nombre: string;
  descripcion: string;
  tipo: TemplateType;
  categoria: TemplateCategory;
  link: string | null;
  archivo_nombre: string | null;
  /** File-store key ('pruebas/<uuid>.pdf'); the api path is built from the id. */
  archivo_ruta: string | null;
  activo: Generated<boolean>;
  fecha_creacion: Timestamp;
  es_demo: Generated<boolean>;
}

/** Administrative notification e-mails (spec 2 §3). */
export interface CorreosTable {
  correo_id: Generated<number>;
  /** Lower-case (checked by the table). */
  email: string;
  nombre: string;
  activo: Generated<boolean>;
  fecha_creacion: Timestamp;
  es_demo: Generated<boolean>;
}

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
}

export type Db = Kysely<Database>;

export type DatabaseTarget =
  { kind: 'postgres'; url: string } | { kind: 'pglite-memory' } | { kind: 'pglite-dir'; dir: string };

export async function createDatabase(target: DatabaseTarget): Promise<Db> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: 10, connectionTimeoutMillis: 5_000 });
    // An idle client losing its server must not crash the process; the pool replaces it.
    pool.on('error', (err) => console.error(`PostgreSQL: conexión inactiva perdida (${err.name})`));
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  let pglite: PGlite;
  if (target.kind === 'pglite-dir') {
    await mkdir(path.dirname(path.resolve(target.dir)), { recursive: true });
    pglite = await PGlite.create(path.resolve(target.dir));
  } else {
    pglite = await PGlite.create();
  }
  return new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) });
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
