import { canonicalState, type CandidateState } from '@bolsa/domain';
import { normaliseCandidate, type CandidateDto } from './candidate.js';
import { listOf } from './fields.js';
import { normaliseTagCounts } from './notes-tags.js';
import { pageEnvelope } from './paging.js';

export interface CandidateListPage {
  items: CandidateDto[];
  totalCount: number;
  page: number;
  pageSize: number;
  /** Per state of the list (search applied, tab not). */
  counts: Map<CandidateState, number>;
  allCount: number;
  /** Candidates per tag id over the list (filters applied, tab not; issue 23); empty when the api sends none. */
  tagCounts: Map<string, number>;
}

/** A list of candidates: bare, or wrapped under `candidatos`, `postulantes`, `data`, `items`… */
export function normaliseCandidateList(raw: unknown): CandidateDto[] {
  return listOf(raw, 'candidatos', 'postulantes')
    .map((c) => normaliseCandidate(c))
    .filter((c): c is CandidateDto => c !== null);
}

/**
 * One page of a candidate list (the paging contract). `counts` are per state under any legacy
 * spelling of the state (added up), `todos` the whole list; states outside `listStates` are
 * dropped. Null when the api answered a bare list (the caller pages it).
 */
export function normaliseCandidatePage(
  raw: unknown,
  listStates: readonly CandidateState[],
  asked: { page: number; pageSize: number },
): CandidateListPage | null {
  const envelope = pageEnvelope(raw, asked);
  if (!envelope) return null;
  const countFields = envelope.counts && typeof envelope.counts === 'object' ? Object.entries(envelope.counts) : [];
  const counts = new Map<CandidateState, number>(listStates.map((s) => [s, 0]));
  let allCount: number | null = null;
  for (const [k, v] of countFields) {
    if (k.toLowerCase() === 'todos') {
      allCount = Number(v) || 0;
      continue;
    }
    const s = canonicalState(k);
    if (s && counts.has(s)) counts.set(s, (counts.get(s) ?? 0) + (Number(v) || 0));
  }
  return {
    items: normaliseCandidateList(envelope.items),
    totalCount: envelope.totalCount,
    page: envelope.page,
    pageSize: envelope.pageSize,
    counts,
    allCount: allCount ?? [...counts.values()].reduce((a, b) => a + b, 0),
    tagCounts: normaliseTagCounts(raw),
  };
}
