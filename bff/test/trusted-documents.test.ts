import { readFileSync } from 'node:fs';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRUSTED_DOCUMENT_MESSAGES } from '@bolsa/domain';
import { createServer, type BffServer } from '../src/server.js';
import { ConfigError } from '../src/config.js';
import { MANIFEST_CANDIDATES, TrustedDocuments } from '../src/trusted-documents.js';
import { DEMO, DEMO_PASSWORD } from './roles.js';
import { apiTokenBearer, staffCookie as adminCookie, startStack, type Stack } from './support.js';

/** Trusted documents (issue 22 item 4): in production a browser runs only the web's registered operations. */

const manifest = JSON.parse(readFileSync(MANIFEST_CANDIDATES[1]!, 'utf8')) as Record<string, string>;
/** The hash and text codegen registered for one of the web's operations. */
function registered(name: string): { hash: string; text: string } {
  const found = Object.entries(manifest).find(([, text]) => new RegExp(`(query|mutation) ${name}\\b`).test(text));
  if (!found) throw new Error(`${name} is not registered`);
  return { hash: found[0], text: found[1] };
}
const board = registered('BoardVacancies');
const byHash = (hash: string, variables: Record<string, unknown> = {}) => ({
  variables,
  extensions: { persistedQuery: { version: 1, sha256Hash: hash } },
});

let stack: Stack;
let prod: BffServer;
let prodGraphiql: BffServer;
let staffCookie: string;
let bearer: string;

beforeAll(async () => {
  stack = await startStack();
  // As production runs it, on the same api and session keys (a session from one BFF is valid on the other).
  prod = await createServer({
    ...stack.config,
    env: 'production',
    trustedDocuments: true,
    graphiql: false,
    introspection: false,
  });
  prodGraphiql = await createServer({
    ...stack.config,
    env: 'production',
    trustedDocuments: true,
    graphiql: true,
    introspection: 'staff',
  });
  staffCookie = await adminCookie(stack.bff.app, DEMO.admin, DEMO_PASSWORD);
  bearer = await apiTokenBearer(stack.bff.app, staffCookie, 'Documentos confiables');
}, 60_000);
afterAll(async () => {
  await prodGraphiql?.close();
  await prod?.close();
  await stack?.close();
});

const post = (bff: BffServer, body: object, headers: Record<string, string> = {}) => {
  // Through the handler the BFF listens with: the public answer cache's early path is part of it.
  const r = request(bff.handler).post('/graphql').set('content-type', 'application/json');
  for (const [k, v] of Object.entries(headers)) r.set(k, v);
  return r.send(body);
};

describe('in production', () => {
  it('runs a registered operation sent as its hash alone, with the __typename the web cache reads', async () => {
    for (let i = 0; i < 3; i++) {
      // The second and third are answered by the public cache, keyed on the registered document.
      const res = await post(prod, byHash(board.hash, { pageSize: 3 }));
      expect(res.status).toBe(200);
      expect(res.body.errors).toBeUndefined();
      expect(res.body.data.vacancies.items.length).toBeGreaterThan(0);
      expect(res.body.data.vacancies.items[0].__typename).toBe('Vacancy');
      expect(res.body.data.vacancies.__typename).toBe('VacancyPage');
    }
  }, 30_000);

  it('refuses free text from a browser, even the very text of a registered operation after its answer is cached', async () => {
    for (const body of [
      { query: '{ vacancies(pageSize: 3) { totalCount } }' },
      { query: board.text, variables: { pageSize: 3 } },
    ]) {
      const res = await post(prod, body);
      expect(res.status).toBe(400);
      expect(res.body.data).toBeUndefined();
      expect(res.body.errors[0]).toMatchObject({
        message: TRUSTED_DOCUMENT_MESSAGES.notRegistered,
        extensions: { code: 'OPERATION_NOT_REGISTERED' },
      });
    }
    // A staff session is a browser too (GraphiQL is off).
    const staff = await post(prod, { query: '{ me { role } }' }, { cookie: staffCookie });
    expect(staff.status).toBe(400);
    expect(staff.body.errors[0].extensions.code).toBe('OPERATION_NOT_REGISTERED');
    // By GET as well.
    const get = await request(prod.app)
      .get('/graphql')
      .set('apollo-require-preflight', 'true')
      .query({ query: '{ vacancies { totalCount } }' });
    expect(get.status).toBe(400);
    expect(get.body.errors[0].extensions.code).toBe('OPERATION_NOT_REGISTERED');
  }, 30_000);

  it('runs a registered hash by GET too', async () => {
    const res = await request(prod.app)
      .get('/graphql')
      .set('apollo-require-preflight', 'true')
      .query({
        operationName: 'BoardVacancies',
        variables: JSON.stringify({ pageSize: 1 }),
        extensions: JSON.stringify(byHash(board.hash).extensions),
      });
    expect(res.status).toBe(200);
    expect(res.body.data.vacancies.items).toHaveLength(1);
  }, 30_000);

  it('lets an API token run free queries, within the depth limit', async () => {
    const res = await post(
      prod,
      { query: '{ vacancies(pageSize: 2) { totalCount } me { kind } }' },
      { authorization: bearer },
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ me: { kind: 'INTEGRATION' } });
    const deep = await post(
      prod,
      {
        query:
          '{ a: me { b: candidate { c: firstName } } vacancies { items { branch { department { municipalities { department { municipalities { name } } } } } } } }',
      },
      { authorization: bearer },
    );
    expect(deep.status).toBe(400);
    expect(deep.body.errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
  }, 30_000);

  it('answers an unknown hash with PERSISTED_QUERY_NOT_FOUND, and refuses text under a hash of its own', async () => {
    const unknown = 'f'.repeat(64);
    const res = await post(prod, byHash(unknown));
    expect(res.body.errors[0]).toMatchObject({
      message: TRUSTED_DOCUMENT_MESSAGES.unknownHash,
      extensions: { code: 'PERSISTED_QUERY_NOT_FOUND' },
    });
    expect(res.body.data).toBeUndefined();
    // Apollo's automatic persisted queries would register this; here nothing is registered at run time.
    const own = '{ vacancies { totalCount } }';
    const { createHash } = await import('node:crypto');
    const ownHash = createHash('sha256').update(own).digest('hex');
    const register = await post(prod, { query: own, ...byHash(ownHash) });
    expect(register.status).toBe(400);
    expect(register.body.errors[0].extensions.code).toBe('OPERATION_NOT_REGISTERED');
    const again = await post(prod, byHash(ownHash));
    expect(again.body.errors[0].extensions.code).toBe('PERSISTED_QUERY_NOT_FOUND');
    // Text other than the registered one under a registered hash: Apollo refuses the mismatch.
    const mismatch = await post(prod, { query: own, ...byHash(board.hash) });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.data).toBeUndefined();
    expect(mismatch.body.errors[0].extensions.code).toBe('BAD_REQUEST');
  }, 30_000);

  it('with GraphiQL on, staff sessions run free queries (the query tool), other browsers still may not', async () => {
    const staff = await post(prodGraphiql, { query: '{ me { role } }' }, { cookie: staffCookie });
    expect(staff.status).toBe(200);
    expect(staff.body.data.me.role).toBe('ADMIN');
    const anonymous = await post(prodGraphiql, { query: '{ me { role } }' });
    expect(anonymous.status).toBe(400);
    expect(anonymous.body.errors[0].extensions.code).toBe('OPERATION_NOT_REGISTERED');
  }, 30_000);
});

describe('a build without its manifest', () => {
  it('is an operator’s mistake where operations must be registered (exit 78 with the file named), nothing where not', () => {
    const missing = ['/nonexistent/persisted-documents.json'];
    expect(() => TrustedDocuments.load(true, missing)).toThrow(ConfigError);
    expect(() => TrustedDocuments.load(true, missing)).toThrow(/Falta persisted-documents\.json.*npm run build/);
    expect(TrustedDocuments.load(false, missing).size).toBe(0);
  });
});

describe('in development and tests', () => {
  it('runs free text (GraphiQL, test helpers) and registered hashes alike', async () => {
    const free = await post(stack.bff, { query: '{ vacancies(pageSize: 1) { totalCount } }' });
    expect(free.status).toBe(200);
    expect(free.body.data.vacancies.totalCount).toBeGreaterThan(0);
    const hashed = await post(stack.bff, byHash(board.hash, { pageSize: 1 }));
    expect(hashed.status).toBe(200);
    expect(hashed.body.data.vacancies.items).toHaveLength(1);
  }, 30_000);
});
