import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './columns.js';

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

/** Applications (postulantes), with the application form's fields (migration 0010). */
export interface PostulantesTable {
  id: Generated<number>;
  plaza_id: number | null;
  nombre: string;
  /** Null once the candidate erased their data (datos_eliminados). */
  cui: string | null;
  email: string | null;
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
  // Migration 0011 (issues 10 and 11).
  estado_visto: string | null;
  estado_antes_rechazo: string | null;
  datos_eliminados: Generated<boolean>;
  actualizado_en: Timestamp;
  // Migration 0013, computed by the database: canonical state, folded name + e-mail.
  etapa: ColumnType<string, never, never>;
  busqueda: ColumnType<string, never, never>;
  /** A guest's files removed by the retention policy's shorter period (migration 0035). */
  documentos_eliminados_en: ColumnType<Date | string | null, string | null | undefined, string | null>;
  /** Anonymised by the retention policy rather than erased by the candidate (migration 0035). */
  anonimizada_retencion: Generated<boolean>;
}

/** Candidates per canonical state, in stripes (migration 0020, kept by the database's triggers). */
export interface PostulantesConteoTable {
  etapa: ColumnType<string, never, never>;
  franja: ColumnType<number, never, never>;
  n: ColumnType<number, never, never>;
}

/** One row per state change (migration 0011): the candidate's timeline. */
export interface PostulantesHistorialTable {
  id: Generated<number>;
  postulante_id: number;
  estado_anterior: string | null;
  estado_nuevo: string;
  usuario_id: number | null;
  nota: string | null;
  en: Timestamp;
}

/** Every staff opening of a candidate's file (migration 0011). */
export interface ArchivosAccesosTable {
  id: Generated<number>;
  usuario_id: number | null;
  postulante_id: number | null;
  usuario_candidato_id: number | null;
  tipo: string;
  en: Timestamp;
  /** The API token that opened it (usuario_id is then null). */
  token_api_id: number | null;
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
  /** The profile file this row references (same `clave`), when a registered candidate applied with it (migration 0012). */
  perfil_archivo_id: ColumnType<number | null, number | null | undefined, number | null>;
}
