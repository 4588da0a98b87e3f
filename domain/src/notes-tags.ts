/**
 * Issue 23, items 1 and 2: the recruiters' notes on a candidate and the tags that group
 * candidates. Rules, limits, messages and the colour palette of both, for every tier.
 */
import { z } from 'zod';
import { text } from './schema.js';
import { foldSearch } from './search.js';

/** Limits of notes and tags. */
export const NOTE_LIMITS = {
  /** Characters of one note (after trimming). */
  text: 2_000,
  /** Notes a candidate's detail reads (newest first). */
  perCandidate: 500,
} as const;

export const TAG_LIMITS = {
  /** Characters of a tag's name (after trimming). */
  name: 40,
  /** Tags one candidate may carry. */
  perCandidate: 20,
  /** Tags a list may be filtered by at once. */
  filter: 10,
  /** Tags the organisation may define. */
  total: 200,
} as const;

export const NOTE_MESSAGES = {
  required: 'Escribe el texto de la nota.',
  tooLong: `La nota no puede tener más de ${NOTE_LIMITS.text} caracteres.`,
  notFound: 'La nota no existe o ya fue eliminada.',
  notYours: 'Solo puedes editar o eliminar tus propias notas.',
  candidateNotFound: 'Candidato no encontrado',
  added: 'Nota agregada',
  updated: 'Nota actualizada',
  deleted: 'Nota eliminada',
  failed: 'No se pudo guardar la nota. Inténtalo de nuevo.',
  deleteFailed: 'No se pudo eliminar la nota. Inténtalo de nuevo.',
  /** The confirmation before deleting. */
  deleteTitle: 'Eliminar nota',
  deleteConfirm: '¿Eliminar esta nota? Esta acción no se puede deshacer.',
  /** The section and its states. */
  section: 'Notas',
  empty: 'Todavía no hay notas sobre este candidato.',
  loading: 'Cargando notas…',
  loadFailed: 'No se pudieron cargar las notas.',
  placeholder: 'Escribe lo que conversaste con el candidato, acuerdos, observaciones…',
  add: 'Agregar nota',
  edit: 'Editar',
  delete: 'Eliminar',
  save: 'Guardar',
  cancel: 'Cancelar',
  edited: 'editada',
  unknownAuthor: 'Usuario eliminado',
  /** The timeline's line. */
  timelineTitle: 'Nota',
} as const;

export const TAG_MESSAGES = {
  nameRequired: 'Escribe el nombre de la etiqueta.',
  nameTooLong: `El nombre de la etiqueta no puede tener más de ${TAG_LIMITS.name} caracteres.`,
  nameTaken: 'Ya existe una etiqueta con ese nombre.',
  colorInvalid: 'Elige un color de la lista.',
  notFound: 'La etiqueta no existe.',
  tooMany: `Un candidato puede tener como máximo ${TAG_LIMITS.perCandidate} etiquetas.`,
  tooManyFilter: `Puedes filtrar por un máximo de ${TAG_LIMITS.filter} etiquetas.`,
  tooManyTags: `No se pueden crear más de ${TAG_LIMITS.total} etiquetas.`,
  candidateNotFound: 'Candidato no encontrado',
  created: 'Etiqueta creada',
  saved: 'Etiquetas actualizadas',
  failed: 'No se pudieron guardar las etiquetas. Inténtalo de nuevo.',
  createFailed: 'No se pudo crear la etiqueta. Inténtalo de nuevo.',
  /** Labels of the screens. */
  section: 'Etiquetas',
  none: 'Sin etiquetas',
  filterLabel: 'Etiquetas',
  filterPlaceholder: 'Filtrar por etiquetas',
  filterHint: 'Muestra los candidatos que tienen todas las etiquetas elegidas.',
  edit: 'Editar etiquetas',
  pickLabel: 'Etiquetas del candidato',
  newTag: 'Nueva etiqueta',
  newName: 'Nombre',
  newColor: 'Color',
  create: 'Crear etiqueta',
  save: 'Guardar',
  cancel: 'Cancelar',
} as const;

/** The tags' palette: Mantine colour names, with the Spanish name the form shows. */
export const TAG_COLORS = {
  gray: 'Gris',
  red: 'Rojo',
  pink: 'Rosa',
  grape: 'Uva',
  violet: 'Violeta',
  indigo: 'Índigo',
  blue: 'Azul',
  cyan: 'Cian',
  teal: 'Verde azulado',
  green: 'Verde',
  lime: 'Lima',
  yellow: 'Amarillo',
  orange: 'Naranja',
} as const;
export type TagColor = keyof typeof TAG_COLORS;
export const TAG_COLOR_NAMES = Object.keys(TAG_COLORS) as TagColor[];
export const DEFAULT_TAG_COLOR: TagColor = 'blue';
export const isTagColor = (v: unknown): v is TagColor => typeof v === 'string' && v in TAG_COLORS;

/** A note's text: required, trimmed, at most NOTE_LIMITS.text characters, line breaks allowed. */
export const noteTextSchema = text({
  max: NOTE_LIMITS.text,
  required: NOTE_MESSAGES.required,
  tooLong: NOTE_MESSAGES.tooLong,
  multiline: true,
});

/** A tag's name: required, one line, at most TAG_LIMITS.name characters; inner spaces collapsed. */
export const tagNameSchema = text({
  max: TAG_LIMITS.name,
  required: TAG_MESSAGES.nameRequired,
  tooLong: TAG_MESSAGES.nameTooLong,
}).transform((v) => v.replace(/\s+/g, ' '));

export const tagColorSchema = z
  .string({ error: TAG_MESSAGES.colorInvalid })
  .refine(isTagColor, TAG_MESSAGES.colorInvalid)
  .transform((v) => v as TagColor);

export const tagInputSchema = z.object({ name: tagNameSchema, color: tagColorSchema });

/**
 * The key two names must not share: accents, case and spacing ignored ('Enfermería nocturna' =
 * 'ENFERMERIA  NOCTURNA'). The database keeps it in a unique column.
 */
export const tagKey = (name: string): string => foldSearch(name);

/**
 * The tag set after adding and removing some (bulk actions): the current ids in their order, the
 * added ones after them, the removed ones gone; duplicates dropped. An id both added and removed
 * is removed.
 */
export function nextTagIds(
  current: readonly number[],
  change: { add?: readonly number[]; remove?: readonly number[] },
): number[] {
  const remove = new Set(change.remove ?? []);
  return [...new Set([...current, ...(change.add ?? [])])].filter((id) => !remove.has(id));
}

/** A tag set one candidate may carry: no more than TAG_LIMITS.perCandidate. */
export const tagIdsFit = (ids: readonly unknown[]): boolean => new Set(ids).size <= TAG_LIMITS.perCandidate;
