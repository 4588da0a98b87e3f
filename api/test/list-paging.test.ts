import { isOpenForApplications, ROLE_LABEL, searchKey, todayInGuatemala } from '@bolsa/domain';
import { sql } from 'kysely';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foldSql } from '../src/lists.js';
import type { VacancyJson } from '../src/vacancies/vacancy-row.js';
import { databases, type TestApi } from './support/databases.js';

interface Page {
  items: VacancyJson[];
  totalCount: number;
  page: number;
  pageSize: number;
  counts: { active: number; inactive: number; featured: number };
}

/** What the BFF's keyword filter searched before the api did it (bff/src/resolvers/place.ts). */
function bffText(v: VacancyJson): string {
  const placeText = v.municipioId ? [v.municipioNombre, v.departamentoNombre].filter(Boolean).join(', ') : v.lugar;
  return searchKey(
    [v.nombreVacante, v.sedeNombre, v.descripcion, placeText, v.municipioNombre, v.departamentoNombre].join(' '),
  );
}
const bffMatches = (v: VacancyJson, search: string) =>
  searchKey(search)
    .split(/\s+/)
    .filter(Boolean)
    .every((w) => bffText(v).includes(w));

const boardOrder = (a: VacancyJson, b: VacancyJson) =>
  Number(b.destacado) - Number(a.destacado) || b.fechaPublicacion.localeCompare(a.fechaPublicacion) || b.id - a.id;

const byteCompare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

describe.each(databases)('list paging on $name', ({ start }) => {
  let t: TestApi;
  let all: VacancyJson[];
  const get = (path: string) =>
    request(t.api.url)
      .get(path)
      .set({ Authorization: `Bearer ${t.api.token}` });
  const page = async (query: string): Promise<Page> =>
    (await get(`/sedes/vacantes/lista?${query}`).expect(200)).body as Page;
  const ids = (list: VacancyJson[]) => list.map((v) => v.id);

  beforeAll(async () => {
    t = await start();
    all = (await get('/sedes/vacantes/lista').expect(200)).body as VacancyJson[];
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('the documented call', () => {
    it('still answers the bare array of every vacancy in board order', () => {
      expect(Array.isArray(all)).toBe(true);
      expect(all).toHaveLength(18);
      expect(ids(all)).toEqual(ids([...all].sort(boardOrder)));
    });

    it("carries the staff users' full names, so the BFF needs no GET /usuario", async () => {
      const names = new Map(
        (await t.api.db.selectFrom('usuarios').select(['id', 'nombre']).execute()).map((u) => [u.id, u.nombre]),
      );
      for (const v of all) {
        expect(v.creadoPorNombre).toBe(v.PublicadoPor ? names.get(v.PublicadoPor) : null);
        expect(v.actualizadoPorNombre).toBe(v.ActualizadoPor ? names.get(v.ActualizadoPor) : null);
      }
      const one = (await get(`/plazas/${all[0]!.id}`).expect(200)).body as VacancyJson;
      expect(one.creadoPorNombre).toBe(all[0]!.creadoPorNombre);
    });

    it('GET /sedes/{id}/plazas is unchanged: an array of the branch', async () => {
      const branch = all[0]!.sede!;
      const list = (await get(`/sedes/${branch}/plazas`).expect(200)).body as VacancyJson[];
      expect(ids(list)).toEqual(ids(all.filter((v) => v.sede === branch)));
    });
  });

  describe('page', () => {
    it('answers the envelope with counts over the whole filtered set', async () => {
      const p = await page('page=1&pageSize=5');
      expect(Object.keys(p)).toEqual(['items', 'totalCount', 'page', 'pageSize', 'counts']);
      expect(p.items).toHaveLength(5);
      expect(p.totalCount).toBe(18);
      expect(p).toMatchObject({ page: 1, pageSize: 5 });
      expect(p.counts).toEqual({
        active: all.filter((v) => v.status === '1').length,
        inactive: all.filter((v) => v.status !== '1').length,
        featured: all.filter((v) => v.destacado).length,
      });
      expect(Object.keys(p.items[0]!)).toEqual(Object.keys(all[0]!));
    });

    it('defaults pageSize to 10 and staff scope to every status, newest publication first', async () => {
      const expected = [...all].sort((a, b) => b.fechaPublicacion.localeCompare(a.fechaPublicacion) || b.id - a.id);
      const p1 = await page('page=1');
      const p2 = await page('page=2');
      expect(p1.pageSize).toBe(10);
      expect([...ids(p1.items), ...ids(p2.items)]).toEqual(ids(expected));
    });

    it('past the last page answers the last page', async () => {
      const p = await page('page=99&pageSize=5');
      expect(p.page).toBe(4);
      expect(p.items).toHaveLength(3);
    });

    it('scope=public is exactly what the board showed: open vacancies, featured first', async () => {
      const today = todayInGuatemala();
      const open = all
        .filter((v) => isOpenForApplications({ active: v.status === '1', endsAt: v.fechaFinalizacion }, today))
        .sort(boardOrder);
      const p = await page('scope=public&page=1&pageSize=100');
      expect(ids(p.items)).toEqual(ids(open));
      expect(p.totalCount).toBe(open.length);
      expect(p.counts.inactive).toBe(0);
      expect(p.counts.featured).toBe(open.filter((v) => v.destacado).length);
      const featured = await page('scope=public&featuredOnly=true&page=1');
      expect(ids(featured.items)).toEqual(ids(open.filter((v) => v.destacado)));
      // The toggle's count is over the set before featuredOnly.
      expect(featured.counts.featured).toBe(featured.totalCount);
      expect(featured.counts.active).toBe(open.length);
    });

    it('status and featuredOnly narrow the items, not the counts', async () => {
      const inactive = await page('status=inactive&page=1&pageSize=100');
      expect(ids(inactive.items).sort()).toEqual(ids(all.filter((v) => v.status !== '1')).sort());
      expect(inactive.counts.active + inactive.counts.inactive).toBe(18);
      const active = await page('status=active&featuredOnly=true&page=1&pageSize=100');
      expect(ids(active.items).sort()).toEqual(ids(all.filter((v) => v.status === '1' && v.destacado)).sort());
    });

    it('filters by branch and by vacancy', async () => {
      const branch = all[3]!.sede!;
      const p = await page(`branchId=${branch}&page=1&pageSize=100`);
      expect(ids(p.items).sort()).toEqual(ids(all.filter((v) => v.sede === branch)).sort());
      const one = await page(`vacancyId=${all[3]!.id}&page=1`);
      expect(ids(one.items)).toEqual([all[3]!.id]);
    });
  });

  describe('search', () => {
    const searches = [
      'MEDICO', // accents and case ignored
      'médico general',
      'enfermeria',
      'quetzaltenango', // branch or place
      'alta verapaz', // free-text lugar and department
      'COBAN',
      'zona', // nothing but the branch address has it: not searched
      'laboratorio clinico',
      'xyz-nada',
      '   ',
    ];
    it.each(searches)('%j matches exactly what the BFF matched', async (search) => {
      const p = await page(`search=${encodeURIComponent(search)}&page=1&pageSize=100`);
      const expected = all.filter((v) => bffMatches(v, search));
      expect(ids(p.items).sort()).toEqual(ids(expected).sort());
      expect(p.totalCount).toBe(expected.length);
    });

    it('finds a municipality by name and the search works without page too (array)', async () => {
      const withPlace = all.find((v) => v.municipioNombre)!;
      const list = (
        await get(
          `/sedes/vacantes/lista?search=${encodeURIComponent(withPlace.municipioNombre!.toUpperCase())}`,
        ).expect(200)
      ).body as VacancyJson[];
      expect(Array.isArray(list)).toBe(true);
      expect(ids(list)).toContain(withPlace.id);
      expect(ids(list).sort()).toEqual(ids(all.filter((v) => bffMatches(v, withPlace.municipioNombre!))).sort());
    });

    it('folds in SQL exactly as the domain folds', async () => {
      const samples = ['Árbol Ñandú ÉXITO', 'Pingüino Çà va', 'Médico(a) GINECÓLOGO(A)', 'plain ascii'];
      for (const s of samples) {
        const { rows } = await sql<{ f: string }>`select ${foldSql(sql`${s}`)} as f`.execute(t.api.db);
        expect(rows[0]!.f).toBe(searchKey(s));
      }
    });
  });

  describe('sort', () => {
    const key: Record<string, (v: VacancyJson) => string> = {
      name: (v) => searchKey(v.nombreVacante),
      branch: (v) => searchKey(v.sedeNombre),
      publishedAt: (v) => v.fechaPublicacion,
      createdBy: (v) => searchKey(v.creadoPorNombre),
      updatedBy: (v) => searchKey(v.actualizadoPorNombre),
      status: (v) => v.status,
    };
    for (const field of Object.keys(key)) {
      for (const order of ['asc', 'desc'] as const) {
        it(`sort=${field}&order=${order}`, async () => {
          const dir = order === 'asc' ? 1 : -1;
          const expected = [...all].sort((a, b) => dir * byteCompare(key[field]!(a), key[field]!(b)) || b.id - a.id);
          const p = await page(`sort=${field}&order=${order}&page=1&pageSize=100`);
          expect(ids(p.items)).toEqual(ids(expected));
        });
      }
    }
  });

  describe('invalid values answer 400 in Spanish', () => {
    const cases: [string, string][] = [
      ['page=0', 'El número de página debe ser un entero mayor o igual a 1.'],
      ['page=abc', 'El número de página debe ser un entero mayor o igual a 1.'],
      ['page=1&pageSize=1000', 'El tamaño de página debe ser un entero entre 1 y 100.'],
      ['page=1&pageSize=0', 'El tamaño de página debe ser un entero entre 1 y 100.'],
      ['page=1&sort=unknown', 'El campo de ordenamiento no es válido.'],
      ['page=1&order=up', "El orden debe ser 'asc' o 'desc'."],
      ['page=1&scope=everyone', 'El valor del filtro no es válido.'],
      ['page=1&status=maybe', 'El valor del filtro no es válido.'],
      ['page=1&featuredOnly=si', "El filtro debe ser 'true' o 'false'."],
      ['page=1&branchId=abc', 'Identificador inválido'],
      ['page=1&vacancyId=99999999999', 'Identificador inválido'],
      ['page=1&page=2', 'Solicitud inválida'],
      [`page=1&search=a%00b`, 'La búsqueda no puede superar los 200 caracteres ni contener caracteres de control.'],
      [
        `page=1&search=${'a'.repeat(201)}`,
        'La búsqueda no puede superar los 200 caracteres ni contener caracteres de control.',
      ],
    ];
    it.each(cases)('%s', async (query, message) => {
      const res = await get(`/sedes/vacantes/lista?${query}`).expect(400);
      expect(res.body).toEqual({ message });
    });
  });

  describe('catalogue lists keep answering arrays, filtered in SQL', () => {
    interface User {
      id: number;
      nombre: string;
      usuario_: string;
      idrol: 1 | 2 | 3;
    }
    interface Email {
      correo_id: number;
      email: string;
      nombre: string;
      activo: boolean;
    }
    interface Template {
      id: number;
      nombre: string;
      descripcion: string;
      tipo: string;
      categoria: string;
      activo: boolean;
    }
    const list = async <T>(path: string): Promise<T[]> => {
      const body: unknown = (await get(path).expect(200)).body;
      expect(Array.isArray(body)).toBe(true);
      return body as T[];
    };

    it('GET /usuario?search matches name, e-mail or role label, accents and case ignored', async () => {
      const users = await list<User>('/usuario');
      expect(users.length).toBeGreaterThan(1);
      for (const search of ['ADMIN', 'gestor', 'visualizador', users[0]!.nombre.toUpperCase(), 'ñandú-nadie']) {
        const key = searchKey(search);
        const expected = users.filter((u) =>
          [u.nombre, u.usuario_, ROLE_LABEL[u.idrol]].some((x) => searchKey(x).includes(key)),
        );
        const got = await list<User>(`/usuario?search=${encodeURIComponent(search)}`);
        expect(got.map((u) => u.id)).toEqual(expected.map((u) => u.id));
      }
    });

    it('GET /correos?search&soloActivos', async () => {
      const emails = await list<Email>('/correos');
      expect(emails.length).toBeGreaterThan(0);
      for (const search of [emails[0]!.nombre.slice(0, 4).toUpperCase(), '@', 'zzz-nadie']) {
        const key = searchKey(search);
        for (const soloActivos of [false, true]) {
          const expected = emails.filter(
            (e) => (!soloActivos || e.activo) && searchKey(`${e.email} ${e.nombre}`).includes(key),
          );
          const got = await list<Email>(`/correos?soloActivos=${soloActivos}&search=${encodeURIComponent(search)}`);
          expect(got.map((e) => e.correo_id)).toEqual(expected.map((e) => e.correo_id));
        }
      }
    });

    it('GET /pruebas/templates?search&categoria&tipo&incluirInactivas', async () => {
      const templates = await list<Template>('/pruebas/templates');
      expect(templates.length).toBeGreaterThan(0);
      const t0 = templates[0]!;
      const cases: [string, (x: Template) => boolean][] = [
        [
          `search=${encodeURIComponent(t0.nombre.toUpperCase())}`,
          (x) => searchKey(`${x.nombre} ${x.descripcion}`).includes(searchKey(t0.nombre)),
        ],
        [`categoria=${t0.categoria}`, (x) => x.categoria === t0.categoria],
        [`tipo=${t0.tipo}`, (x) => x.tipo === t0.tipo],
        ['incluirInactivas=false', (x) => x.activo],
        ['incluirInactivas=true', () => true],
      ];
      for (const [query, keep] of cases) {
        const got = await list<Template>(`/pruebas/templates?${query}`);
        expect(got.map((x) => x.id)).toEqual(templates.filter(keep).map((x) => x.id));
      }
      expect((await get('/pruebas/templates?categoria=NINGUNA').expect(400)).body).toEqual({
        message: 'El valor del filtro no es válido.',
      });
    });
  });
});
