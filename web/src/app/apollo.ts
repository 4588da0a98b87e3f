import { ApolloClient, ApolloLink, HttpLink, InMemoryCache } from '@apollo/client';
import { graphql } from '../gql';
import generated from '../gql/possible-types';
import { sessionExpiryLink } from '../features/session';
import { idempotencyLink } from '../lib/idempotency';
import { outageLink, setOutageProbe } from '../lib/outage';
import { requestIdLinks } from '../lib/request-id';

/** The outage check: does the BFF reach the api again? */
const OUTAGE_HEALTH = graphql(`
  query OutageHealth {
    health {
      api
    }
  }
`);

/** Members of the schema's unions, generated from schema.graphql, so that the cache can match fragments on them. */
export const POSSIBLE_TYPES = generated.possibleTypes;

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
      // An e-mail template is known by its key (issue 24): a save updates the list's row too.
      EmailTemplate: { keyFields: ['key'] },
    },
  });
}

/**
 * Trusted documents (docs/decisions/2026-11-27-trusted-documents.md): an operation registered at
 * build time (codegen puts its hash on the document as `__meta__.hash`) goes out as that hash in
 * Apollo Server's persisted-query extension, without its text; in production the BFF runs only
 * those for a browser. Apollo's PersistedQueryLink does the same with retries the BFF never needs
 * (it registers nothing at run time) for 1.4 KB gzip more on the first visit (its own minified code).
 */
export function persistedDocumentLink(): ApolloLink {
  return new ApolloLink((operation, forward) => {
    const hash = (operation.query as { __meta__?: { hash?: unknown } }).__meta__?.hash;
    if (typeof hash === 'string') {
      operation.extensions.persistedQuery = { version: 1, sha256Hash: hash };
      operation.setContext(({ http }: { http?: object }) => ({ http: { ...http, includeQuery: false } }));
    }
    return forward(operation);
  });
}

export function createApolloClient(): ApolloClient {
  const client = new ApolloClient({
    link: ApolloLink.from([
      sessionExpiryLink(),
      outageLink(),
      ...requestIdLinks(),
      persistedDocumentLink(),
      idempotencyLink(),
      new HttpLink({ uri: '/graphql', credentials: 'same-origin' }),
    ]),
    cache: createCache(),
  });
  // While the service is down the page checks its health now and then; once the api answers,
  // everything on screen is fetched again (the session first of all).
  setOutageProbe(async () => {
    const { data } = await client.query({ query: OUTAGE_HEALTH, fetchPolicy: 'network-only' });
    if (!data?.health.api) return false;
    void client.refetchObservableQueries().catch(() => undefined);
    return true;
  });
  return client;
}

let appClient: ApolloClient | null = null;
/**
 * The app's one client. main.tsx makes it in a task of its own, before the app's module runs:
 * building the cache and the links (about 20 ms on a cheap phone's CPU, most of it compiling
 * Apollo's code on first use) lengthened the task that evaluates the app and starts hydration.
 */
export function appApolloClient(): ApolloClient {
  appClient ??= createApolloClient();
  return appClient;
}
