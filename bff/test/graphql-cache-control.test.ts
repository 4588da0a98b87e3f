import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, DEMO_PASSWORD } from './roles.js';
import { startStack, type Stack } from './support.js';

// Apollo's cache-control plugin is off (it wrapped every resolver of the schema); the GraphQL
// context says `no-store` on every answer, as Apollo's plugin did for a schema without hints.
let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.close());

const post = (body: unknown, cookie?: string) => {
  const r = request(stack.bff.app).post('/graphql').set('content-type', 'application/json');
  if (cookie) r.set('cookie', cookie);
  return r.send(body as object);
};

describe('Cache-Control on GraphQL answers', () => {
  it('is no-store for an anonymous read, a staff read, a mutation and refused documents', async () => {
    const anonymous = await post({ query: '{ me { id } vacancies(page: 1, pageSize: 2) { totalCount } }' });
    expect(anonymous.status).toBe(200);
    expect(anonymous.headers['cache-control']).toBe('no-store');

    const login = await post({
      query:
        'mutation($u: String!, $p: String!) { staffLogin(username: $u, password: $p) { viewer { id } error { __typename } } }',
      variables: { u: DEMO.manager, p: DEMO_PASSWORD },
    });
    expect(login.body.data.staffLogin.error).toBeNull();
    expect(login.headers['cache-control']).toBe('no-store');
    const cookie = (login.headers['set-cookie'] as unknown as string[])
      .find((c) => c.startsWith('bolsa_sesion='))!
      .split(';')[0]!;

    const inbox = await post(
      { query: '{ candidates(page: 1, pageSize: 5) { totalCount items { id fullName state vacancies { name } } } }' },
      cookie,
    );
    expect(inbox.status).toBe(200);
    expect(inbox.body.errors).toBeUndefined();
    expect(inbox.body.data.candidates.items.length).toBeGreaterThan(0);
    expect(inbox.headers['cache-control']).toBe('no-store');

    for (const refused of [{ query: '{ me { id ' }, { query: '{ noSuchField }' }]) {
      const res = await post(refused);
      expect(res.status).toBe(400);
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });
});
