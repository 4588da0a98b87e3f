import type { ApolloCache } from '@apollo/client';

/** Forgets a deleted entity: every list holding it drops the reference, and gc frees what only it held. */
export function forgetEntity(cache: ApolloCache, __typename: string, id: string): void {
  cache.evict({ id: cache.identify({ __typename, id }) });
  cache.gc();
}
