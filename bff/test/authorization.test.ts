import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSchema } from '../src/server.js';
import { DEMO, DEMO_PASSWORD, FIELDS, STAFF_ONLY_FIELDS, type Caller } from './roles.js';
import { startStack, type Stack } from './support.js';

let stack: Stack;
const cookies: Partial<Record<Caller | 'deactivated', string>> = {};

async function login(kind: 'staff' | 'candidate', email: string, password = DEMO_PASSWORD): Promise<string> {
  const mutation =
    kind === 'staff'
      ? 'mutation($u: String!, $p: String!) { r: staffLogin(username: $u, password: $p) { viewer { id } error { __typename } } }'
      : 'mutation($u: String!, $p: String!) { r: candidateLogin(email: $u, password: $p) { viewer { id } error { __typename } } }';
  const res = await request(stack.bff.app)
    .post('/graphql')
    .send({ query: mutation, variables: { u: email, p: password } });
  expect(res.body.data.r.error).toBeNull();
  const cookie = (res.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('bolsa_sesion='))!;
  return cookie.split(';')[0]!;
}

const call = (query: string, cookie?: string) => {
  const r = request(stack.bff.app).post('/graphql').set('content-type', 'application/json');
  if (cookie) r.set('cookie', cookie);
  return r.send({ query });
};

beforeAll(async () => {
  stack = await startStack();
  cookies.admin = await login('staff', DEMO.admin);
  cookies.manager = await login('staff', DEMO.manager);
  cookies.viewer = await login('staff', DEMO.viewer);
  cookies.candidate = await login('candidate', DEMO.candidate);
  const created = await call(
    `mutation { createStaffUser(input: { name: "Temporal", email: "temporal@ejemplo.org.gt", role: ADMIN, password: "${DEMO_PASSWORD}" }) { user { id } error { __typename } } }`,
    cookies.admin,
  );
  const tempId = created.body.data.createStaffUser.user.id;
  cookies.deactivated = await login('staff', 'temporal@ejemplo.org.gt');
  await call(`mutation { toggleStaffUser(id: "${tempId}") { user { active } } }`, cookies.admin);
});
afterAll(() => stack?.close());

describe('authorisation of every Query and Mutation field', () => {
  it('has an expected-roles entry for every root field of the schema', () => {
    const schema = buildSchema();
    const fields = [schema.getQueryType(), schema.getMutationType()].flatMap((t) =>
      t ? Object.keys(t.getFields()).map((f) => `${t.name}.${f}`) : [],
    );
    expect(fields.filter((f) => !(f in FIELDS))).toEqual([]);
  });

  it('keeps staff-only vacancy fields out of the public board', async () => {
    for (const field of STAFF_ONLY_FIELDS) {
      const name = field.split('.')[1];
      const anon = await call(`{ vacancies(pageSize: 1) { items { id ${name} } } }`);
      expect(anon.body.errors?.[0]?.extensions?.code, field).toBe('UNAUTHENTICATED');
      const candidate = await call(`{ vacancies(pageSize: 1) { items { id ${name} } } }`, cookies.candidate);
      expect(candidate.body.errors?.[0]?.extensions?.code, field).toBe('FORBIDDEN');
      const staff = await call(`{ vacancies(pageSize: 1) { items { id ${name} } } }`, cookies.viewer);
      expect(staff.body.errors, field).toBeUndefined();
    }
  });

  const callers: (Caller | 'deactivated')[] = ['anonymous', 'candidate', 'admin', 'manager', 'viewer', 'deactivated'];
  for (const [field, [operation, allowed]] of Object.entries(FIELDS)) {
    it(`${field}`, async () => {
      for (const caller of callers) {
        const res = await call(operation, caller === 'anonymous' ? undefined : cookies[caller]);
        const code = res.body.errors?.[0]?.extensions?.code as string | undefined;
        // A deactivated account is anonymous: it may call public fields and nothing else.
        const may = caller === 'deactivated' ? allowed.includes('anonymous') : allowed.includes(caller);
        if (may) {
          expect([undefined, 'BAD_USER_INPUT'], `${caller} → ${field}: ${JSON.stringify(res.body.errors)}`).toContain(
            code,
          );
          // Logout really ends the session now: log the caller in again for the fields after it.
          if (field === 'Mutation.logout' && caller !== 'anonymous' && caller !== 'deactivated') {
            cookies[caller] =
              caller === 'candidate' ? await login('candidate', DEMO.candidate) : await login('staff', DEMO[caller]);
          }
        } else {
          const expected = caller === 'anonymous' || caller === 'deactivated' ? 'UNAUTHENTICATED' : 'FORBIDDEN';
          expect(code, `${caller} → ${field}`).toBe(expected);
        }
      }
    });
  }
});
