import type { Generated } from 'kysely';
import type { Timestamp } from './columns.js';

/** One export of a candidate list (issue 23, migration 0029). */
export interface ExportacionesTable {
  id: Generated<number>;
  usuario_id: number | null;
  api_token_id: number | null;
  /** The account's (or token's) name when it exported. */
  nombre_usuario: string;
  rol: number;
  en: Timestamp;
  lista: 'inbox' | 'vacancy';
  plaza_id: number | null;
  /** Canonical state of the tab; null: every state of the list. */
  estado: string | null;
  busqueda: string | null;
  filas: number;
  formato: 'csv' | 'xlsx';
  /** Migration 0032: an export of the rows selected in the list — how many; null: the list's filter. */
  seleccionados: Generated<number | null>;
}
