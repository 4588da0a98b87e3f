import { BULK_LIMIT, BULK_MESSAGES } from './bulk-actions.js';
import { CANDIDATE_STATE_LABEL, stateToEnum, type CandidateState } from './candidate.js';
import {
  CANDIDATE_LIST_FILTER_MESSAGES,
  CANDIDATE_LIST_SEARCH_MAX,
  CANDIDATE_LISTS,
  parseCandidateListFilter,
  readIdList,
  type CandidateList,
  type CandidateListFilter,
} from './candidate-list-filter.js';
import { formatDate } from './format.js';
import { todayInGuatemala, toGuatemalaWallClock } from './time.js';

/**
 * Exports of a candidate list (issue 23, item 6): the lists that export, their filter as the
 * download's query parameters (the web writes it, the BFF reads it: one object, so a new filter
 * is one line here), the columns of the file, the CSV cell and the messages. The filter itself is
 * the lists' one filter (candidate-list-filter.ts), the same a bulk action acts on.
 */

export const CANDIDATE_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type CandidateExportFormat = (typeof CANDIDATE_EXPORT_FORMATS)[number];

/** inbox: 'Candidatos Activos' (non-terminal states); vacancy: 'Postulantes para la plaza' (any state). */
export const CANDIDATE_EXPORT_LISTS = CANDIDATE_LISTS;
export type CandidateExportList = CandidateList;

export const CANDIDATE_EXPORT_LIST_LABEL: Record<CandidateExportList, string> = {
  inbox: 'Candidatos Activos',
  vacancy: 'Postulantes por plaza',
};

export const CANDIDATE_EXPORT_FORMAT_LABEL: Record<CandidateExportFormat, string> = { csv: 'CSV', xlsx: 'Excel' };

export const CANDIDATE_EXPORT_MESSAGES = {
  listInvalid: CANDIDATE_LIST_FILTER_MESSAGES.listInvalid,
  vacancyRequired: CANDIDATE_LIST_FILTER_MESSAGES.vacancyRequired,
  stateInvalid: CANDIDATE_LIST_FILTER_MESSAGES.stateInvalid,
  searchInvalid: CANDIDATE_LIST_FILTER_MESSAGES.searchInvalid,
  tagsInvalid: CANDIDATE_LIST_FILTER_MESSAGES.tagsInvalid,
  idsInvalid: BULK_MESSAGES.idsInvalid,
  idsOrFilter: BULK_MESSAGES.idsOrFilter,
  failed: 'No se pudo generar la exportación. Inténtalo de nuevo.',
  /** The export buttons' hint when the list shown is empty (they are disabled). */
  nothing: 'No hay candidatos que exportar con estos filtros',
  logTitle: 'Exportaciones',
  logEmpty: 'Todavía no se ha exportado ninguna lista de candidatos.',
  logFailed: 'No se pudo cargar el registro de exportaciones',
} as const;

/** Longest search a list accepts (the inbox's search box). */
export const CANDIDATE_EXPORT_SEARCH_MAX = CANDIDATE_LIST_SEARCH_MAX;

/**
 * What an export takes: the list as it is filtered on screen, or (`ids`, at most BULK_LIMIT) the
 * rows selected in it (the bulk bar's 'Exportar'); the same object becomes the download's query.
 */
export interface CandidateExportFilter extends CandidateListFilter {
  /** The selected candidates, in order; then state, search and tags are absent. */
  ids?: readonly string[] | null;
}

/** The query parameters of GET /reports/candidates.{csv,xlsx} for a filter (defaults left out). */
export function candidateExportQuery(f: CandidateExportFilter): URLSearchParams {
  const q = new URLSearchParams({ list: f.list });
  if (f.list === 'vacancy' && f.vacancyId) q.set('vacancyId', f.vacancyId);
  if (f.ids?.length) {
    q.set('ids', f.ids.join(','));
    return q;
  }
  if (f.state) q.set('state', stateToEnum(f.state));
  const search = f.search?.trim();
  if (search) q.set('search', search);
  if (f.tagIds?.length) q.set('tagIds', f.tagIds.join(','));
  return q;
}

/** The download's address for a filter and a format. */
export const candidateExportUrl = (f: CandidateExportFilter, format: CandidateExportFormat): string =>
  `/reports/candidates.${format}?${candidateExportQuery(f).toString()}`;

/** Reads the query back; a Spanish message when it is not a list's filter (or a selection). */
export function readCandidateExportQuery(
  q: Record<string, unknown>,
): { ok: true; value: CandidateExportFilter } | { ok: false; message: string } {
  const M = CANDIDATE_EXPORT_MESSAGES;
  const one = (name: string): string | undefined | null => {
    const v = q[name];
    return v === undefined ? undefined : typeof v === 'string' ? v : null;
  };
  const fields = { list: one('list'), vacancyId: one('vacancyId'), state: one('state'), search: one('search') };
  const tagIds = one('tagIds');
  if (fields.list === null || fields.list === undefined) return { ok: false, message: M.listInvalid };
  if (fields.vacancyId === null) return { ok: false, message: M.vacancyRequired };
  if (fields.state === null) return { ok: false, message: M.stateInvalid };
  if (fields.search === null) return { ok: false, message: M.searchInvalid };
  if (tagIds === null) return { ok: false, message: M.tagsInvalid };
  const rawIds = one('ids');
  if (rawIds === null) return { ok: false, message: M.idsInvalid };
  if (rawIds !== undefined) {
    if (fields.state || fields.search?.trim() || tagIds) return { ok: false, message: M.idsOrFilter };
    const ids = readIdList(rawIds);
    if (!ids || !ids.length) return { ok: false, message: M.idsInvalid };
    if (ids.length > BULK_LIMIT) return { ok: false, message: BULK_MESSAGES.tooMany(ids.length) };
    const f = parseCandidateListFilter({ list: fields.list, vacancyId: fields.vacancyId });
    return f.ok ? { ok: true, value: { ...f.value, ids } } : f;
  }
  return parseCandidateListFilter({ ...fields, tagIds });
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
  /** The names of the candidate's tags, by name. */
  tags: readonly string[];
}

export interface CandidateExportColumn {
  heading: string;
  /** Characters, for the spreadsheet's column width. */
  width: number;
  value: (r: CandidateExportRow) => string;
}

/** The file's columns, in order: the list's (name, position, state) plus contact, dates and tags. */
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
  { heading: 'Etiquetas', width: 32, value: (r) => r.tags.join(', ') },
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

/**
 * 'candidatos-activos-2026-11-27.csv', 'candidatos-plaza-12-2026-11-27.xlsx' (the date in
 * Guatemala); 'candidatos-activos-seleccion-2026-11-27.csv' for the rows selected.
 */
export function candidateExportFileName(
  f: Pick<CandidateExportFilter, 'list' | 'vacancyId' | 'ids'>,
  format: CandidateExportFormat,
  now: Date = new Date(),
): string {
  const day = todayInGuatemala(now);
  const what = f.list === 'vacancy' ? `plaza-${f.vacancyId ?? ''}` : 'activos';
  return `candidatos-${what}${f.ids?.length ? '-seleccion' : ''}-${day}.${format}`;
}

/** 'dd/mm/yyyy HH:mm' in Guatemala, for the export log. */
export function formatExportInstant(iso: string): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return '';
  const w = toGuatemalaWallClock(ms);
  return `${formatDate(w.date)} ${w.time}`;
}

/** How the log shows a filter: 'Estado: En seguimiento · Búsqueda: "ana"', or '12 seleccionados'. */
export function describeCandidateExportFilter(
  f: Omit<CandidateExportFilter, 'list' | 'ids'> & { selected?: number | null },
): string {
  if (f.selected !== undefined && f.selected !== null)
    return f.selected === 1 ? '1 seleccionado' : `${f.selected} seleccionados`;
  const parts: string[] = [];
  if (f.state) parts.push(`Estado: ${CANDIDATE_STATE_LABEL[f.state]}`);
  if (f.search) parts.push(`Búsqueda: "${f.search}"`);
  return parts.length ? parts.join(' · ') : 'Sin filtros';
}
