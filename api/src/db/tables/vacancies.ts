import type { ColumnType, Generated } from 'kysely';
import type { JsonList, CalendarDate, Timestamp } from './columns.js';

export interface PlazasTable {
  id: Generated<number>;
  nombre: string;
  sede_id: number | null;
  lugar: string | null;
  descripcion: string | null;
  requisitos: JsonList;
  beneficios: JsonList;
  imagen: string | null;
  fecha_publicacion: CalendarDate;
  fecha_finalizacion: CalendarDate | null;
  status: Generated<'1' | '0'>;
  destacado: Generated<boolean>;
  fecha_creacion: Timestamp;
  publicado_por: number | null;
  actualizado_por: number | null;
  actualizado_en: ColumnType<Date | string | null, string | null | undefined, string | null>;
  /** NombreDepartamento as chosen in the form; null on rows written before issue 4. */
  departamento_codigo: string | null;
  es_demo: Generated<boolean>;
  /** Scorecard criteria of its interviews (migration 0036); [] = the domain's default set. */
  criterios_evaluacion_json: JsonList;
}
