import type { ApolloCache } from '@apollo/client';
import { CANDIDATE_LIST_FIELDS } from '../actions/cache';

/**
 * After a bulk action every candidate list may be stale (rows changed tab, the tab counts and the
 * tag counts moved, the by-vacancy list and the history too): dropping those root fields makes
 * the lists on screen refetch and the others load fresh when next opened. One helper for the
 * state moves and the tag changes.
 */
export function refreshCandidateLists(cache: ApolloCache): void {
  for (const fieldName of CANDIDATE_LIST_FIELDS) cache.evict({ id: 'ROOT_QUERY', fieldName });
  cache.gc();
}
