import { dayjs, todayInGuatemala } from '@bolsa/domain';
import { sql } from 'kysely';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VacancyJson } from '../src/vacancies/vacancy-row.js';
import { databases, records, type TestApi } from './support/databases.js';

const VACANCY_KEYS = [
  'id',
  'nombreVacante',
  'sede',
  'sedeNombre',
  'lugar',
  'municipioId',
  'municipioNombre',
  'departamentoId',
  'departamentoNombre',
  'NombreDepartamento',
  'descripcion',
  'requisitos',
  'beneficios',
  'imagen',
  'imagenBase64',
  'fechaPublicacion',
  'fechaFinalizacion',
  'status',
  'destacado',
  'fechaCreacion',
  'PublicadoPor',
  'ActualizadoPor',
  // Added by the paging contract (docs/decisions/2026-11-23-list-paging-in-the-api.md): the staff users' names.
  'creadoPorNombre',
  'actualizadoPorNombre',
];

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** destacado desc, fechaPublicacion desc, id desc */
function inBoardOrder(list: VacancyJson[]): boolean {
  return list.every((v, i) => {
    if (i === 0) return true;
    const p = list[i - 1]!;
    if (p.destacado !== v.destacado) return p.destacado && !v.destacado;
    if (p.fechaPublicacion !== v.fechaPublicacion) return p.fechaPublicacion > v.fechaPublicacion;
    return p.id > v.id;
  });
}

const daysFromToday = (iso: string): number =>
  dayjs(iso, 'YYYY-MM-DD').diff(dayjs(todayInGuatemala(), 'YYYY-MM-DD'), 'day');

describe.each(databases)('vacancies on $name', ({ start }) => {
  let t: TestApi;
  let auth: { Authorization: string };
  let list: VacancyJson[];
  const get = (path: string) => request(t.api.url).get(path).set(auth);

  beforeAll(async () => {
    t = await start();
    auth = { Authorization: `Bearer ${t.api.token}` };
    list = (await get('/sedes/vacantes/lista').expect(200)).body as VacancyJson[];
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('seed', () => {
    it('loads the geography, 5 demo branches and 18 demo vacancies, and says so once', async () => {
      const count = async (table: 'departamentos' | 'municipios' | 'sedes' | 'plazas') =>
        (
          await t.api.db
            .selectFrom(table)
            .select(sql<number>`count(*)::int`.as('n'))
            .executeTakeFirstOrThrow()
        ).n;
      expect(await count('departamentos')).toBe(22);
      expect(await count('municipios')).toBe(340);
      expect(await count('sedes')).toBe(5);
      expect(await count('plazas')).toBe(18);
      const demo = await t.api.db.selectFrom('plazas').select('id').where('es_demo', '=', true).execute();
      expect(demo).toHaveLength(18);
      expect(
        records(t.logs)
          .map((r) => r.msg)
          .filter((m) => m.startsWith('Datos de demostración cargados')),
      ).toEqual(['Datos de demostración cargados: 5 sedes, 18 plazas']);
    });

    it('has 4 featured, 3 inactive, 2 closed, 2 closing within 5 days and the rest 10–60 days out', () => {
      expect(list.filter((v) => v.destacado)).toHaveLength(4);
      expect(list.filter((v) => v.status === '0')).toHaveLength(3);
      const ends = list.map((v) => daysFromToday(v.fechaFinalizacion!));
      expect(ends.filter((d) => d < 0)).toHaveLength(2);
      expect(ends.filter((d) => d >= 1 && d <= 5)).toHaveLength(2);
      expect(ends.filter((d) => d >= 10 && d <= 60)).toHaveLength(14);
      for (const v of list) expect(daysFromToday(v.fechaPublicacion)).toBeGreaterThanOrEqual(-60);
      for (const v of list) expect(daysFromToday(v.fechaPublicacion)).toBeLessThanOrEqual(0);
      // Featured vacancies are the ones the board shows first: they must be open.
      for (const v of list.filter((x) => x.destacado)) {
        expect(v.status).toBe('1');
        expect(daysFromToday(v.fechaFinalizacion!)).toBeGreaterThan(5);
      }
    });

    it('covers the UI edge cases: free-text and empty lugar, no description, empty lists, no image', () => {
      const freeText = list.filter((v) => v.lugar && !v.municipioId);
      expect(freeText).toHaveLength(2);
      expect(freeText.map((v) => v.lugar)).toContain('Trabajo de campo en comunidades de Alta Verapaz');
      expect(list.filter((v) => v.lugar === null)).toHaveLength(1);
      expect(list.filter((v) => v.descripcion === null)).toHaveLength(1);
      expect(list.filter((v) => v.requisitos.length === 0 && v.beneficios.length === 0)).toHaveLength(2);
      for (const v of list.filter((x) => x.requisitos.length > 0)) {
        expect(v.requisitos.length).toBeGreaterThanOrEqual(3);
        expect(v.requisitos.length).toBeLessThanOrEqual(6);
        expect(v.beneficios.length).toBeGreaterThanOrEqual(3);
        expect(v.beneficios.length).toBeLessThanOrEqual(5);
      }
      expect(list.filter((v) => v.imagen === null)).toHaveLength(2);
    });
  });

  describe('GET /sedes/vacantes/lista', () => {
    it('returns every vacancy, active and inactive, in the documented shape', async () => {
      // The demo vacancies were published by the demo admin and last updated by the demo gestor.
      const staff = await t.api.db
        .selectFrom('usuarios')
        .select(['id', 'usuario'])
        .where('es_demo', '=', true)
        .execute();
      const staffId = (local: string) => staff.find((u) => u.usuario.startsWith(`${local}@`))!.id;
      expect(list).toHaveLength(18);
      for (const v of list) {
        expect(Object.keys(v)).toEqual(VACANCY_KEYS);
        expect(typeof v.id).toBe('number');
        expect(typeof v.nombreVacante).toBe('string');
        expect(typeof v.sede).toBe('number');
        expect(typeof v.sedeNombre).toBe('string');
        expect(v.fechaPublicacion).toMatch(ISO_DATE);
        expect(v.fechaFinalizacion).toMatch(ISO_DATE);
        expect(new Date(v.fechaCreacion).toISOString()).toBe(v.fechaCreacion);
        expect(['1', '0']).toContain(v.status);
        expect(typeof v.destacado).toBe('boolean');
        expect(v.imagenBase64).toBeNull();
        expect(v.PublicadoPor).toBe(staffId('admin'));
        expect(v.ActualizadoPor).toBe(staffId('gestor'));
        expect(Array.isArray(v.requisitos) && v.requisitos.every((x) => typeof x === 'string')).toBe(true);
        expect(Array.isArray(v.beneficios) && v.beneficios.every((x) => typeof x === 'string')).toBe(true);
        if (v.imagen !== null) expect(v.imagen).toMatch(/^\/archivos\/plazas\/[0-9a-f-]{36}\.webp$/);
      }
    });

    it('orders featured first, then newest publication, then newest id', () => {
      expect(inBoardOrder(list)).toBe(true);
      expect(list.slice(0, 4).every((v) => v.destacado)).toBe(true);
    });

    it('resolves a structured lugar into municipality and department', () => {
      const coban = list.find((v) => v.lugar === '1601:16')!;
      expect(coban).toMatchObject({
        municipioId: '1601',
        municipioNombre: 'Cobán',
        departamentoId: '16',
        departamentoNombre: 'Alta Verapaz',
        NombreDepartamento: '16',
      });
      const field = list.find((v) => v.lugar === 'Trabajo de campo en comunidades de Alta Verapaz')!;
      expect(field).toMatchObject({
        municipioId: null,
        municipioNombre: null,
        departamentoId: null,
        departamentoNombre: null,
        NombreDepartamento: null,
      });
    });
  });

  describe('GET /sedes/{sedeId}/plazas', () => {
    it("returns the branch's vacancies in board order", async () => {
      const sedes = (await get('/sedes').expect(200)).body as { id: number; nombre: string }[];
      let total = 0;
      for (const s of sedes) {
        const mine = (await get(`/sedes/${s.id}/plazas`).expect(200)).body as VacancyJson[];
        expect(mine.map((v) => v.id)).toEqual(list.filter((v) => v.sede === s.id).map((v) => v.id));
        expect(mine.every((v) => v.sedeNombre === s.nombre)).toBe(true);
        total += mine.length;
      }
      expect(total).toBe(18);
    });

    it('answers [] for an unknown branch and 400 for a malformed id', async () => {
      expect((await get('/sedes/999999/plazas').expect(200)).body).toEqual([]);
      for (const bad of ['abc', '0', '-1', '1.5', '99999999999', '%20']) {
        const res = await get(`/sedes/${bad}/plazas`).expect(400);
        expect(res.body).toEqual({ message: 'Identificador inválido' });
      }
    });
  });

  describe('GET /plazas/{id}', () => {
    it('returns the same object as the list', async () => {
      for (const v of [list[0]!, list[17]!, list.find((x) => x.lugar === null)!]) {
        expect((await get(`/plazas/${v.id}`).expect(200)).body).toEqual(v);
      }
    });

    it('answers 404 for a missing vacancy and 400 for a malformed id', async () => {
      expect((await get('/plazas/999999').expect(404)).body).toEqual({
        message: 'La vacante no existe o ya fue eliminada.',
      });
      for (const bad of ['abc', '0', '1e3', '2147483648', '12abc']) {
        expect((await get(`/plazas/${bad}`).expect(400)).body).toEqual({ message: 'Identificador inválido' });
      }
    });
  });

  describe('rows written later', () => {
    it('breaks date ties by id and keeps calendar dates exact whatever the time zone', async () => {
      const sedeId = list[0]!.sede!;
      const inserted = await t.api.db
        .insertInto('plazas')
        .values(
          [1, 2].map((n) => ({
            nombre: `Prueba de orden ${n}`,
            sede_id: sedeId,
            lugar: '0101:01',
            fecha_publicacion: '2020-01-01',
            fecha_finalizacion: '2020-12-31',
            status: '0' as const,
          })),
        )
        .returning('id')
        .execute();
      try {
        const ids = inserted.map((r) => r.id);
        const after = (await get('/sedes/vacantes/lista').expect(200)).body as VacancyJson[];
        expect(inBoardOrder(after)).toBe(true);
        const mine = after.filter((v) => ids.includes(v.id));
        expect(mine.map((v) => v.id)).toEqual([...ids].sort((a, b) => b - a));
        expect(mine[0]).toMatchObject({
          fechaPublicacion: '2020-01-01',
          fechaFinalizacion: '2020-12-31',
          requisitos: [],
          beneficios: [],
          imagen: null,
          descripcion: null,
        });
        // The oldest rows sort last.
        expect(after.slice(-2).map((v) => v.id)).toEqual(mine.map((v) => v.id));
      } finally {
        await t.api.db.deleteFrom('plazas').where('nombre', 'like', 'Prueba de orden %').execute();
      }
    });

    it('returns null dates and geography for a vacancy with only a name and a publication date', async () => {
      const { id } = await t.api.db
        .insertInto('plazas')
        .values({
          nombre: 'Mínima',
          sede_id: null,
          lugar: '9999:99',
          fecha_publicacion: '2021-06-15',
          fecha_finalizacion: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      try {
        const v = (await get(`/plazas/${id}`).expect(200)).body as VacancyJson;
        expect(v).toMatchObject({
          sede: null,
          sedeNombre: null,
          lugar: '9999:99',
          municipioId: null,
          departamentoId: null,
          fechaFinalizacion: null,
          status: '1',
          destacado: false,
        });
      } finally {
        await t.api.db.deleteFrom('plazas').where('id', '=', id).execute();
      }
    });
  });
});
