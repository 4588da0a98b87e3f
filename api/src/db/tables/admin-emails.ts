import type { Generated } from 'kysely';
import type { Timestamp } from './columns.js';

/** Administrative notification e-mails (spec 2 §3). */
export interface CorreosTable {
  correo_id: Generated<number>;
  /** Lower-case (checked by the table). */
  email: string;
  nombre: string;
  activo: Generated<boolean>;
  fecha_creacion: Timestamp;
  es_demo: Generated<boolean>;
}
