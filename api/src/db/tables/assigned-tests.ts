import type { ColumnType, Generated } from 'kysely';
import type { TemplateType } from './assessments.js';
import type { CalendarDate, Timestamp } from './columns.js';

export type AssignedTestStateColumn = 'ASIGNADA' | 'COMPLETADA' | 'CANCELADA';
export type TestEventAction =
  'ASSIGNED' | 'SENT' | 'COMPLETED' | 'NOT_COMPLETED' | 'REACTIVATED' | 'DELETED' | 'RESULT';

/** Tests assigned to a candidate (migration 0015, spec 3 §3 'postulante-prueba'). */
export interface PostulantePruebasTable {
  id: Generated<number>;
  postulante_id: number;
  template_id: number | null;
  nombre_prueba: string;
  tipo_prueba: TemplateType;
  fecha_asignacion: Timestamp;
  fecha_limite: CalendarDate;
  fecha_completada: ColumnType<Date | string | null, string | null | undefined, string | null>;
  estado: Generated<AssignedTestStateColumn>;
  observaciones: Generated<string>;
  credenciales_acceso: Generated<string>;
  resultado: string | null;
  puntaje: ColumnType<string | null, number | null | undefined, number | null>;
  enviada_en: ColumnType<Date | string | null, string | null | undefined, string | null>;
  asignada_por: number | null;
}

/** What happened to a candidate's tests, for the timeline (kept after a test is deleted). */
export interface PostulantePruebasEventosTable {
  id: Generated<number>;
  postulante_id: number;
  prueba_id: number | null;
  accion: TestEventAction;
  nombre_prueba: string;
  usuario_id: number | null;
  en: Timestamp;
}
