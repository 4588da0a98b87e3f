import type { ColumnType } from 'kysely';
import type { Timestamp } from './columns.js';

/**
 * A write carried out under an Idempotency-Key (migration 0038): claimed as 'en_curso' before the
 * handler runs, then 'completada' with the answer to give again. `huella` is a digest of the
 * request (query and body), never the body itself.
 */
export interface SolicitudesIdempotentesTable {
  ambito: string;
  clave: string;
  huella: string;
  estado: 'en_curso' | 'completada';
  codigo: number | null;
  cuerpo: string | null;
  creada_en: Timestamp;
  completada_en: ColumnType<Date | string | null, string | null | undefined, string | null>;
}
