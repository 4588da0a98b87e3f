import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, DEMO_PASSWORD } from './roles.js';
import { staffCookie, startStack, type Stack } from './support.js';

/** The vacancy board's columns (issue 23, item 5) through the BFF against the real api on PGlite. */
let stack: Stack;
let viewer = '';
let vacancyId = 0;

const COLUMN = `query($v: ID!, $s: CandidateState!, $page: Int, $pageSize: Int) {
  vacancyBoardColumn(vacancyId: $v, state: $s, page: $page, pageSize: $pageSize) {
    totalCount page pageSize countsByState { state count } items { id fullName state vacancyId }
  }
}`;

const gql = async (query: string, variables: Record<string, unknown>, cookie: string) => {
  const res = await request(stack.bff.app).post('/graphql').set('cookie', cookie).send({ query, variables });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return res.body as { data?: Record<string, any>; errors?: { message: string; extensions?: { code?: string } }[] };
};

beforeAll(async () => {
  stack = await startStack();
  viewer = await staffCookie(stack.bff.app, DEMO.viewer, DEMO_PASSWORD);
  vacancyId = (await stack.api.db.selectFrom('plazas').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
}, 120_000);
afterAll(() => stack?.close());

describe('vacancyBoardColumn', () => {
  it('pages one state of one vacancy with the count of every column', { timeout: 30_000 }, async () => {
    const rows = Array.from({ length: 5 }, (_, i) => ({
      plaza_id: vacancyId,
      nombre: `Tablero Prueba ${i}`,
      cui: null,
      email: `tablero.${i}@example.com`,
      telefono: '55550000',
      estado: i < 3 ? 'entrevista' : 'rechazado',
    }));
    await stack.api.db.insertInto('postulantes').values(rows).execute();
    const first = await gql(COLUMN, { v: String(vacancyId), s: 'INTERVIEW', page: 1, pageSize: 2 }, viewer);
    expect(first.errors).toBeUndefined();
    const col = first.data!.vacancyBoardColumn;
    const interviews = col.countsByState.find((c: { state: string }) => c.state === 'INTERVIEW').count;
    expect(interviews).toBeGreaterThanOrEqual(3);
    expect(col.totalCount).toBe(interviews);
    expect(col.pageSize).toBe(2);
    expect(col.items).toHaveLength(2);
    expect(col.countsByState.map((c: { state: string }) => c.state)).toContain('REJECTED');
    for (const item of col.items) {
      expect(item.state).toBe('INTERVIEW');
      expect(item.vacancyId).toBe(String(vacancyId));
    }
    const second = await gql(COLUMN, { v: String(vacancyId), s: 'INTERVIEW', page: 2, pageSize: 2 }, viewer);
    const seen = new Set([...col.items, ...second.data!.vacancyBoardColumn.items].map((c: { id: string }) => c.id));
    expect(seen.size).toBe(Math.min(4, interviews));
    const rejected = await gql(COLUMN, { v: String(vacancyId), s: 'REJECTED' }, viewer);
    expect(rejected.data!.vacancyBoardColumn.pageSize).toBe(20);
    expect(rejected.data!.vacancyBoardColumn.items.every((c: { state: string }) => c.state === 'REJECTED')).toBe(true);
  });

  it('clamps the page size to 100', { timeout: 30_000 }, async () => {
    const r = await gql(COLUMN, { v: String(vacancyId), s: 'APPLIED', pageSize: 5000 }, viewer);
    expect(r.data!.vacancyBoardColumn.pageSize).toBe(100);
  });
});
