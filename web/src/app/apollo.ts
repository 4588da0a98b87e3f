import { ApolloClient, ApolloLink, HttpLink, InMemoryCache } from '@apollo/client';
import { sessionExpiryLink } from '../features/session/session-events';
import { requestIdLinks } from '../lib/request-id';

/** Members of the schema's unions, so that the cache can match fragments on them. */
export const POSSIBLE_TYPES: Record<string, string[]> = {
  LoginError: ['InvalidCredentials', 'Throttled', 'AccountInactive', 'ValidationFailed', 'CaptchaRequired'],
  RegisterError: ['RegistrationConflict', 'ValidationFailed', 'CaptchaFailed', 'OperationFailed'],
  MutationError: ['ValidationFailed', 'NotFound', 'Conflict', 'OperationFailed'],
};

export function createCache(): InMemoryCache {
  return new InMemoryCache({
    possibleTypes: POSSIBLE_TYPES,
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
      // Settings are one value; the viewer of a session is replaced as a whole, never merged field by field.
      Settings: { keyFields: false },
      Viewer: { keyFields: false },
      Health: { keyFields: false },
    },
  });
}

export function createApolloClient(): ApolloClient {
  return new ApolloClient({
    link: ApolloLink.from([
      sessionExpiryLink(),
      ...requestIdLinks(),
      new HttpLink({ uri: '/graphql', credentials: 'same-origin' }),
    ]),
    cache: createCache(),
  });
}
