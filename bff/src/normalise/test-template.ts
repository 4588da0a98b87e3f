import { parseFlag } from '@bolsa/domain';
import { fieldsOf, id, pick, text } from './fields.js';

export const TEST_TYPES = ['PDF', 'WORD', 'EXCEL', 'LINK', 'FORMULARIO'] as const;
export const TEST_CATEGORIES = ['TECNICA', 'PSICOLOGICA', 'CONOCIMIENTOS', 'APTITUDES', 'IDIOMAS', 'OTROS'] as const;
export type TestType = (typeof TEST_TYPES)[number];
export type TestCategory = (typeof TEST_CATEGORIES)[number];

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

const upperKey = (v: unknown) =>
  (text(v) ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase();

/** Prueba: tipo and categoria in any case or accent ('Técnica' → TECNICA). */
export function normaliseTestTemplate(raw: unknown): TestTemplateDto | null {
  const f = fieldsOf(raw);
  const tid = id(pick(f, 'id'));
  const name = text(pick(f, 'nombre'));
  if (!tid || !name) return null;
  const t = upperKey(pick(f, 'tipo'));
  const c = upperKey(pick(f, 'categoria'));
  const type = (TEST_TYPES as readonly string[]).includes(t) ? (t as TestType) : t === 'ENLACE' ? 'LINK' : 'PDF';
  const category = (TEST_CATEGORIES as readonly string[]).includes(c) ? (c as TestCategory) : 'OTROS';
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
