import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './columns.js';

/** A recruiter's note on a candidate (migration 0027). */
export interface PostulanteNotasTable {
  id: Generated<number>;
  postulante_id: number;
  usuario_id: number | null;
  texto: string;
  creado_en: Timestamp;
  editado_en: ColumnType<Date | string | null, string | null | undefined, string | null>;
}

/** A tag staff put on candidates (migration 0028); `clave` is domain tagKey(nombre), unique. */
export interface EtiquetasTable {
  id: Generated<number>;
  nombre: string;
  clave: string;
  color: string;
  creado_por: number | null;
  creado_en: Timestamp;
}

export interface PostulanteEtiquetasTable {
  postulante_id: number;
  etiqueta_id: number;
  asignada_por: number | null;
  asignada_en: Timestamp;
}
