/** What GraphiQL hands its fetcher: the operation, and the headers typed in its headers editor. */
export interface GraphiQLRequest {
  query: string;
  operationName?: string | null;
  variables?: unknown;
}
export interface GraphiQLFetcherOptions {
  headers?: Record<string, unknown>;
}

/**
 * GraphiQL's fetcher for our own /graphql (same origin). Without an Authorization header the
 * browser's session cookie decides what the schema lets you do (a staff member signed in at
 * /reclutadores/login); with `Authorization: Bearer bolsa_…` typed in the headers editor the API
 * token does, and the cookie is left out so that the answer is exactly what the integrator will get.
 * A JSON content type keeps Apollo's CSRF prevention satisfied either way.
 */
export function createFetcher(url = '/graphql', fetchImpl: typeof fetch = (...args) => fetch(...args)) {
  return async (params: GraphiQLRequest, opts?: GraphiQLFetcherOptions): Promise<Record<string, unknown>> => {
    const typed: Record<string, string> = {};
    for (const [name, value] of Object.entries(opts?.headers ?? {})) {
      if (value !== undefined && value !== null && String(value).trim() !== '') typed[name] = String(value);
    }
    const token = Object.keys(typed).some((name) => name.toLowerCase() === 'authorization');
    const response = await fetchImpl(url, {
      method: 'POST',
      credentials: token ? 'omit' : 'same-origin',
      headers: { ...typed, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(params),
    });
    return (await response.json()) as Record<string, unknown>;
  };
}
