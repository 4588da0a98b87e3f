import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './columns.js';

export type OutboxState = 'pendiente' | 'enviando' | 'enviado' | 'fallido';
type NullableTimestamp = ColumnType<Date | string | null, string | null | undefined, string | null>;

/** The mail outbox: written in the transaction of the change that sends it. */
export interface CorreosSalientesTable {
  id: Generated<number>;
  plantilla: string;
  destinatario: string;
  asunto: string;
  texto: string;
  html: string;
  estado: Generated<OutboxState>;
  intentos: Generated<number>;
  siguiente_intento: Timestamp;
  bloqueado_hasta: NullableTimestamp;
  ultimo_error: string | null;
  postulante_id: number | null;
  creado_en: Timestamp;
  enviado_en: NullableTimestamp;
  /** A calendar invitation (ICS text, METHOD:REQUEST) sent with the message; issue 12. */
  ics: ColumnType<string | null, string | null | undefined, string | null>;
  /** The template version it was rendered with (null: the default wording); migration 0034. */
  plantilla_version_id: ColumnType<number | null, number | null | undefined, number | null>;
}

/** One version of an e-mail template (issue 24): a save, a reset to the default or a restore. */
export interface PlantillasCorreoVersionesTable {
  id: Generated<number>;
  clave: string;
  asunto: string;
  cuerpo: string;
  accion: 'guardada' | 'restablecida' | 'restaurada';
  predeterminada: Generated<boolean>;
  restaurada_de: number | null;
  usuario_id: number | null;
  usuario_nombre: string | null;
  creado_en: Timestamp;
}

/** Each edited template's current version (a template without a row is sent with its default). */
export interface PlantillasCorreoTable {
  clave: string;
  version_id: number;
}

/** One row per delivery attempt of an outbox message. */
export interface CorreosIntentosTable {
  id: Generated<number>;
  correo_id: number;
  intento: number;
  en: Timestamp;
  ok: boolean;
  detalle: string | null;
}

/** A file sent with an outbox message (migration 0015). */
export interface CorreosAdjuntosTable {
  id: Generated<number>;
  correo_id: number;
  nombre: string;
  mime: string;
  contenido: Buffer;
}
