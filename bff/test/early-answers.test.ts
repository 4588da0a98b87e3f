import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, DEMO_PASSWORD } from './roles.js';
import { startStack, type Stack } from './support.js';

// A long TTL: whatever changes below changes because a write invalidated the answers, not because they aged.
let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ publicCacheTtlMs: 60_000 });
});
afterAll(() => stack?.close());

const BOARD = `query Board($page: Int, $pageSize: Int) {
  vacancies(page: $page, pageSize: $pageSize) {
    totalCount featuredCount
    items { id name featured publishedAt place imageUrl url branch { id name } }
  }
}`;
const board = () =>
  request(stack.bff.handler)
    .post('/graphql')
    .set('content-type', 'application/json')
    .set('accept-encoding', 'identity')
    .send({ query: BOARD, variables: { page: 1, pageSize: 6 } });

/** Headers that belong to one response rather than to the answer. */
const answerHeaders = (h: Record<string, string>) => {
  const { date: _d, 'x-request-id': _id, connection: _c, 'keep-alive': _k, ...rest } = h;
  return rest;
};

describe('cached board answers in front of Express (the real BFF)', () => {
  it('answers with the same bytes and every header Express sent: helmet, CSP, no-store', async () => {
    const filled = await board();
    const early = await board();
    expect(early.status).toBe(200);
    expect(early.text).toBe(filled.text);
    expect(answerHeaders(early.headers)).toEqual(answerHeaders(filled.headers));
    expect(early.headers['content-security-policy']).toContain("default-src 'self'");
    expect(early.headers['x-frame-options']).toBe('DENY');
    expect(early.headers['cache-control']).toBe('no-store');
    expect(early.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(early.headers['x-request-id']).not.toBe(filled.headers['x-request-id']);
    const gzipped = await request(stack.bff.handler)
      .post('/graphql')
      .set('content-type', 'application/json')
      .set('accept-encoding', 'gzip')
      .send({ query: BOARD, variables: { page: 1, pageSize: 6 } });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    // superagent has already gunzipped it.
    expect(gzipped.text).toBe(filled.text);
  });

  it('keys on Accept: a client asking for application/json never gets the answer made for graphql-response+json', async () => {
    const ask = (accept: string) =>
      request(stack.bff.handler)
        .post('/graphql')
        .set('content-type', 'application/json')
        .set('accept', accept)
        .set('accept-encoding', 'identity')
        .send({ query: BOARD, variables: { page: 1, pageSize: 3 } });
    // Both paths: the first of each fills through Express, the second is answered early.
    for (let round = 0; round < 2; round++) {
      const modern = await ask('application/graphql-response+json');
      expect(modern.headers['content-type']).toMatch(/^application\/graphql-response\+json/);
      const plain = await ask('application/json');
      expect(plain.headers['content-type']).toMatch(/^application\/json/);
      expect(plain.text).toBe(modern.text);
    }
  });

  it('keys on variables and operation name: the same document asked differently within the TTL gets its own answer', async () => {
    const TWO = `query A { vacancies(page: 1, pageSize: 1) { items { id } } }
      query B { vacancies(page: 1, pageSize: 2) { items { id } } }`;
    type Items = { data: { vacancies: { items: unknown[] } } };
    const count = (r: { body: unknown }) => (r.body as Items).data.vacancies.items.length;
    // Through the handler the BFF listens with (early path from the second round) and through Express alone.
    for (const target of [stack.bff.handler, stack.bff.app]) {
      for (let round = 0; round < 2; round++) {
        for (const pageSize of [1, 2, 4]) {
          const r = await request(target)
            .post('/graphql')
            .set('content-type', 'application/json')
            .send({ query: BOARD, variables: { page: 1, pageSize } });
          expect(count(r), `pageSize ${pageSize}`).toBe(pageSize);
        }
        for (const [operationName, n] of [
          ['A', 1],
          ['B', 2],
        ] as const) {
          const r = await request(target)
            .post('/graphql')
            .set('content-type', 'application/json')
            .send({ query: TWO, operationName });
          expect(count(r), operationName).toBe(n);
        }
      }
    }
  });

  it('never repeats an HTTPS answer’s HSTS to a plain-HTTP request', async () => {
    const query = '{ branches { id name } }';
    const send = (proto?: string) => {
      const r = request(stack.bff.handler).post('/graphql').set('content-type', 'application/json');
      return (proto ? r.set('x-forwarded-proto', proto) : r).send({ query });
    };
    const secure = await send('https');
    expect(secure.headers['strict-transport-security']).toBeDefined();
    for (let i = 0; i < 2; i++) expect((await send()).headers['strict-transport-security']).toBeUndefined();
  });

  it('shows a write at once: the writes that invalidate the answer cache invalidate these too', async () => {
    const before = (await board()).body.data.vacancies;
    const login = await request(stack.bff.app)
      .post('/graphql')
      .set('content-type', 'application/json')
      .send({
        query: 'mutation($u: String!, $p: String!) { staffLogin(username: $u, password: $p) { viewer { id } } }',
        variables: { u: DEMO.manager, p: DEMO_PASSWORD },
      });
    const cookie = (login.headers['set-cookie'] as unknown as string[])[0]!.split(';')[0]!;
    const target = before.items.find((v: { featured: boolean }) => v.featured) as { id: string };
    const write = await request(stack.bff.app)
      .post('/graphql')
      .set('content-type', 'application/json')
      .set('cookie', cookie)
      .send({
        query: `mutation { setVacancyFeatured(id: "${target.id}", featured: false) { vacancy { id featured } } }`,
      });
    expect(write.body.data.setVacancyFeatured.vacancy.featured).toBe(false);
    const after = (await board()).body.data.vacancies;
    expect(after.featuredCount).toBe(before.featuredCount - 1);
  });
});
