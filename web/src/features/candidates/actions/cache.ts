import type { ApolloCache } from '@apollo/client';

/** The root lists a state change can move a candidate in or out of (docs/decisions/2026-11-23-pipeline-state-changes.md). */
export const CANDIDATE_LIST_FIELDS = [
  'candidates',
  'candidatesByVacancy',
  'candidateHistory',
  'vacancyBoardColumn',
] as const;

/**
 * After a pipeline mutation every list may be stale (the candidate changed tab, left the inbox,
 * entered the history, the counts moved): dropping those root fields makes the lists on screen
 * refetch and the others load fresh when next opened. The candidate's own timeline gained a
 * state change and an e-mail, so it is dropped too; `stale` drops the whole candidate (someone
 * else changed it: nothing cached about it can be trusted).
 */
export function refreshCandidateViews(cache: ApolloCache, id: string, { stale = false } = {}): void {
  for (const fieldName of CANDIDATE_LIST_FIELDS) cache.evict({ id: 'ROOT_QUERY', fieldName });
  const entity = cache.identify({ __typename: 'Candidate', id });
  if (entity) cache.evict(stale ? { id: entity } : { id: entity, fieldName: 'timeline' });
  cache.gc();
}
