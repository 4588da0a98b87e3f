import type { ColumnType, Generated } from 'kysely';
import type { CalendarDate, JsonList, Timestamp } from './columns.js';

/** One scheduled interview (spec 3 §3). */
export interface EntrevistasTable {
  id: Generated<number>;
  postulante_id: number;
  modalidad: 'VIRTUAL' | 'PRESENCIAL';
  fecha: CalendarDate;
  hora_inicio: string;
  hora_fin: string;
  participantes_json: JsonList;
  observaciones: string | null;
  sede_id: number | null;
  direccion: string | null;
  sala: string | null;
  entrevistador: string | null;
  enlace: string | null;
  organizador_email: string | null;
  usuario_id: number | null;
  creado_en: Timestamp;
  /** The invitation's calendar event (ICS UID); null for rows from before migration 0023. */
  calendario_uid: string | null;
  /** The event's SEQUENCE as last sent: 0 for the first invitation, +1 for each rescheduling. */
  calendario_secuencia: ColumnType<number, number | undefined, number>;
}

/** A staff participant's scorecard of an interview (migration 0036). */
export interface EntrevistaEvaluacionesTable {
  id: Generated<number>;
  entrevista_id: number;
  usuario_id: number | null;
  usuario_nombre: string | null;
  /** [{ criterio, puntaje }] as JSON text on insert. */
  calificaciones_json: ColumnType<unknown, string, string>;
  recomendacion: 'CONTRATAR' | 'NO_CONTRATAR' | 'DUDOSO';
  comentarios: string | null;
  creado_en: Timestamp;
  editado_en: ColumnType<Date | string | null, string | null | undefined, string | null>;
}

/** A scorecard reminder queued (migration 0036): once per (interview, user). */
export interface EntrevistaRecordatoriosTable {
  entrevista_id: number;
  usuario_id: number;
  enviado_en: Timestamp;
}
