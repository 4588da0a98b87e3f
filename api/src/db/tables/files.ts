import type { Timestamp } from './columns.js';

/** A file stored when it was dropped on a form, waiting for the form (migration 0021). */
export interface ArchivosPreparadosTable {
  /** Opaque id the BFF holds (a UUID); never a storage key. */
  id: string;
  /** Where it is in the file store ('tmp/…'). */
  clave: string;
  /** What its bytes are: 'pdf', 'jpeg' or 'png'. */
  tipo: string;
  tamano: number;
  /** Display name only. */
  nombre: string;
  /** Bytes after the end of the format (a polyglot or something appended). */
  sobrante: boolean;
  creado: Timestamp;
  /** The registered candidate who staged it (erasing the account removes it); null for a guest. */
  usuario_candidato_id: number | null;
}
