import { ACTIVE_STATES, CANDIDATE_STATE_LABEL, stateFromEnum, stateToEnum, type CandidateState } from './candidate.js';
import { formatDate } from './format.js';
import { TAG_LIMITS, TAG_MESSAGES } from './notes-tags.js';
import { hasControlCharacters } from './schema.js';
import { todayInGuatemala, toGuatemalaWallClock } from './time.js';

/**
 * Exports of a candidate list (issue 23, item 6): the lists that export, their filter as the
 * download's query parameters (the web writes it, the BFF reads it: one object, so a new filter
 * is one line here), the columns of the file, the CSV cell and the messages.
 */

export const CANDIDATE_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type CandidateExportFormat = (typeof CANDIDATE_EXPORT_FORMATS)[number];

/** inbox: 'Candidatos Activos' (non-terminal states); vacancy: 'Postulantes para la plaza' (any state). */
export const CANDIDATE_EXPORT_LISTS = ['inbox', 'vacancy'] as const;
export type CandidateExportList = (typeof CANDIDATE_EXPORT_LISTS)[number];

export const CANDIDATE_EXPORT_LIST_LABEL: Record<CandidateExportList, string> = {
  inbox: 'Candidatos Activos',
  vacancy: 'Postulantes por plaza',
};

export const CANDIDATE_EXPORT_FORMAT_LABEL: Record<CandidateExportFormat, string> = { csv: 'CSV', xlsx: 'Excel' };

export const CANDIDATE_EXPORT_MESSAGES = {
  listInvalid: 'Indica una lista de candidatos válida.',
  vacancyRequired: 'Indica la plaza de la lista.',
  stateInvalid: 'El estado indicado no es válido para esta lista.',
  searchInvalid: 'La búsqueda no es válida (máximo 100 caracteres).',
  tagsInvalid: 'Las etiquetas indicadas no son válidas.',
  failed: 'No se pudo generar la exportación. Inténtalo de nuevo.',
  logTitle: 'Exportaciones',
  logEmpty: 'Todavía no se ha exportado ninguna lista de candidatos.',
  logFailed: 'No se pudo cargar el registro de exportaciones',
} as const;

/** Longest search a list accepts (the inbox's search box). */
export const CANDIDATE_EXPORT_SEARCH_MAX = 100;

/** The filter of a list as it is on screen; the same object becomes the download's query. */
export interface CandidateExportFilter {
  list: CandidateExportList;
  /** vacancy list only. */
  vacancyId?: string | null;
  /** A state tab; null/absent: every state of the list. */
  state?: CandidateState | null;
  search?: string | null;
  /** Tags every exported candidate carries (the list's tag filter); at most TAG_LIMITS.filter. */
  tagIds?: readonly string[] | null;
}

/** The query parameters of GET /reports/candidates.{csv,xlsx} for a filter (defaults left out). */
export function candidateExportQuery(f: CandidateExportFilter): URLSearchParams {
  const q = new URLSearchParams({ list: f.list });
  if (f.list === 'vacancy' && f.vacancyId) q.set('vacancyId', f.vacancyId);
  if (f.state) q.set('state', stateToEnum(f.state));
  const search = f.search?.trim();
  if (search) q.set('search', search);
  if (f.tagIds?.length) q.set('tagIds', f.tagIds.join(','));
  return q;
}

/** The download's address for a filter and a format. */
export const candidateExportUrl = (f: CandidateExportFilter, format: CandidateExportFormat): string =>
  `/reports/candidates.${format}?${candidateExportQuery(f).toString()}`;

/** Reads the query back; a Spanish message when it is not a list's filter. */
export function readCandidateExportQuery(
  q: Record<string, unknown>,
): { ok: true; value: CandidateExportFilter } | { ok: false; message: string } {
  const one = (name: string): string | undefined | null => {
    const v = q[name];
    return v === undefined ? undefined : typeof v === 'string' ? v : null;
  };
  const list = one('list');
  if (!list || !(CANDIDATE_EXPORT_LISTS as readonly string[]).includes(list))
    return { ok: false, message: CANDIDATE_EXPORT_MESSAGES.listInvalid };
  const vacancyId = one('vacancyId');
  if (vacancyId === null || (list === 'vacancy' && !/^\d{1,10}$/.test(vacancyId ?? '')))
    return { ok: false, message: CANDIDATE_EXPORT_MESSAGES.vacancyRequired };
  const rawState = one('state');
  const state = rawState ? stateFromEnum(rawState) : null;
  if (
    rawState === null ||
    (rawState && !state) ||
    (state && list === 'inbox' && !ACTIVE_STATES.includes(state as never))
  )
    return { ok: false, message: CANDIDATE_EXPORT_MESSAGES.stateInvalid };
  const search = one('search');
  if (search === null || (search && (search.length > CANDIDATE_EXPORT_SEARCH_MAX || hasControlCharacters(search))))
    return { ok: false, message: CANDIDATE_EXPORT_MESSAGES.searchInvalid };
  const rawTags = one('tagIds');
  const tagIds = rawTags ? [...new Set(rawTags.split(','))] : [];
  if (rawTags === null || tagIds.some((id) => !/^\d{1,10}$/.test(id)))
    return { ok: false, message: CANDIDATE_EXPORT_MESSAGES.tagsInvalid };
  if (tagIds.length > TAG_LIMITS.filter) return { ok: false, message: TAG_MESSAGES.tooManyFilter };
  return {
    ok: true,
    value: {
      list: list as CandidateExportList,
      vacancyId: list === 'vacancy' ? vacancyId! : null,
      state,
      search: search?.trim() || null,
      tagIds: tagIds.length ? tagIds : null,
    },
  };
}

/** One candidate of an exported list, as the BFF reads it from the api. */
export interface CandidateExportRow {
  fullName: string;
  email: string | null;
  phone: string | null;
  vacancy: string;
  branch: string | null;
  place: string | null;
  state: CandidateState;
  /** Instants (ISO with zone) or dates; shown dd/mm/yyyy in Guatemala. */
  appliedAt: string | null;
  updatedAt: string | null;
}

export interface CandidateExportColumn {
  heading: string;
  /** Characters, for the spreadsheet's column width. */
  width: number;
  value: (r: CandidateExportRow) => string;
}

/** The file's columns, in order: the list's (name, position, state) plus contact and dates. */
export const CANDIDATE_EXPORT_COLUMNS: readonly CandidateExportColumn[] = [
  { heading: 'Nombre', width: 32, value: (r) => r.fullName },
  { heading: 'Correo electrónico', width: 30, value: (r) => r.email ?? '' },
  { heading: 'Teléfono', width: 14, value: (r) => r.phone ?? '' },
  { heading: 'Plaza', width: 32, value: (r) => r.vacancy },
  { heading: 'Sede', width: 20, value: (r) => r.branch ?? '' },
  { heading: 'Lugar', width: 24, value: (r) => r.place ?? '' },
  { heading: 'Estado', width: 16, value: (r) => CANDIDATE_STATE_LABEL[r.state] },
  { heading: 'Fecha de postulación', width: 14, value: (r) => formatDate(r.appliedAt) },
  { heading: 'Última actualización', width: 14, value: (r) => formatDate(r.updatedAt) },
];

export const candidateExportCells = (r: CandidateExportRow): string[] =>
  CANDIDATE_EXPORT_COLUMNS.map((c) => c.value(r));

/**
 * One CSV cell (RFC 4180). A cell a spreadsheet would read as a formula (=, +, -, @, or a tab or
 * carriage return first) gets a leading apostrophe, so a name like '=HYPERLINK(…)' stays text.
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let s = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

/** One CSV line with its CRLF (RFC 4180). */
export const csvLine = (cells: readonly (string | number | null)[]): string => `${cells.map(csvCell).join(',')}\r\n`;

/** Makes Excel read a CSV as UTF-8 (accents). */
export const CSV_BOM = '\uFEFF';

/** 'candidatos-activos-2026-11-27.csv', 'candidatos-plaza-12-2026-11-27.xlsx' (the date in Guatemala). */
export function candidateExportFileName(
  f: Pick<CandidateExportFilter, 'list' | 'vacancyId'>,
  format: CandidateExportFormat,
  now: Date = new Date(),
): string {
  const day = todayInGuatemala(now);
  const what = f.list === 'vacancy' ? `plaza-${f.vacancyId ?? ''}` : 'activos';
  return `candidatos-${what}-${day}.${format}`;
}

/** 'dd/mm/yyyy HH:mm' in Guatemala, for the export log. */
export function formatExportInstant(iso: string): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return '';
  const w = toGuatemalaWallClock(ms);
  return `${formatDate(w.date)} ${w.time}`;
}

/** How the log shows a filter: 'Estado: En seguimiento · Búsqueda: "ana"'. */
export function describeCandidateExportFilter(f: Omit<CandidateExportFilter, 'list'>): string {
  const parts: string[] = [];
  if (f.state) parts.push(`Estado: ${CANDIDATE_STATE_LABEL[f.state]}`);
  if (f.search) parts.push(`Búsqueda: "${f.search}"`);
  return parts.length ? parts.join(' · ') : 'Sin filtros';
}
