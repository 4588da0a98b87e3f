import type { Generated } from 'kysely';
import type { Timestamp } from './columns.js';

export type TemplateType = 'PDF' | 'WORD' | 'EXCEL' | 'LINK' | 'FORMULARIO';

export type TemplateCategory = 'TECNICA' | 'PSICOLOGICA' | 'CONOCIMIENTOS' | 'APTITUDES' | 'IDIOMAS' | 'OTROS';

/** Assessment templates (spec 2 §3, 'prueba'). */
export interface PruebasTemplatesTable {
  id: Generated<number>;
  nombre: string;
  descripcion: string;
  tipo: TemplateType;
  categoria: TemplateCategory;
  link: string | null;
  archivo_nombre: string | null;
  /** File-store key ('pruebas/<uuid>.pdf'); the api path is built from the id. */
  archivo_ruta: string | null;
  activo: Generated<boolean>;
  fecha_creacion: Timestamp;
  es_demo: Generated<boolean>;
}
