import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordingClient, validCui } from './support/client.js';
import { databases, type TestApi } from './support/databases.js';

/** A moment in Guatemala (UTC−6) in March 2025, far from the demo data's dates. */
const gt = (day: string, time = '10:00') => `2025-${day}T${time}:00-06:00`;

interface Fixture {
  applied: string;
  state: string;
  beforeRejection?: string;
  erased?: boolean;
  /** [state, when] moves in order. */
  moves?: [string, string][];
}

const FULL_PATH_A: [string, string][] = [
  ['en seguimiento', gt('03-03')],
  ['pre-pruebas', gt('03-05')],
  ['post-pruebas', gt('03-06')],
  ['entrevista', gt('03-08')],
  ['inducción', gt('03-10')],
  ['contratado', gt('03-11')],
];

const VACANCY_A: Fixture[] = [
  { applied: gt('03-01'), state: 'contratado', moves: FULL_PATH_A },
  // Tests skipped: en seguimiento → entrevista.
  {
    applied: gt('03-02'),
    state: 'entrevista',
    moves: [
      ['en seguimiento', gt('03-03')],
      ['entrevista', gt('03-06')],
    ],
  },
  {
    applied: gt('03-04'),
    state: 'rechazado',
    beforeRejection: 'en seguimiento',
    moves: [
      ['en seguimiento', gt('03-05')],
      ['rechazado', gt('03-07')],
    ],
  },
  // Erased by the candidate: still an anonymous count.
  { applied: gt('03-05'), state: 'postulado', erased: true },
  // Older than the history: rejected at entrevista, no rows.
  { applied: gt('03-06'), state: 'rechazado', beforeRejection: 'entrevista' },
];

const VACANCY_B: Fixture[] = [
  {
    applied: gt('03-10'),
    state: 'contratado',
    moves: [
      ['en seguimiento', gt('03-12')],
      ['pre-pruebas', gt('03-13')],
      ['post-pruebas', gt('03-14')],
      ['entrevista', gt('03-15')],
      ['inducción', gt('03-17')],
      ['contratado', gt('03-20')],
    ],
  },
  // 23:30 on the last day in Guatemala is already 1 April in UTC: still inside.
  { applied: gt('03-31', '23:30'), state: 'postulado' },
  // Outside [1 March, 31 March] in Guatemala.
  { applied: gt('02-28', '23:59'), state: 'postulado' },
  { applied: gt('04-01', '00:00'), state: 'contratado' },
];

const STATES = [
  'postulado',
  'en seguimiento',
  'pre-pruebas',
  'post-pruebas',
  'entrevista',
  'inducción',
  'contratado',
  'rechazado',
];
const byState = (counts: Record<string, number>) => STATES.map((estado) => ({ estado, cantidad: counts[estado] ?? 0 }));
const steps = (reached: number[], conversion: (number | null)[], medians: (number | null)[]) =>
  STATES.slice(0, 7).map((estado, i) => ({
    estado,
    alcanzaron: reached[i],
    conversion: conversion[i],
    medianaDias: medians[i],
  }));

const ROW_A = {
  plaza: 'Plaza del embudo A',
  total: 5,
  porEstado: byState({ contratado: 1, entrevista: 1, rechazado: 2, postulado: 1 }),
  etapas: steps([5, 4, 3, 3, 3, 1, 1], [null, 0.8, 0.75, 1, 1, 0.3333, 1], [1, 2.5, 1, 2, 2, 1, null]),
  contratados: 1,
  rechazados: 2,
  medianaDiasContratacion: 10,
};
const ROW_B = {
  plaza: 'Plaza del embudo B',
  total: 2,
  porEstado: byState({ contratado: 1, postulado: 1 }),
  etapas: steps([2, 1, 1, 1, 1, 1, 1], [null, 0.5, 1, 1, 1, 1, 1], [2, 1, 1, 1, 2, 3, null]),
  contratados: 1,
  rechazados: 0,
  medianaDiasContratacion: 10,
};

describe.each(databases)('funnel report (GET /internal/reportes/embudo) on $name', ({ start }) => {
  let t: TestApi;
  const client = recordingClient(() => t);
  let idA = 0;
  let idB = 0;

  async function seed(vacancyId: number, rows: Fixture[], offset: number) {
    for (const [i, f] of rows.entries()) {
      const { id } = await t.api.db
        .insertInto('postulantes')
        .values({
          plaza_id: vacancyId,
          nombre: f.erased ? 'Datos eliminados' : `Candidata ${offset + i}`,
          cui: f.erased ? null : validCui(String(40_000_000 + offset + i)),
          email: f.erased ? null : `embudo${offset + i}@example.com`,
          telefono: null,
          estado: f.state,
          estado_antes_rechazo: f.beforeRejection ?? null,
          datos_eliminados: f.erased ?? false,
          fecha_registro: f.applied,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      let from = 'postulado';
      for (const [to, at] of f.moves ?? []) {
        await t.api.db
          .insertInto('postulantes_historial')
          .values({ postulante_id: id, estado_anterior: from, estado_nuevo: to, en: at })
          .execute();
        from = to;
      }
    }
  }

  beforeAll(async () => {
    t = await start();
    const sede = await t.api.db.selectFrom('sedes').select('id').orderBy('id').executeTakeFirstOrThrow();
    const vacancy = (nombre: string) =>
      t.api.db
        .insertInto('plazas')
        .values({
          nombre,
          sede_id: sede.id,
          lugar: '0101:01',
          descripcion: 'Plaza para el reporte',
          fecha_publicacion: '2025-02-01',
          fecha_finalizacion: '2025-12-31',
          status: '1',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    idA = (await vacancy('Plaza del embudo A')).id;
    idB = (await vacancy('Plaza del embudo B')).id;
    await seed(idA, VACANCY_A, 0);
    await seed(idB, VACANCY_B, 100);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('counts, converts and takes the medians per vacancy and overall, by application day in Guatemala', async () => {
    const res = await client.get('/internal/reportes/embudo?desde=2025-03-01&hasta=2025-03-31');
    expect(res.status).toBe(200);
    expect(res.body.desde).toBe('2025-03-01');
    expect(res.body.hasta).toBe('2025-03-31');
    expect(res.body.plazas).toEqual([
      { plazaId: idA, ...ROW_A },
      { plazaId: idB, ...ROW_B },
    ]);
    expect(res.body.general).toEqual({
      plazaId: null,
      plaza: 'Todas las plazas',
      total: 7,
      porEstado: byState({ contratado: 2, entrevista: 1, rechazado: 2, postulado: 2 }),
      etapas: steps([7, 5, 4, 4, 4, 2, 2], [null, 0.7143, 0.8, 1, 1, 0.5, 1], [1.5, 2, 1, 1.5, 2, 2, null]),
      contratados: 2,
      rechazados: 2,
      medianaDiasContratacion: 10,
    });
  });

  it('narrows to one vacancy', async () => {
    const res = await client.get(`/internal/reportes/embudo?desde=2025-03-01&hasta=2025-03-31&plazaId=${idB}`);
    expect(res.status).toBe(200);
    expect(res.body.plazas).toEqual([{ plazaId: idB, ...ROW_B }]);
    expect(res.body.general).toEqual({ plazaId: null, ...ROW_B, plaza: 'Todas las plazas' });
  });

  it('answers an empty range with zeros and no vacancies', async () => {
    const res = await client.get('/internal/reportes/embudo?desde=2024-01-01&hasta=2024-01-31');
    expect(res.status).toBe(200);
    expect(res.body.plazas).toEqual([]);
    expect(res.body.general).toEqual({
      plazaId: null,
      plaza: 'Todas las plazas',
      total: 0,
      porEstado: byState({}),
      etapas: steps(
        [0, 0, 0, 0, 0, 0, 0],
        [null, null, null, null, null, null, null],
        [null, null, null, null, null, null, null],
      ),
      contratados: 0,
      rechazados: 0,
      medianaDiasContratacion: null,
    });
  });

  it('refuses a bad range or vacancy with a Spanish message', async () => {
    const cases: [string, string][] = [
      ['desde=2025-04-01&hasta=2025-03-01', 'La fecha inicial no puede ser posterior a la fecha final.'],
      ['hasta=2025-03-01', 'Indica la fecha inicial.'],
      ['desde=2025-03-01', 'Indica la fecha final.'],
      ['desde=01/03/2025&hasta=2025-03-31', 'La fecha debe tener el formato AAAA-MM-DD.'],
      ['desde=2025-03-01&hasta=2025-03-31&plazaId=x', 'Identificador inválido'],
      ['desde=2025-03-01&desde=2025-03-02&hasta=2025-03-31', 'Solicitud inválida'],
    ];
    for (const [qs, message] of cases) {
      const res = await client.get(`/internal/reportes/embudo?${qs}`);
      expect(res.status, qs).toBe(400);
      expect(res.body.message, qs).toBe(message);
    }
  });
});
