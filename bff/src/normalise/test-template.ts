import { parseFlag, testCategoryOf, testTypeOf, type TestCategory, type TestType } from '@bolsa/domain';
import { fieldsOf, id, listOf, pick, text } from './fields.js';

export type { TestCategory, TestType } from '@bolsa/domain';

export interface TestTemplateDto {
  id: string;
  name: string;
  description: string | null;
  type: TestType;
  category: TestCategory;
  link: string | null;
  fileName: string | null;
  hasFile: boolean;
  active: boolean;
  createdAt: string | null;
}

/** Prueba: tipo and categoria in any case or accent ('Técnica' → TECNICA). */
export function normaliseTestTemplate(raw: unknown): TestTemplateDto | null {
  const f = fieldsOf(raw);
  const tid = id(pick(f, 'id'));
  const name = text(pick(f, 'nombre'));
  if (!tid || !name) return null;
  const rawType = pick(f, 'tipo');
  const type = testTypeOf(rawType) ?? (text(rawType)?.toUpperCase() === 'ENLACE' ? 'LINK' : 'PDF');
  const category = testCategoryOf(pick(f, 'categoria')) ?? 'OTROS';
  return {
    id: tid,
    name,
    description: text(pick(f, 'descripcion')),
    type,
    category,
    link: text(pick(f, 'link', 'linkExterno', 'url')),
    fileName: text(pick(f, 'archivoNombre')),
    hasFile: !!text(pick(f, 'archivoRuta', 'archivoNombre')),
    active: parseFlag(pick(f, 'activo', 'estatus') ?? true),
    createdAt: text(pick(f, 'fechaCreacion')),
  };
}

/** GET /pruebas/templates: bare, or under `templates`, `pruebas`, `data`, `items`… */
export function normaliseTestTemplateList(raw: unknown): TestTemplateDto[] {
  return listOf(raw, 'templates', 'pruebas')
    .map(normaliseTestTemplate)
    .filter((t): t is TestTemplateDto => t !== null);
}
