import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordingClient } from './support/client.js';
import { databases, type TestApi } from './support/databases.js';

/**
 * What the vacancy board (issue 23, item 5) asks of the api: one state of one vacancy, a page at
 * a time, with the count of every state (GET /candidatos/por-plaza/{plazaId}?estado=…).
 */
describe.each(databases)('the vacancy board’s columns on $name', ({ start }) => {
  let t: TestApi;
  const api = recordingClient(() => t);
  let plazaId = 0;
  let otherPlazaId = 0;

  beforeAll(async () => {
    t = await start();
    const plazas = await t.api.db.selectFrom('plazas').select('id').orderBy('id').limit(2).execute();
    plazaId = plazas[0]!.id;
    otherPlazaId = plazas[1]!.id;
    const row = (plaza: number, estado: string, i: number) => ({
      plaza_id: plaza,
      nombre: `Tablero ${estado} ${i}`,
      cui: null,
      email: `tablero.${plaza}.${i}.${estado.replace(/\W/g, '')}@example.com`,
      estado,
    });
    await t.api.db
      .insertInto('postulantes')
      .values([
        ...Array.from({ length: 25 }, (_, i) => row(plazaId, 'entrevista', i)),
        ...Array.from({ length: 3 }, (_, i) => row(plazaId, 'rechazado', i)),
        ...Array.from({ length: 4 }, (_, i) => row(otherPlazaId, 'entrevista', i)),
      ])
      .execute();
  }, 180_000);
  afterAll(async () => t?.close());

  it('pages one state of one vacancy and counts every state', { timeout: 30_000 }, async () => {
    const first = await api.get(`/candidatos/por-plaza/${plazaId}?estado=entrevista&page=1&pageSize=20`);
    expect(first.status).toBe(200);
    const total = first.body.counts.entrevista as number;
    expect(total).toBeGreaterThanOrEqual(25);
    expect(first.body.totalCount).toBe(total);
    expect(first.body.items).toHaveLength(20);
    expect(first.body.counts.rechazado).toBeGreaterThanOrEqual(3);
    const second = await api.get(`/candidatos/por-plaza/${plazaId}?estado=entrevista&page=2&pageSize=20`);
    expect(second.body.items).toHaveLength(total - 20);
    const all = [...first.body.items, ...second.body.items];
    expect(new Set(all.map((c: { id: number }) => c.id)).size).toBe(total);
    for (const c of all) {
      expect(c.vacanteId).toBe(plazaId);
      expect(String(c.estadoPostulante).toLowerCase()).toBe('entrevista');
    }
    // Terminal states have their column too.
    const rejected = await api.get(`/candidatos/por-plaza/${plazaId}?estado=rechazado&page=1&pageSize=20`);
    expect(
      rejected.body.items.every((c: { estadoPostulante: string }) => c.estadoPostulante.toLowerCase() === 'rechazado'),
    ).toBe(true);
  });

  it('refuses a state that does not exist', { timeout: 30_000 }, async () => {
    const res = await api.get(`/candidatos/por-plaza/${plazaId}?estado=volando&page=1&pageSize=20`);
    expect(res.status).toBe(400);
  });
});
