import { ApolloClient, HttpLink, InMemoryCache } from '@apollo/client';

export function createCache(): InMemoryCache {
  return new InMemoryCache({
    typePolicies: {
      Query: {
        fields: {
          // A vacancy already in the cache (from the detail modal) answers vacancy(id) directly.
          vacancy: {
            read(existing, { args, toReference }) {
              if (existing !== undefined || typeof args?.id !== 'string') return existing;
              return toReference({ __typename: 'Vacancy', id: args.id });
            },
          },
        },
      },
      // Pages of the board are values of one query, not entities to merge.
      VacancyPage: { keyFields: false },
      Health: { keyFields: false },
    },
  });
}

export function createApolloClient(): ApolloClient {
  return new ApolloClient({
    link: new HttpLink({ uri: '/graphql', credentials: 'same-origin' }),
    cache: createCache(),
  });
}
