import {
  canonicalState,
  type CandidateExportFormat,
  type CandidateExportList,
  type CandidateExportRow,
  type CandidateState,
} from '@bolsa/domain';
import { normaliseCandidate } from './candidate.js';
import { fieldsOf, id, listOf, pick, text } from './fields.js';
import { pageEnvelope } from './paging.js';

/**
 * One line of an export's stream (GET /internal/exportaciones/candidatos): a candidate of the
 * list's shape, read by the candidate normaliser (every spelling, erased rows without a name or
 * contact), plus the two instants the file shows and the names of its tags. Null without an id.
 */
export function normaliseCandidateExportRow(raw: unknown): CandidateExportRow | null {
  const c = normaliseCandidate(raw);
  if (!c) return null;
  const f = fieldsOf(raw);
  const v = c.vacancies[0];
  return {
    fullName: c.fullName,
    email: c.email,
    phone: c.phone,
    vacancy: v?.name ?? 'Sin definir',
    branch: v?.branchName ?? null,
    place: v?.place ?? null,
    state: c.state,
    appliedAt: c.registeredAt,
    updatedAt: text(pick(f, 'actualizadoEn', 'actualizado_en', 'fechaActualizacion')),
    tags: listOf(pick(f, 'etiquetas', 'tags'))
      .map((t) => (typeof t === 'string' ? text(t) : text(pick(fieldsOf(t), 'nombre', 'name'))))
      .filter((t): t is string => t !== null),
  };
}

/** One export as the administrators' log shows it. */
export interface ExportRecordDto {
  id: string;
  at: string;
  userName: string;
  /** An API token's export (no staff account). */
  byToken: boolean;
  list: CandidateExportList;
  vacancyId: string | null;
  vacancyName: string | null;
  state: CandidateState | null;
  search: string | null;
  rows: number;
  format: CandidateExportFormat;
  /** An export of the rows selected in a list: how many; null for the list's filter. */
  selected: number | null;
}

export function normaliseExportRecord(raw: unknown): ExportRecordDto | null {
  const f = fieldsOf(raw);
  const recordId = id(pick(f, 'id'));
  const at = text(pick(f, 'fecha', 'en'));
  if (!recordId || !at) return null;
  const list = text(pick(f, 'lista'));
  const format = text(pick(f, 'formato'))?.toLowerCase();
  const rows = Number(pick(f, 'filas'));
  return {
    id: recordId,
    at,
    userName: text(pick(f, 'nombreUsuario', 'usuario')) ?? '',
    byToken: !!id(pick(f, 'apiTokenId')) && !id(pick(f, 'usuarioId')),
    list: list === 'vacancy' ? 'vacancy' : 'inbox',
    vacancyId: id(pick(f, 'plazaId')),
    vacancyName: text(pick(f, 'nombrePlaza')),
    state: canonicalState(pick(f, 'estado')),
    search: text(pick(f, 'busqueda')),
    rows: Number.isFinite(rows) && rows >= 0 ? Math.round(rows) : 0,
    format: format === 'xlsx' ? 'xlsx' : 'csv',
    selected: countOf(pick(f, 'seleccionados')),
  };
}

/** A count (a non-negative integer), or null. */
function countOf(raw: unknown): number | null {
  const n = raw === undefined || raw === null || raw === '' ? NaN : Number(raw);
  return Number.isInteger(n) && n >= 0 ? n : null;
}

export interface ExportLogPage {
  items: ExportRecordDto[];
  totalCount: number;
  page: number;
  pageSize: number;
}

/** GET /internal/exportaciones: the paged log. */
export function normaliseExportLog(raw: unknown, asked: { page: number; pageSize: number }): ExportLogPage {
  const env = pageEnvelope(raw, asked);
  const items = (env?.items ?? (Array.isArray(raw) ? raw : []))
    .map(normaliseExportRecord)
    .filter((r): r is ExportRecordDto => r !== null);
  return {
    items,
    totalCount: env?.totalCount ?? items.length,
    page: env?.page ?? asked.page,
    pageSize: env?.pageSize ?? asked.pageSize,
  };
}

/** `X-Total-Count` of the stream; null when absent or unreadable. */
export function exportTotal(header: unknown): number | null {
  const n = Number(Array.isArray(header) ? header[0] : header);
  return typeof header !== 'undefined' && Number.isInteger(n) && n >= 0 ? n : null;
}
