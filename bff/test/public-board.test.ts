import { createServer as createHttpServer } from 'node:http';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInGuatemala } from '@bolsa/domain';
import { loadConfig } from '../src/config.js';
import { createServer } from '../src/server.js';
import { listen, startStack, type Stack } from './support.js';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.close());

const gql = (query: string, variables: Record<string, unknown> = {}) =>
  request(stack.bff.app).post('/graphql').set('content-type', 'application/json').send({ query, variables });

const BOARD = `query($filter: VacancyFilter, $page: Int, $pageSize: Int) {
  vacancies(filter: $filter, page: $page, pageSize: $pageSize) {
    totalCount featuredCount page pageSize
    items { id name featured active endsAt publishedAt place imageUrl url requirements benefits branch { id name } }
  }
}`;

describe('public vacancy board through the BFF', () => {
  it('lists only published, open vacancies, featured first, with counts', async () => {
    const res = await gql(BOARD, { pageSize: 50 });
    expect(res.body.errors).toBeUndefined();
    const page = res.body.data.vacancies;
    const today = todayInGuatemala();
    expect(page.totalCount).toBeGreaterThanOrEqual(10);
    expect(page.items).toHaveLength(page.totalCount);
    for (const v of page.items) {
      expect(v.active).toBe(true);
      if (v.endsAt) expect(v.endsAt >= today).toBe(true);
    }
    const firstNonFeatured = page.items.findIndex((v: { featured: boolean }) => !v.featured);
    expect(page.items.slice(firstNonFeatured).every((v: { featured: boolean }) => !v.featured)).toBe(true);
    expect(page.featuredCount).toBe(page.items.filter((v: { featured: boolean }) => v.featured).length);
    expect(page.featuredCount).toBeGreaterThan(0);
  });

  it('pages on the server, 6 per page by default', async () => {
    const all = (await gql(BOARD, { pageSize: 50 })).body.data.vacancies;
    const p2 = (await gql(BOARD, { page: 2 })).body.data.vacancies;
    expect(p2.pageSize).toBe(6);
    expect(p2.items.map((v: { id: string }) => v.id)).toEqual(all.items.slice(6, 12).map((v: { id: string }) => v.id));
    const beyond = (await gql(BOARD, { page: 99 })).body.data.vacancies;
    expect(beyond.page).toBe(Math.ceil(all.totalCount / 6));
  });

  it('filters by branch, keyword (accents ignored) and featured only', async () => {
    const all = (await gql(BOARD, { pageSize: 50 })).body.data.vacancies.items as {
      id: string;
      name: string;
      featured: boolean;
      branch: { id: string };
    }[];
    const branchId = all[0]!.branch.id;
    const byBranch = (await gql(BOARD, { filter: { branchId }, pageSize: 50 })).body.data.vacancies.items;
    expect(byBranch.length).toBeGreaterThan(0);
    expect(byBranch.every((v: { branch: { id: string } }) => v.branch.id === branchId)).toBe(true);

    const word = all[0]!.name.split(' ')[0]!;
    const plain = word
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toUpperCase();
    const byKeyword = (await gql(BOARD, { filter: { search: plain }, pageSize: 50 })).body.data.vacancies.items;
    expect(byKeyword.map((v: { id: string }) => v.id)).toContain(all[0]!.id);

    const featured = (await gql(BOARD, { filter: { featuredOnly: true }, pageSize: 50 })).body.data.vacancies;
    expect(featured.items.length).toBe(featured.featuredCount);
    expect(featured.items.every((v: { featured: boolean }) => v.featured)).toBe(true);

    const none = (await gql(BOARD, { filter: { search: 'zzzz-ninguna' } })).body.data.vacancies;
    expect(none).toMatchObject({ totalCount: 0, featuredCount: 0, items: [] });
  });

  it('resolves lugar to municipality and department names and serves the image', async () => {
    const items = (await gql(BOARD, { pageSize: 50 })).body.data.vacancies.items as {
      place: string | null;
      imageUrl: string | null;
    }[];
    expect(items.some((v) => v.place && /, /.test(v.place))).toBe(true);
    const withImage = items.find((v) => v.imageUrl)!;
    const img = await request(stack.bff.app).get(withImage.imageUrl!);
    expect(img.status).toBe(200);
    expect(img.headers['content-type']).toBe('image/webp');
    expect(img.headers['cache-control']).toContain('immutable');
  });

  it('opens one vacancy, and hides unknown or unpublished ones', async () => {
    const first = (await gql(BOARD)).body.data.vacancies.items[0];
    const one = await gql(`query($id: ID!) { vacancy(id: $id) { id name description url } }`, { id: first.id });
    expect(one.body.data.vacancy).toMatchObject({ id: first.id, name: first.name, url: `/vacantes/${first.id}` });
    const inactive = await stack.api.db
      .selectFrom('plazas')
      .select('id')
      .where('status', '=', '0')
      .executeTakeFirstOrThrow();
    for (const id of [String(inactive.id), '999999', 'abc']) {
      const r = await gql(`query($id: ID!) { vacancy(id: $id) { id } }`, { id });
      expect(r.body.errors).toBeUndefined();
      expect(r.body.data.vacancy).toBeNull();
    }
  });

  it('lists branches, departments and municipalities', async () => {
    const res = await gql(`{ branches { id name } departments { id name }
      municipalities(departmentId: "16") { id name department { name } }
      search: municipalities(search: "coban") { id name } }`);
    expect(res.body.data.branches.length).toBeGreaterThanOrEqual(4);
    expect(res.body.data.departments).toHaveLength(22);
    expect(res.body.data.municipalities.every((m: { id: string }) => m.id.startsWith('16'))).toBe(true);
    expect(res.body.data.municipalities[0].department.name).toBe('Alta Verapaz');
    expect(res.body.data.search.map((m: { name: string }) => m.name)).toContain('Cobán');
  });

  it('serves candidate files never through the public image route', async () => {
    for (const p of [
      '/images/candidatos/1/dpi.pdf',
      '/images/plazas/..%2F..%2Fservice-token',
      '/images/plazas/nada.webp',
      // Any length is a missing image, never a server failure (was 502 over the api's ENAMETOOLONG).
      `/images/plazas/${'a'.repeat(256)}.webp`,
      `/images/plazas/${'a'.repeat(600)}.webp`,
      `/images/plazas/${'b'.repeat(100)}/${'c'.repeat(300)}`,
    ]) {
      expect((await request(stack.bff.app).get(p)).status).toBe(404);
    }
  });

  it('answers health and readiness', async () => {
    expect((await request(stack.bff.app).get('/healthz')).body).toEqual({ ok: true });
    expect((await request(stack.bff.app).get('/readyz')).body).toEqual({
      ok: true,
      api: true,
      sessionStore: true,
      draining: false,
    });
    expect((await gql('{ health { ok api } }')).body.data.health).toEqual({ ok: true, api: true });
  });

  it('refuses GET queries without a preflight header, over-deep and over-long documents', async () => {
    expect((await request(stack.bff.app).get('/graphql?query=%7Bbranches%7Bid%7D%7D')).status).toBe(400);
    const deep = await gql('{ vacancies { items { municipality { department { id } } branch { id } } } }');
    expect(deep.body.errors).toBeUndefined();
    const aliases = Array.from({ length: 30 }, (_, i) => `a${i}: branches { id }`).join(' ');
    const tooMany = await gql(`{ ${aliases} }`);
    expect(tooMany.body.errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
    // `__typename` costs nothing to answer but is an alias all the same.
    const names = Array.from({ length: 500 }, (_, i) => `t${i}: __typename`).join(' ');
    const tooManyNames = await gql(`{ ${names} }`);
    expect(tooManyNames.body.errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
    const tooDeep = await gql('{ vacancies { items { municipality { department { id } } } } ' + '{'.repeat(0) + '}');
    expect(tooDeep.body.errors).toBeUndefined();
  });
});

describe('when the api is down or slow', () => {
  it('answers UPSTREAM_UNAVAILABLE in Spanish instead of crashing', async () => {
    const dead = createHttpServer();
    const port = await listen(dead);
    await new Promise((r) => dead.close(r));
    const bff = await createServer(
      loadConfig(
        { NODE_ENV: 'test' },
        { apiUrl: `http://127.0.0.1:${port}`, serviceToken: 'x'.repeat(32), webDist: null },
      ),
    );
    const res = await request(bff.app).post('/graphql').send({ query: '{ vacancies { totalCount } }' });
    expect(res.status).toBe(200);
    expect(res.body.errors[0]).toMatchObject({
      message: 'No se pudo contactar al servidor. Intenta nuevamente.',
      extensions: { code: 'UPSTREAM_UNAVAILABLE' },
    });
    expect((await request(bff.app).get('/readyz')).status).toBe(503);
    await bff.close();
  });

  it('gives up on a slow api after the time-out', async () => {
    const slow = createHttpServer(() => {
      /* never answers */
    });
    const port = await listen(slow);
    const bff = await createServer(
      loadConfig(
        { NODE_ENV: 'test' },
        { apiUrl: `http://127.0.0.1:${port}`, serviceToken: 'x'.repeat(32), webDist: null, upstreamTimeoutMs: 300 },
      ),
    );
    const t0 = Date.now();
    const res = await request(bff.app).post('/graphql').send({ query: '{ branches { id } }' });
    expect(Date.now() - t0).toBeLessThan(5_000);
    expect(res.body.errors[0].extensions.code).toBe('UPSTREAM_UNAVAILABLE');
    await bff.close();
    slow.closeAllConnections();
    await new Promise((r) => slow.close(r));
  });
});
