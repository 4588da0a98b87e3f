import type { Timestamp } from './columns.js';

export type CvTextState = 'pendiente' | 'listo' | 'sin_texto' | 'fallido';

/** The text of a candidate's CV or cover letter, by storage key (migration 0031). */
export interface TextosArchivosTable {
  clave: string;
  estado: CvTextState;
  intentos: number;
  bloqueado_hasta: Timestamp | null;
  /** The text as read (bounded, control characters removed), for the snippet. */
  texto: string | null;
  /** to_tsvector('spanish', folded text). */
  tsv: string | null;
  creado_en: Timestamp;
  procesado_en: Timestamp | null;
}
