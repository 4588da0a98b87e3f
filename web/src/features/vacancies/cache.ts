import type { ApolloCache } from '@apollo/client';

/**
 * After a vacancy is created, edited, featured or deleted, every cached listing that may show it
 * is stale: the staff pages and counts (adminVacancies), the public board (vacancies) and the
 * public detail (vacancy). Dropping those root fields makes the lists on screen refetch and the
 * others load fresh when next opened; the Vacancy entities themselves stay normalised.
 */
export function invalidateVacancyLists(cache: ApolloCache): void {
  cache.modify({
    id: 'ROOT_QUERY',
    fields: {
      adminVacancies: (_value, { DELETE }) => DELETE,
      vacancies: (_value, { DELETE }) => DELETE,
    },
  });
}

/** Forgets one vacancy everywhere (after deleting it). */
export function forgetVacancy(cache: ApolloCache, id: string): void {
  cache.evict({ id: cache.identify({ __typename: 'Vacancy', id }) });
  cache.evict({ id: 'ROOT_QUERY', fieldName: 'adminVacancy', args: { id } });
  cache.evict({ id: 'ROOT_QUERY', fieldName: 'vacancy', args: { id } });
  invalidateVacancyLists(cache);
  cache.gc();
}
