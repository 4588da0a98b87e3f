import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRefusal } from '../src/resolvers/api-token.js';
import type { Failure } from '../src/upstream/failure.js';
import { DEMO, DEMO_PASSWORD } from './roles.js';
import { staffCookie, startStack, type Stack } from './support.js';

const refused = (kind: Failure['kind'], status: number, message: string): Failure => ({
  kind,
  status,
  message,
  title: null,
  code: null,
});

const CREATE = `mutation($n: String!, $r: Role!) {
  createApiToken(name: $n, role: $r) {
    token
    apiToken { id name }
    error { __typename ... on ValidationFailed { message fields { path message } } }
  }
}`;

describe('createApiToken: the name (real api)', () => {
  let stack: Stack;
  let admin = '';
  const gql = (query: string, variables?: object) =>
    request(stack.bff.app)
      .post('/graphql')
      .set('content-type', 'application/json')
      .set('cookie', admin)
      .send({ query, variables });
  const count = async () => ((await gql('{ apiTokens { id } }')).body.data.apiTokens as unknown[]).length;

  beforeAll(async () => {
    stack = await startStack();
    admin = await staffCookie(stack.bff.app, DEMO.admin, DEMO_PASSWORD);
  }, 120_000);
  afterAll(() => stack?.close());

  it.each([
    ['empty', '', 'El nombre del token es requerido.'],
    ['blank', '   ', 'El nombre del token es requerido.'],
    [
      'of 430 characters',
      'Integración con el ERP '.repeat(19).slice(0, 430),
      'El nombre del token no puede tener más de 200 caracteres.',
    ],
  ])('refuses a name %s under the name field, and creates nothing', async (_case, name, message) => {
    const before = await count();
    const res = await gql(CREATE, { n: name, r: 'VIEWER' });
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.createApiToken).toEqual({
      token: null,
      apiToken: null,
      error: { __typename: 'ValidationFailed', message, fields: [{ path: 'name', message }] },
    });
    expect(await count()).toBe(before);
  });

  it('creates a token with a name of 200 characters, trimmed', async () => {
    const res = await gql(CREATE, { n: ` ${'n'.repeat(200)} `, r: 'VIEWER' });
    expect(res.body.data.createApiToken).toMatchObject({ token: expect.stringMatching(/^bolsa_/), error: null });
    expect(res.body.data.createApiToken.apiToken.name).toBe('n'.repeat(200));
  });

  it("puts the api's own refusal of a name under the name field; other refusals stay as they were", () => {
    const message = 'El nombre del token no puede tener más de 200 caracteres.';
    expect(apiRefusal(refused('invalid', 400, message))).toEqual({
      __typename: 'ValidationFailed',
      title: null,
      message,
      fields: [{ path: 'name', message }],
    });
    const hash = 'El hash del token debe tener 64 caracteres hexadecimales.';
    expect(apiRefusal(refused('invalid', 400, hash))).toBeNull();
    expect(apiRefusal(refused('server-error', 500, message))).toBeNull();
  });
});
