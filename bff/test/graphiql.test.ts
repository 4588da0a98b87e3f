import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getIntrospectionQuery } from 'graphql';
import { SCHEMA_MESSAGES } from '@bolsa/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';
import { createListener } from '../src/server.js';
import { DEMO, DEMO_PASSWORD } from './roles.js';
import { listen, startStack, type Stack } from './support.js';

/**
 * GraphiQL and introspection are one rule (README, GRAPHIQL and INTROSPECTION): GraphiQL without
 * the schema is useless, and in production the schema is for staff sessions and API tokens.
 */

const token = { SERVICE_TOKEN: 'x'.repeat(20) };
const production = { ...token, NODE_ENV: 'production', SESSION_SECRET: 's'.repeat(40) };

describe('GRAPHIQL and INTROSPECTION at start', () => {
  it('outside production: both on, the schema open to everyone', () => {
    const c = loadConfig({ ...token, NODE_ENV: 'development' });
    expect([c.graphiql, c.introspection]).toEqual([true, true]);
  });

  it('in production: both off unless asked', () => {
    const c = loadConfig(production);
    expect([c.graphiql, c.introspection]).toEqual([false, false]);
    expect(loadConfig({ ...production, INTROSPECTION: 'true' }).introspection).toBe(true);
  });

  it('GRAPHIQL=true in production opens the schema to staff sessions and tokens only', () => {
    const c = loadConfig({ ...production, GRAPHIQL: 'true' });
    expect([c.graphiql, c.introspection]).toEqual([true, 'staff']);
    expect(loadConfig({ ...production, GRAPHIQL: 'true', INTROSPECTION: 'true' }).introspection).toBe(true);
    expect(loadConfig({ ...production, INTROSPECTION: 'staff' }).introspection).toBe('staff');
  });

  it('refuses GraphiQL with introspection off, naming both variables and the way out', () => {
    for (const env of [
      { ...production, GRAPHIQL: 'true', INTROSPECTION: 'false' },
      { ...token, NODE_ENV: 'development', INTROSPECTION: 'false' },
    ]) {
      const load = () => loadConfig(env);
      expect(load).toThrow(ConfigError);
      expect(load).toThrow(/GRAPHIQL/);
      expect(load).toThrow(/INTROSPECTION=staff/);
    }
    expect(loadConfig({ ...token, NODE_ENV: 'development', GRAPHIQL: 'false', INTROSPECTION: 'false' })).toMatchObject({
      graphiql: false,
      introspection: false,
    });
  });

  it('says what INTROSPECTION accepts', () => {
    expect(() => loadConfig({ ...production, INTROSPECTION: 'personal' })).toThrow(/INTROSPECTION="personal"/);
  });
});

describe('INTROSPECTION=staff, as GraphiQL calls it from its page', () => {
  let stack: Stack;
  let server: Server;
  let origin: string;
  let dist: string;
  const cookies: Record<'admin' | 'viewer' | 'candidate', string> = { admin: '', viewer: '', candidate: '' };

  /** What GraphiQL's fetcher sends: a same-origin POST with a JSON body, plus the headers typed in its editor. */
  async function post(query: string, headers: Record<string, string> = {}) {
    const res = await fetch(`${origin}/graphql`, {
      method: 'POST',
      headers: {
        origin,
        'sec-fetch-site': 'same-origin',
        'content-type': 'application/json',
        accept: 'application/json',
        ...headers,
      },
      body: JSON.stringify({ query, operationName: /^query (\w+)/.exec(query)?.[1] }),
    });
    return {
      status: res.status,
      headers: res.headers,
      body: (await res.json()) as {
        data?: Record<string, unknown>;
        errors?: { message: string; extensions: { code: string } }[];
      },
    };
  }

  async function login(kind: 'staff' | 'candidate', email: string) {
    const field = kind === 'staff' ? 'staffLogin(username: $u' : 'candidateLogin(email: $u';
    const res = await fetch(`${origin}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({
        query: `mutation($u: String!, $p: String!) { r: ${field}, password: $p) { viewer { id } } }`,
        variables: { u: email, p: DEMO_PASSWORD },
      }),
    });
    return res.headers
      .getSetCookie()
      .find((c) => c.startsWith('bolsa_sesion='))!
      .split(';')[0]!;
  }

  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'bolsa-graphiql-'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Bolsa</title>');
    writeFileSync(path.join(dist, 'graphiql.html'), '<!doctype html><title>GraphiQL · Bolsa de Trabajo</title>');
    stack = await startStack({ env: 'production', graphiql: true, introspection: 'staff', webDist: dist });
    server = createListener(stack.bff.handler);
    origin = `http://127.0.0.1:${await listen(server)}`;
    cookies.admin = await login('staff', DEMO.admin);
    cookies.viewer = await login('staff', DEMO.viewer);
    cookies.candidate = await login('candidate', DEMO.candidate);
  });
  afterAll(async () => {
    server?.close();
    await stack?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves the GraphiQL page to anyone: a token can only be typed into it once it is open', async () => {
    const res = await fetch(`${origin}/graphiql`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<title>GraphiQL');
  });

  it('refuses the schema to an anonymous caller with 401 and says how to get it', async () => {
    const res = await post(getIntrospectionQuery());
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect(res.body.data).toBeUndefined();
    expect(res.body.errors).toEqual([
      expect.objectContaining({ message: SCHEMA_MESSAGES.signInToRead, extensions: { code: 'UNAUTHENTICATED' } }),
    ]);
  });

  it('refuses it to a candidate with 403', async () => {
    const res = await post('{ __type(name: "Vacancy") { name } }', { cookie: cookies.candidate });
    expect(res.status).toBe(403);
    expect(res.body.errors?.[0]).toMatchObject({
      message: SCHEMA_MESSAGES.staffOnly,
      extensions: { code: 'FORBIDDEN' },
    });
  });

  it('finds introspection hidden in a fragment, and leaves __typename and the board alone', async () => {
    const hidden = await post('query Q { ...F } fragment F on Query { __schema { types { name } } }');
    expect(hidden.status).toBe(401);
    const board = await post('query Tablero { __typename vacancies(pageSize: 1) { totalCount items { __typename } } }');
    expect(board.status).toBe(200);
    expect(board.body.errors).toBeUndefined();
    expect(board.body.data).toMatchObject({ __typename: 'Query' });
  });

  it("gives a staff session GraphiQL's whole introspection query (within the depth, cost and size limits)", async () => {
    for (const cookie of [cookies.admin, cookies.viewer]) {
      const res = await post(getIntrospectionQuery(), { cookie });
      expect(res.status).toBe(200);
      expect(res.body.errors).toBeUndefined();
      const schema = res.body.data!.__schema as { queryType: { name: string }; types: { name: string }[] };
      expect(schema.queryType.name).toBe('Query');
      expect(schema.types.map((t) => t.name)).toContain('Vacancy');
    }
  });

  it('gives it to an API token typed in the headers editor, without a cookie and past CSRF prevention', async () => {
    const created = await post('mutation { createApiToken(name: "GraphiQL", role: VIEWER) { token } }', {
      cookie: cookies.admin,
    });
    const bearer = { authorization: `Bearer ${(created.body.data!.createApiToken as { token: string }).token}` };
    const schema = await post(getIntrospectionQuery(), bearer);
    expect(schema.status).toBe(200);
    expect(schema.body.errors).toBeUndefined();
    expect(schema.body.data).toHaveProperty('__schema.queryType.name', 'Query');
    // And what the token's role allows, as GraphiQL would run it.
    const staffOnly = await post('query Candidatos { candidates(pageSize: 1) { totalCount } }', bearer);
    expect(staffOnly.status).toBe(200);
    expect(staffOnly.body.errors).toBeUndefined();
    expect((staffOnly.body.data!.candidates as { totalCount: number }).totalCount).toBeGreaterThan(0);
    // A revoked or mistyped token is anonymous: no schema.
    expect(
      (await post(getIntrospectionQuery(), { authorization: 'Bearer bolsa_no-existe-0123456789abcdef' })).status,
    ).toBe(401);
  });
});
