import { ApolloClient, ApolloLink, HttpLink, InMemoryCache } from '@apollo/client';
import { describe, expect, it } from 'vitest';
import { BRANCHES } from '../lib/catalogue';
import manifest from '../gql/persisted-documents.json';
import { appApolloClient, persistedDocumentLink } from './apollo';

/** Trusted documents: the web sends a registered operation's hash, never its text. */
describe('persistedDocumentLink', () => {
  it('sends the hash codegen registered, in the persisted-query extension, without the text', async () => {
    const bodies: Record<string, unknown>[] = [];
    const fetch = async (_uri: RequestInfo | URL, init?: RequestInit) => {
      bodies.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
      return new Response(
        JSON.stringify({ data: { branches: [{ __typename: 'Branch', id: '1', name: 'Central' }] } }),
        {
          headers: { 'content-type': 'application/json' },
        },
      );
    };
    const client = new ApolloClient({
      link: ApolloLink.from([persistedDocumentLink(), new HttpLink({ uri: '/graphql', fetch })]),
      cache: new InMemoryCache(),
    });
    const { data } = await client.query({ query: BRANCHES });
    expect(data?.branches[0]?.name).toBe('Central');
    expect(bodies).toHaveLength(1);
    const body = bodies[0]!;
    expect(body.query).toBeUndefined();
    const hash = (body.extensions as { persistedQuery: { version: number; sha256Hash: string } }).persistedQuery;
    expect(hash.version).toBe(1);
    expect(Object.keys(manifest)).toContain(hash.sha256Hash);
    expect((manifest as Record<string, string>)[hash.sha256Hash]).toMatch(/query Branches\b/);
  }, 15_000);
});

describe('appApolloClient', () => {
  it('is made once: main.tsx makes it in a task of its own, the app then uses that same client', () => {
    const first = appApolloClient();
    expect(appApolloClient()).toBe(first);
    expect(first.cache).toBeInstanceOf(InMemoryCache);
  });
});
