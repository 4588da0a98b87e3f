import { spawnSync } from 'node:child_process';
import type { Server } from 'node:http';
import path from 'node:path';
import { serverAudits } from 'graphql-http';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';
import { createListener, createServer, type BffServer } from '../src/server.js';
import { DEMO, DEMO_PASSWORD } from './roles.js';
import { apiTokenBearer, staffCookie, startStack, type Stack } from './support.js';

/** Production posture: the graphql-http audit, no schema hints, settings checked at start. */

let dev: Stack;
let prod: BffServer;
/** Production as shipped: browsers run only the web's registered operations (TRUSTED_DOCUMENTS). */
let shipped: BffServer;
const servers: Server[] = [];
const urls = { dev: '', prod: '', shipped: '' };
/** An API token's header: free queries stay open to integrators where trusted documents are on. */
let bearer = '';

beforeAll(async () => {
  dev = await startStack();
  // A second BFF, as production runs it, on the same api: one PGlite start is enough.
  prod = await createServer({ ...dev.config, env: 'production', introspection: false, graphiql: false });
  shipped = await createServer({
    ...dev.config,
    env: 'production',
    introspection: false,
    graphiql: false,
    trustedDocuments: true,
  });
  // Through the handler the BFF listens with: the public answer cache's early path is audited too.
  for (const [name, bff] of [
    ['dev', dev.bff],
    ['prod', prod],
    ['shipped', shipped],
  ] as const) {
    const server = createListener(bff.handler).listen(0, '127.0.0.1');
    servers.push(server);
    await new Promise((r) => server.once('listening', r));
    urls[name] = `http://127.0.0.1:${(server.address() as { port: number }).port}/graphql`;
  }
  const admin = await staffCookie(dev.bff.app, DEMO.admin, DEMO_PASSWORD);
  bearer = await apiTokenBearer(dev.bff.app, admin, 'Auditoría GraphQL');
}, 120_000);
afterAll(async () => {
  for (const s of servers) s.close();
  await prod?.close();
  await shipped?.close();
  await dev?.close();
});

async function runAudit(url: string, headers: Record<string, string> = {}) {
  const results: { name: string; status: string; reason: string }[] = [];
  const fetchFn = (input: string | URL | Request, init: RequestInit = {}) =>
    fetch(input, { ...init, headers: { ...Object.fromEntries(new Headers(init.headers)), ...headers } });
  for (const audit of serverAudits({ url, fetchFn })) {
    const r = await audit.fn();
    results.push({ name: audit.name, status: r.status, reason: r.status === 'ok' ? '' : r.reason });
  }
  return results;
}

describe('graphql-http audit', () => {
  it('passes every MUST in development: 13 of 13', async () => {
    const must = (await runAudit(urls.dev)).filter((r) => r.name.startsWith('MUST'));
    expect(must.filter((r) => r.status !== 'ok').map((r) => `${r.name}: ${r.reason}`)).toEqual([]);
    expect(must.length).toBe(13);
  });

  it('passes every MUST in production too, with introspection off: 13 of 13', async () => {
    const results = await runAudit(urls.prod);
    const must = results.filter((r) => r.name.startsWith('MUST'));
    expect(must.filter((r) => r.status !== 'ok').map((r) => `${r.name}: ${r.reason}`)).toEqual([]);
    expect(must.length).toBe(13);
    // The capability the utf-8 MUST is about, with a query of our own schema.
    const utf8 = await fetch(urls.prod, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify({
        query: 'query($s: String) { vacancies(filter: { search: $s }) { totalCount } }',
        variables: { s: 'Run🏃Swim🏊' },
      }),
    });
    expect(utf8.status).toBe(200);
    expect(((await utf8.json()) as { data: { vacancies: { totalCount: number } } }).data.vacancies.totalCount).toBe(0);
  });

  it('passes every MUST in production as shipped (trusted documents) for an API token: 13 of 13', async () => {
    const must = (await runAudit(urls.shipped, { authorization: bearer })).filter((r) => r.name.startsWith('MUST'));
    expect(must.filter((r) => r.status !== 'ok').map((r) => `${r.name}: ${r.reason}`)).toEqual([]);
    expect(must.length).toBe(13);
    // A browser's free text is refused there by design (the audit's anonymous queries are free text).
    const anonymous = await fetch(urls.shipped, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ __typename }' }),
    });
    expect(anonymous.status).toBe(400);
    expect(JSON.stringify(await anonymous.json())).toContain('OPERATION_NOT_REGISTERED');
  });

  it('never describes the schema in production: __schema refused, __type null for every name', async () => {
    const ask = async (query: string, variables?: Record<string, unknown>) => {
      const res = await fetch(urls.prod, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json' },
        body: JSON.stringify({ query, variables }),
      });
      const text = await res.text();
      expect(text).not.toMatch(/[Ii]ntrospection|"fields"|"kind"|OBJECT|"Vacancy"|"Candidate"/);
      return { status: res.status, body: JSON.parse(text) as { data?: unknown; errors?: unknown[] } };
    };
    for (const name of ['Vacancy', 'Candidate', 'Query', 'String', 'Run🏃Swim🏊']) {
      const r = await ask('query T($n: String!) { __type(name: $n) { name kind fields { name } } }', { n: name });
      expect(r, name).toEqual({ status: 200, body: { data: { __type: null } } });
    }
    expect(await ask('{ t: __type(name: "Vacancy") { name } __typename }')).toEqual({
      status: 200,
      body: { data: { t: null, __typename: 'Query' } },
    });
    // Anywhere else, or with anything else, __type is refused like __schema.
    for (const query of [
      '{ __schema { types { name } } }',
      '{ vacancies { totalCount } __schema { queryType { name } } }',
      '{ __type(name: "Vacancy") { name } vacancies { totalCount } }',
      '{ ... on Query { __type(name: "Vacancy") { name } } }',
      'query { ...F } fragment F on Query { __type(name: "Candidate") { name } }',
      '{ __type(name: "Vacancy") @include(if: true) { name } }',
    ]) {
      const r = await ask(query);
      expect(r.status, query).toBe(400);
      expect(r.body.data, query).toBeUndefined();
    }
    // Variables are still checked.
    const missing = await ask('query T($n: String!) { __type(name: $n) { name } }');
    expect(missing.status).toBe(400);
    expect(missing.body.data).toBeUndefined();
    const intro = await request(prod.app).post('/graphql').send({ query: '{ __schema { types { name } } }' });
    expect(intro.body.errors[0].message).not.toMatch(/[Ii]ntrospection/);
    expect(intro.body.data).toBeUndefined();
  });
});

describe('the listener production runs', () => {
  // Node's default keeps an idle connection 5 s: a client that keeps its connections longer
  // (Playwright's request context in ci87, a load balancer's 60 s) could send on a socket being
  // closed at that instant and get ECONNRESET. The BFF keeps them longer and says so.
  it('keeps idle connections 65 s and tells clients in Keep-Alive', async () => {
    const res = await fetch(urls.prod.replace('/graphql', '/livez'));
    expect(res.status).toBe(200);
    expect(res.headers.get('keep-alive')).toBe('timeout=65');
  });
});

describe('production hides the schema', () => {
  it("gives no 'Did you mean' suggestion, in the message or anywhere else", async () => {
    for (const query of ['{ vacancie { id } }', '{ vacancies { item { id } } }', 'query($r: Rol) { __typename }']) {
      const res = await request(prod.app).post('/graphql').send({ query });
      expect(res.status, query).toBe(400);
      expect(JSON.stringify(res.body), query).not.toMatch(/Did you mean|¿Quisiste|"items"|"vacancies"/);
    }
  });

  it('answers enum coercion without listing the valid values', async () => {
    const res = await request(prod.app)
      .post('/graphql')
      .send({
        query: 'query($f: VacancyFilter) { vacancies(filter: $f) { totalCount } }',
        variables: { f: { nope: 1 } },
      });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].message).toMatch(/^Solicitud inválida/);
    expect(JSON.stringify(res.body)).not.toMatch(/Did you mean|Field "/);
  });
});

describe('settings checked at start', () => {
  it('names the variable and what is wanted instead of throwing a zod stack', () => {
    const tooShort = () =>
      loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'corta', SERVICE_TOKEN: 'x'.repeat(20) });
    expect(tooShort).toThrow(ConfigError);
    expect(tooShort).toThrow(/SESSION_SECRET/);
    expect(tooShort).not.toThrow(/corta/); // secrets are never echoed
    const port = () => loadConfig({ NODE_ENV: 'development', PORT: 'ochenta', SERVICE_TOKEN: 'x'.repeat(20) });
    expect(port).toThrow(ConfigError);
    expect(port).toThrow(/PORT="ochenta"/);
    expect(() =>
      loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 's'.repeat(40), SERVICE_TOKEN: 'x'.repeat(20) }),
    ).not.toThrow();
  });

  it('makes the BFF exit with the message (code 78), not a crash stack', () => {
    const root = path.resolve(import.meta.dirname, '../..');
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'bff/src/index.ts'], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: 'abc',
        SESSION_SECRET: 'corta',
        SERVICE_TOKEN: 'x'.repeat(20),
      },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(r.status).toBe(78);
    expect(r.stderr).toContain('PORT="abc"');
    expect(r.stderr).toContain('SESSION_SECRET');
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});
