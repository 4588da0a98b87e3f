import type { ColumnType } from 'kysely';

/** One row of the append-only audit log (issue 24, migration 0033). */
export interface AuditoriaTable {
  id: number;
  fecha: ColumnType<Date, string, never>;
  actor_tipo: 'usuario' | 'token' | 'sistema';
  actor_id: number | null;
  /** The account's or token's name when it acted. */
  actor_nombre: string | null;
  accion: string;
  objetivo_tipo: string | null;
  objetivo_id: string | null;
  direccion: string | null;
  solicitud: string | null;
  /** Small and without personal data; written as JSON text. */
  detalle: ColumnType<Record<string, unknown> | null, string | null, never>;
  hash_anterior: string;
  hash: string;
}
