import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_BATCH } from '../src/exports/service.js';
import { recordingClient } from './support/client.js';
import { databases, type TestApi } from './support/databases.js';

interface Line {
  id: number;
  inputNombre: string;
  inputEmail: string | null;
  estadoPostulante: string;
  fechaRegistro: string;
  plazasAplicadas: { nombrePlaza: string }[];
}
const lines = (text: string): Line[] =>
  text
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Line);

describe.each(databases)('candidate exports (GET /internal/exportaciones/candidatos) on $name', ({ start }) => {
  let t: TestApi;
  const client = recordingClient(() => t);
  let vacancyId = 0;
  let adminId = 0;
  const COUNT = EXPORT_BATCH + 20;

  beforeAll(async () => {
    t = await start();
    const db = t.api.db;
    const sede = await db.selectFrom('sedes').select('id').orderBy('id').executeTakeFirstOrThrow();
    vacancyId = (
      await db
        .insertInto('plazas')
        .values({
          nombre: 'Plaza exportada',
          sede_id: sede.id,
          lugar: 'Ciudad',
          descripcion: 'x',
          fecha_publicacion: '2026-01-01',
          status: '1',
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    // More than one batch: the stream must read them all, in the list's order (newest first).
    await db
      .insertInto('postulantes')
      .values(
        Array.from({ length: COUNT }, (_, i) => ({
          plaza_id: vacancyId,
          nombre: i === 0 ? '=HYPERLINK("http://x")' : `Exportable ${String(i).padStart(4, '0')}`,
          cui: null,
          email: `exp${i}@example.com`,
          telefono: null,
          estado: i % 2 ? 'en seguimiento' : 'rechazado',
          fecha_registro: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
        })),
      )
      .execute();
    adminId = (
      await db.selectFrom('usuarios').select('id').where('idrol', '=', 1).orderBy('id').executeTakeFirstOrThrow()
    ).id;
  }, 120_000);
  afterAll(async () => t?.close());

  it('streams every row of a vacancy list as filtered, in order, and records the export', async () => {
    const res = await client.get(
      `/internal/exportaciones/candidatos?lista=vacancy&plazaId=${vacancyId}&formato=xlsx&usuarioId=${adminId}&rol=1`,
    );
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('application/x-ndjson');
    expect(res.headers['x-total-count']).toBe(String(COUNT));
    const rows = lines(res.text);
    expect(rows).toHaveLength(COUNT);
    expect(rows[0]!.inputNombre).toBe(`Exportable ${String(COUNT - 1).padStart(4, '0')}`);
    expect(rows.at(-1)!.inputNombre).toBe('=HYPERLINK("http://x")');
    expect(new Set(rows.map((r) => r.id)).size).toBe(COUNT);

    const log = await client.get('/internal/exportaciones?page=1&pageSize=5');
    expect(log.status).toBe(200);
    expect(log.body.totalCount).toBe(1);
    expect(log.body.items[0]).toMatchObject({
      usuarioId: adminId,
      rol: 1,
      lista: 'vacancy',
      plazaId: vacancyId,
      nombrePlaza: 'Plaza exportada',
      estado: null,
      filas: COUNT,
      formato: 'xlsx',
    });
    expect(log.body.items[0].nombreUsuario).not.toBe('');
    expect(log.body.items[0].fecha).toMatch(/Z$/);
  });

  it('filters as the list does: the tab and the search, the same rows in the same order', async () => {
    const qs = `estado=rechazado&search=exportable%2001`;
    const res = await client.get(
      `/internal/exportaciones/candidatos?lista=vacancy&plazaId=${vacancyId}&${qs}&formato=csv&rol=2`,
    );
    expect(res.status).toBe(200);
    const rows = lines(res.text);
    const list = await client.get(`/candidatos/por-plaza/${vacancyId}?${qs}&page=1&pageSize=100`);
    expect(list.body.totalCount).toBeGreaterThan(0);
    expect(rows.map((r) => r.id)).toEqual((list.body.items as Line[]).map((r) => r.id));
    expect(rows.every((r) => r.estadoPostulante === 'rechazado')).toBe(true);
    const log = await client.get('/internal/exportaciones?page=1&pageSize=5');
    expect(log.body.items[0]).toMatchObject({
      estado: 'rechazado',
      busqueda: 'exportable 01',
      filas: list.body.totalCount,
      formato: 'csv',
    });
  });

  it('the inbox leaves hired and rejected candidates out, and refuses a terminal tab', async () => {
    const res = await client.get(`/internal/exportaciones/candidatos?lista=inbox&search=exportable&formato=csv&rol=1`);
    expect(res.status).toBe(200);
    const rows = lines(res.text);
    expect(rows.length).toBe(COUNT / 2);
    expect(rows.every((r) => r.estadoPostulante === 'en seguimiento')).toBe(true);
    const bad = await client.get(`/internal/exportaciones/candidatos?lista=inbox&estado=rechazado&formato=csv&rol=1`);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBeTruthy();
  });

  it('refuses an unknown list or format with a Spanish message, recording nothing', async () => {
    const before = (await client.get('/internal/exportaciones?page=1')).body.totalCount as number;
    for (const qs of ['lista=todo&formato=csv', 'lista=inbox&formato=pdf', 'lista=vacancy&formato=csv&plazaId=x']) {
      const res = await client.get(`/internal/exportaciones/candidatos?${qs}`);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/[a-záéíóú]/);
    }
    expect((await client.get('/internal/exportaciones?page=1')).body.totalCount).toBe(before);
  });
});
