import { parse as parseJsonc } from 'jsonc-parser';
import { describe, expect, it } from 'vitest';
import { createFetcher } from './fetcher';
import { DEFAULT_HEADERS } from './texts';

/** Records what GraphiQL's fetcher asks the browser to send. */
function recorder() {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetchImpl = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return new Response(JSON.stringify({ data: { __typename: 'Query' } }), {
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof fetch;
  return { calls, fetcher: createFetcher('/graphql', fetchImpl) };
}

describe('GraphiQL fetcher', () => {
  it('posts JSON to /graphql with the session cookie when no token is typed', async () => {
    const { calls, fetcher } = recorder();
    const result = await fetcher({ query: '{ __typename }' });
    expect(result).toEqual({ data: { __typename: 'Query' } });
    expect(calls[0]!.url).toBe('/graphql');
    expect(calls[0]!.init).toMatchObject({
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
    });
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({ query: '{ __typename }' });
  });

  it('sends the headers typed in the editor; with an Authorization header the cookie stays home', async () => {
    const { calls, fetcher } = recorder();
    await fetcher(
      { query: '{ me { kind } }', operationName: null },
      { headers: { Authorization: 'Bearer bolsa_abc', 'X-Vacio': '', 'content-type': 'text/plain' } },
    );
    const init = calls[0]!.init;
    expect(init.credentials).toBe('omit');
    // Its own JSON content type wins: a text/plain body would be a 'simple' request that CSRF prevention refuses.
    expect(init.headers).toEqual({
      Authorization: 'Bearer bolsa_abc',
      'content-type': 'application/json',
      accept: 'application/json',
    });
  });

  it('opens with a headers editor that sends nothing until a token is written in it', () => {
    const errors: unknown[] = [];
    expect(parseJsonc(DEFAULT_HEADERS, errors as never, { allowTrailingComma: true })).toEqual({});
    expect(errors).toEqual([]);
    expect(DEFAULT_HEADERS).toContain('"Authorization": "Bearer bolsa_');
  });
});
