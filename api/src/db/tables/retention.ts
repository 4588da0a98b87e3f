import type { ColumnType, Generated } from 'kysely';
import type { CalendarDate } from './columns.js';

/** One retention run (migration 0035): the daily one is unique per Guatemala day. */
export interface RetencionEjecucionesTable {
  id: Generated<number>;
  dia: CalendarDate;
  tipo: 'diaria' | 'manual';
  usuario_id: number | null;
  usuario_nombre: string | null;
  ejecutada_en: ColumnType<Date | string, string, string>;
  anonimizados: Generated<number>;
  avisos: Generated<number>;
  documentos: Generated<number>;
  archivos: Generated<number>;
}

/** The retention notice of an application (migration 0035), sent once. */
export interface RetencionAvisosTable {
  postulante_id: number;
  enviado_en: ColumnType<Date | string, string, string>;
  correo_id: number | null;
}
