import { extensionsOf, type FileFormat } from './files.js';
import { foldSearch } from './search.js';
import { httpUrl, LIMITS, oneOf, optionalText, text, z, isSafeHttpUrl, flag } from './schema.js';

/**
 * Assessment templates (pruebas, spec 2 §3, §5, §8; spec 3 §3): the six categories, the five
 * types with their labels and file extensions, the create input. Used by the assessments tab
 * and the test-assignment screen, the bff's test-template resolvers and normaliser, and the
 * api's /pruebas/templates routes.
 */
export const TEST_CATEGORIES = ['TECNICA', 'PSICOLOGICA', 'CONOCIMIENTOS', 'APTITUDES', 'IDIOMAS', 'OTROS'] as const;
export type TestCategory = (typeof TEST_CATEGORIES)[number];
export const TEST_CATEGORY_LABEL: Record<TestCategory, string> = {
  TECNICA: 'Técnica',
  PSICOLOGICA: 'Psicológica',
  CONOCIMIENTOS: 'Conocimientos',
  APTITUDES: 'Aptitudes',
  IDIOMAS: 'Idiomas',
  OTROS: 'Otros',
};

export const TEST_TYPES = ['PDF', 'WORD', 'EXCEL', 'LINK', 'FORMULARIO'] as const;
export type TestType = (typeof TEST_TYPES)[number];
export const TEST_TYPE_LABEL: Record<TestType, string> = {
  PDF: 'PDF',
  WORD: 'WORD (.doc/.docx)',
  EXCEL: 'EXCEL (.xls/.xlsx)',
  LINK: 'LINK (Enlace Web)',
  FORMULARIO: 'FORMULARIO',
};

/** The file format of each type (files.ts); LINK and FORMULARIO carry no file. */
export const TEST_TYPE_FORMATS: Record<TestType, readonly FileFormat[]> = {
  PDF: ['PDF'],
  WORD: ['Word'],
  EXCEL: ['Excel'],
  LINK: [],
  FORMULARIO: [],
};

/** File extensions the file input accepts for each type. */
export const TEST_TYPE_EXTENSIONS = Object.fromEntries(
  TEST_TYPES.map((t) => [t, extensionsOf(TEST_TYPE_FORMATS[t])]),
) as Record<TestType, string[]>;

/** LINK and FORMULARIO carry a link (and, when assigned, access credentials) instead of a file. */
export const isLinkType = (t: string | null | undefined) => t === 'LINK' || t === 'FORMULARIO';

/** A category in any case or accent ('Técnica', 'tecnica' → TECNICA); null when unknown. */
export function testCategoryOf(raw: unknown): TestCategory | null {
  if (typeof raw !== 'string') return null;
  const key = foldSearch(raw).toUpperCase();
  return (TEST_CATEGORIES as readonly string[]).includes(key) ? (key as TestCategory) : null;
}

/** Other spellings of types that older data and the form's labels use. */
const TYPE_ALIASES: Readonly<Record<string, TestType>> = {
  ENLACE: 'LINK',
  'ENLACE WEB': 'LINK',
  'LINK (ENLACE WEB)': 'LINK',
};

/** A type in any case ('pdf', 'Link', 'Enlace Web') → PDF, LINK; null when unknown. */
export function testTypeOf(raw: unknown): TestType | null {
  if (typeof raw !== 'string') return null;
  const key = foldSearch(raw).toUpperCase();
  if ((TEST_TYPES as readonly string[]).includes(key)) return key as TestType;
  return Object.hasOwn(TYPE_ALIASES, key) ? TYPE_ALIASES[key]! : null;
}

export const TEST_TEMPLATE_MESSAGES = {
  /** The dialog title of the template form's validation (spec 2 §5); an assigned test's too. */
  incompleteTitle: 'Datos incompletos',
  name: 'Falta el nombre',
  description: 'Falta la descripción',
  type: 'Selecciona un tipo',
  category: 'Selecciona una categoría',
  file: 'Adjunta el archivo de la prueba',
  link: 'Ingresa un enlace válido (https://…)',
  fileMismatch: 'El archivo no corresponde al tipo seleccionado',
  notFound: 'La prueba no existe o ya fue eliminada.',
  nameTooLong: `El nombre no puede tener más de ${LIMITS.name} caracteres.`,
  descriptionTooLong: `La descripción no puede tener más de ${LIMITS.description} caracteres.`,
  saveFailedTitle: 'No se pudo guardar',
  unexpected: 'Error inesperado',
  created: 'Prueba creada',
  toggleFailedTitle: 'No se pudo actualizar',
  toggleFailed: 'Inténtalo de nuevo.',
  activated: 'Prueba activada',
  deactivated: 'Prueba desactivada',
  deleteConfirm: '¿Eliminar prueba?',
  deleteConfirmText: 'Esta acción no se puede deshacer.',
  deleteFailedTitle: 'No se pudo eliminar',
  deleteFailed: 'Ocurrió un error al eliminar.',
  deleted: 'Prueba eliminada',
} as const;

/** @deprecated use `isSafeHttpUrl` (which also refuses user-info); kept for existing callers. */
export const isHttpUrl = (s: string): boolean => isSafeHttpUrl(s);

/**
 * The create input of a template (GraphQL `TestTemplateInput`). Whether a file is attached is
 * known only where the upload is (`hasFile`); `checkTestTemplate` takes it.
 */
export const testTemplateSchema = z
  .object({
    name: text({
      max: LIMITS.name,
      required: TEST_TEMPLATE_MESSAGES.name,
      tooLong: TEST_TEMPLATE_MESSAGES.nameTooLong,
    }),
    description: text({
      max: LIMITS.description,
      multiline: true,
      required: TEST_TEMPLATE_MESSAGES.description,
      tooLong: TEST_TEMPLATE_MESSAGES.descriptionTooLong,
    }),
    type: oneOf(TEST_TYPES, TEST_TEMPLATE_MESSAGES.type),
    category: oneOf(TEST_CATEGORIES, TEST_TEMPLATE_MESSAGES.category),
    link: optionalText({ max: LIMITS.url }),
    active: flag()
      .optional()
      .transform((v) => v ?? true),
  })
  .superRefine((t, ctx) => {
    if (!isLinkType(t.type)) return;
    const r = httpUrl({ invalid: TEST_TEMPLATE_MESSAGES.link }).safeParse(t.link);
    if (!r.success) ctx.addIssue({ code: 'custom', path: ['link'], message: r.error.issues[0]!.message });
  })
  .transform((t) => ({ ...t, link: isLinkType(t.type) ? t.link : '' }));
export type TestTemplateInput = z.input<typeof testTemplateSchema>;

/** The form's checks in the spec's order (spec 2 §5); null when the template may be saved. */
export function checkTestTemplate(t: {
  name: string;
  description: string;
  type: string | null;
  category: string | null;
  link: string | null;
  hasFile: boolean;
}): string | null {
  const r = testTemplateSchema.safeParse({ ...t, type: t.type ?? undefined, category: t.category ?? undefined });
  if (!r.success) {
    const order = ['name', 'description', 'type', 'category', 'link'];
    const issues = [...r.error.issues].sort(
      (a, b) => order.indexOf(String(a.path[0])) - order.indexOf(String(b.path[0])),
    );
    return issues[0]!.message;
  }
  if (isLinkType(r.data.type)) return null;
  return t.hasFile ? null : TEST_TEMPLATE_MESSAGES.file;
}
