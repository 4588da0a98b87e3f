import { ACTIVE_STATES, canonicalState, stateFromEnum, type CandidateState } from './candidate.js';
import { TAG_LIMITS, TAG_MESSAGES } from './notes-tags.js';
import { hasControlCharacters, isEntityId } from './schema.js';

/**
 * "The candidate list as the recruiter filtered it" (issue 23): the inbox or one vacancy's list,
 * its state tab, its search and its tags. One shape and one check for everything that acts on a
 * whole list — a bulk action over "every row matching the filter" and an export — so a filter
 * the screen shows is the filter they act on (the tags included).
 */

/** inbox: 'Candidatos Activos' (non-terminal states); vacancy: 'Postulantes para la plaza' (any state). */
export const CANDIDATE_LISTS = ['inbox', 'vacancy'] as const;
export type CandidateList = (typeof CANDIDATE_LISTS)[number];

/** Longest search a list accepts (the lists' search boxes). */
export const CANDIDATE_LIST_SEARCH_MAX = 100;

export const CANDIDATE_LIST_FILTER_MESSAGES = {
  listInvalid: 'Indica una lista de candidatos válida.',
  vacancyRequired: 'Indica la plaza de la lista.',
  stateInvalid: 'El estado indicado no es válido para esta lista.',
  searchInvalid: `La búsqueda no es válida (máximo ${CANDIDATE_LIST_SEARCH_MAX} caracteres).`,
  tagsInvalid: 'Las etiquetas indicadas no son válidas.',
  tooManyTags: TAG_MESSAGES.tooManyFilter,
} as const;

/** The filter of a list as it is on screen. */
export interface CandidateListFilter {
  list: CandidateList;
  /** vacancy list only (digits). */
  vacancyId?: string | null;
  /** A state tab; null/absent: every state of the list. */
  state?: CandidateState | null;
  search?: string | null;
  /** Tags every candidate of the list carries; at most TAG_LIMITS.filter. */
  tagIds?: readonly string[] | null;
}

/** A filter as loose fields from any tier (GraphQL input, REST body, query string). */
export interface CandidateListFilterInput {
  /** 'inbox'|'vacancy', the GraphQL enum (INBOX|VACANCY) or the api's words (activos|plaza). */
  list: unknown;
  vacancyId?: unknown;
  /** A state in any spelling (canonical, legacy, or the GraphQL enum). */
  state?: unknown;
  search?: unknown;
  /** Ids as an array or a comma-separated string. */
  tagIds?: unknown;
}

export type CandidateListFilterResult = { ok: true; value: CandidateListFilter } | { ok: false; message: string };

const LIST_OF: Record<string, CandidateList> = {
  inbox: 'inbox',
  INBOX: 'inbox',
  activos: 'inbox',
  vacancy: 'vacancy',
  VACANCY: 'vacancy',
  plaza: 'vacancy',
};

const absent = (v: unknown) => v === undefined || v === null || v === '';

/** Ids (tags, candidates) as an array or 'a,b,c': canonical digit strings, each once; null when not ids. */
export function readIdList(raw: unknown): string[] | null {
  if (absent(raw)) return [];
  const parts = typeof raw === 'string' ? raw.split(',').map((s) => s.trim()) : Array.isArray(raw) ? raw : null;
  if (!parts || parts.some((p) => !isEntityId(p))) return null;
  return [...new Set(parts.map((p) => String(Number(p))))];
}

/** Checks a list's filter; a Spanish message when it is not one. */
export function parseCandidateListFilter(raw: CandidateListFilterInput): CandidateListFilterResult {
  const M = CANDIDATE_LIST_FILTER_MESSAGES;
  const list = typeof raw.list === 'string' && Object.hasOwn(LIST_OF, raw.list) ? LIST_OF[raw.list]! : null;
  if (!list) return { ok: false, message: M.listInvalid };
  let vacancyId: string | null = null;
  if (list === 'vacancy') {
    if (!isEntityId(raw.vacancyId)) return { ok: false, message: M.vacancyRequired };
    vacancyId = String(Number(raw.vacancyId));
  } else if (!absent(raw.vacancyId) && typeof raw.vacancyId !== 'string' && typeof raw.vacancyId !== 'number')
    return { ok: false, message: M.vacancyRequired };
  let state: CandidateState | null = null;
  if (!absent(raw.state)) {
    state = stateFromEnum(raw.state) ?? canonicalState(raw.state);
    if (!state || (list === 'inbox' && !(ACTIVE_STATES as readonly string[]).includes(state)))
      return { ok: false, message: M.stateInvalid };
  }
  if (!absent(raw.search) && typeof raw.search !== 'string') return { ok: false, message: M.searchInvalid };
  const search = typeof raw.search === 'string' ? raw.search : '';
  if (search.length > CANDIDATE_LIST_SEARCH_MAX || hasControlCharacters(search))
    return { ok: false, message: M.searchInvalid };
  const tagIds = readIdList(raw.tagIds);
  if (!tagIds) return { ok: false, message: M.tagsInvalid };
  if (tagIds.length > TAG_LIMITS.filter) return { ok: false, message: M.tooManyTags };
  return {
    ok: true,
    value: { list, vacancyId, state, search: search.trim() || null, tagIds: tagIds.length ? tagIds : null },
  };
}
