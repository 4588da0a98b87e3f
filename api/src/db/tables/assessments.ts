import type { TestCategory, TestType } from '@bolsa/domain';
import type { Generated } from 'kysely';
import type { Timestamp } from './columns.js';

/** The domain's test types and categories, as the CHECK constraints of migration 0003 store them. */
export type TemplateType = TestType;
export type TemplateCategory = TestCategory;

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
