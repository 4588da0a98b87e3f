import type { ColumnType, Generated } from 'kysely';
import type { JsonList, Timestamp } from './columns.js';

/** A document-update request and its signed link (migration 0017). */
export interface SolicitudesDocumentosTable {
  id: Generated<number>;
  postulante_id: number;
  usuario_candidato_id: number;
  /** The spec's document keys (curriculum, carta_presentacion, dpi, antecedentes_policiales, antecedentes_penales). */
  documentos_json: JsonList;
  comentario: string;
  solicitado_por: number | null;
  solicitado_en: Timestamp;
  /** SHA-256 (hex) of the link's token; the token itself is only in the e-mail. */
  token_hash: string;
  expira_en: ColumnType<Date | string, string, string>;
  cumplida_en: ColumnType<Date | string | null, string | null | undefined, string | null>;
}
