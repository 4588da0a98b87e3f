import type { ApolloCache } from '@apollo/client';

/**
 * After any pipeline change the staff lists are stale (CONTRACT: evict their root fields): the
 * lists on screen refetch, the others load fresh when next opened.
 */
export function evictCandidateLists(cache: ApolloCache): void {
  for (const fieldName of ['candidates', 'candidatesByVacancy', 'candidateHistory'])
    cache.evict({ id: 'ROOT_QUERY', fieldName });
  cache.gc();
}
