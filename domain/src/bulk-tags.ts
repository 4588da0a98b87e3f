/**
 * Bulk tag actions (issue 23, item 4): adding or removing tags on many candidates at once, each
 * row through the tags' one rule (`nextTagIds`, TAG_LIMITS.perCandidate). The per-row outcomes
 * and every message of the action live here.
 */
import { candidatesCount } from './bulk-actions.js';
import { TAG_LIMITS, TAG_MESSAGES } from './notes-tags.js';
import { countWord } from './words.js';

/** One row's outcome: its tags changed; already as asked (a retry); refused (the limit); no such candidate. */
export const BULK_TAG_OUTCOMES = ['changed', 'unchanged', 'refused', 'notFound'] as const;
export type BulkTagOutcome = (typeof BULK_TAG_OUTCOMES)[number];

export const BULK_TAG_OUTCOME_LABEL: Record<BulkTagOutcome, string> = {
  changed: 'Cambiado',
  unchanged: 'Sin cambios',
  refused: 'No permitido',
  notFound: 'No encontrado',
};

/** add: 'Agregar etiquetas'; remove: 'Quitar etiquetas'. */
export const BULK_TAG_MODES = ['add', 'remove'] as const;
export type BulkTagMode = (typeof BULK_TAG_MODES)[number];

export const BULK_TAG_MESSAGES = {
  noTags: 'Elige al menos una etiqueta.',
  tooManyTags: `Elige como máximo ${TAG_LIMITS.perCandidate} etiquetas.`,
  unknownTag: TAG_MESSAGES.notFound,
  forbidden: 'Tu rol no permite cambiar las etiquetas de los candidatos.',
  failed: 'No se pudieron cambiar las etiquetas. Inténtalo de nuevo: repetir la acción no duplica nada.',
  changed: 'Etiquetas actualizadas.',
  unchanged: (mode: BulkTagMode) =>
    mode === 'add' ? 'Ya tenía esas etiquetas: no hubo cambios.' : 'No tenía esas etiquetas: no hubo cambios.',
  /** A row past the per-candidate limit. */
  limit: TAG_MESSAGES.tooMany,
  notFound: 'Candidato no encontrado',
  /** The screens. */
  section: 'Etiquetas',
  title: (mode: BulkTagMode) => (mode === 'add' ? 'Agregar etiquetas' : 'Quitar etiquetas'),
  pickLabel: (mode: BulkTagMode) => (mode === 'add' ? 'Etiquetas que se agregarán' : 'Etiquetas que se quitarán'),
  appliesTo: (n: number) => `Se aplicará a ${candidatesCount(n)}.`,
  confirm: (mode: BulkTagMode, n: number) =>
    mode === 'add' ? `Agregar a ${candidatesCount(n)}` : `Quitar de ${candidatesCount(n)}`,
  running: 'Aplicando las etiquetas…',
  loadingTags: 'Cargando etiquetas…',
  tagsFailed: 'No se pudieron cargar las etiquetas.',
  noTagsDefined: 'Todavía no hay etiquetas. Créalas desde el detalle de un candidato.',
  resultSummary: (p: { changed: number; unchanged: number; refused: number }) =>
    `${countWord(p.changed, 'candidato cambiado', 'candidatos cambiados')}, ${p.unchanged} sin cambios, ` +
    `${countWord(p.refused, 'no permitido', 'no permitidos')}.`,
  close: 'Cerrar',
  cancel: 'Cancelar',
} as const;

/** The bulk bar's 'Exportar' (issue 23): the selected rows, or every row matching the filter, to a file. */
export const BULK_EXPORT_MESSAGES = {
  section: 'Exportar',
  title: 'Exportar',
  summary: (n: number) =>
    `Se exportarán ${candidatesCount(n)} con las columnas de la lista, contacto, estado, fechas y etiquetas.`,
  download: (format: string) => `Descargar ${format}`,
  failed: 'No se pudo preparar la exportación de esta selección.',
  cancel: 'Cancelar',
} as const;
