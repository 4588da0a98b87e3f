import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './columns.js';

/** A registered candidate's profile beyond the account's own fields (migration 0012). */
export interface PerfilesCandidatosTable {
  usuario_candidato_id: number;
  telefono: string | null;
  /** DATE, read through to_char; written as 'YYYY-MM-DD'. */
  fecha_nacimiento: ColumnType<Date | string | null, string | null | undefined, string | null>;
  direccion_completa: string | null;
  experiencias_json: ColumnType<unknown, string | undefined, string>;
  referidos_p_json: ColumnType<unknown, string | undefined, string>;
  referidos_l_json: ColumnType<unknown, string | undefined, string>;
  perfil_completado: Generated<boolean>;
  actualizado_en: Timestamp;
}

export type ProfileFileType = 'fotografia' | 'curriculum' | 'dpi' | 'policiales' | 'penales';

/** The profile's current files, one per kind; `clave` is an opaque storage key. */
export interface PerfilArchivosTable {
  id: Generated<number>;
  usuario_candidato_id: number;
  tipo: ProfileFileType;
  clave: string;
  nombre: string;
  mime: string;
  tamano: number;
  creado_en: Timestamp;
}
