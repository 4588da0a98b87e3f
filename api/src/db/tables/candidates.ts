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
}
