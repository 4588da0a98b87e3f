import {
  DEFAULT_SCORECARD_CRITERIA,
  guatemalaToInstant,
  SCORECARD_LIMITS,
  SCORECARD_MESSAGES,
  SCORECARD_REMINDER_TEMPLATE_KEY,
  todayInGuatemala,
} from '@bolsa/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepScorecardReminders } from '../src/scorecards/index.js';
import { databases, type TestApi } from './support/databases.js';
import { makeVacancies } from './support/application.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = Record<string, any>;

const M = SCORECARD_MESSAGES;

/** A date n days from today in Guatemala. */
function inDays(n: number): string {
  const d = new Date(`${todayInGuatemala()}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

const ratings = (criteria: readonly string[], score = 4) => criteria.map((criterio) => ({ criterio, puntaje: score }));

describe.each(databases)('interview scorecards (issue 24) on $name', ({ start }) => {
  let t: TestApi;
  let vacancy = 0;
  let custom = 0;
  let ana = 0;
  let beto = 0;
  let vera = 0;
  let seq = 0;

  beforeAll(async () => {
    t = await start();
    const v = await makeVacancies(t.api.db);
    vacancy = v.open;
    custom = v.second;
    await t.api.db
      .updateTable('plazas')
      .set({ criterios_evaluacion_json: JSON.stringify(['Liderazgo', 'Inglés']) })
      .where('id', '=', custom)
      .execute();
    const staff = await t.api.db
      .insertInto('usuarios')
      .values([
        { nombre: 'Ana Evaluadora', usuario: 'ana.evaluadora@ejemplo.org.gt', clave_hash: null, idrol: 2 },
        { nombre: 'Beto Evaluador', usuario: 'beto.evaluador@ejemplo.org.gt', clave_hash: null, idrol: 1 },
        { nombre: 'Vera Visualizadora', usuario: 'vera.vista@ejemplo.org.gt', clave_hash: null, idrol: 3 },
      ])
      .returning('id')
      .execute();
    ana = staff[0]!.id;
    beto = staff[1]!.id;
    vera = staff[2]!.id;
  }, 180_000);
  afterAll(async () => t?.close());

  const auth = () => ({ authorization: `Bearer ${t.api.token}` });
  const get = async (p: string) => {
    const res = await fetch(`${t.api.url}${p}`, { headers: auth() });
    return { status: res.status, body: (await res.json()) as Body };
  };
  const post = async (p: string, json: unknown) => {
    const res = await fetch(`${t.api.url}${p}`, {
      method: 'POST',
      headers: { ...auth(), 'content-type': 'application/json' },
      body: JSON.stringify(json),
    });
    return { status: res.status, body: (await res.json()) as Body };
  };

  /** A candidate with one interview on `date` 10:00–11:00, Ana (by e-mail, any case) and Vera invited, Beto scheduled it. */
  async function interview(date: string, plaza = vacancy) {
    seq++;
    const c = await t.api.db
      .insertInto('postulantes')
      .values({
        plaza_id: plaza,
        nombre: `Elena Evaluada ${seq}`,
        cui: null,
        email: `elena${seq}@example.com`,
        estado: 'entrevista',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const i = await t.api.db
      .insertInto('entrevistas')
      .values({
        postulante_id: c.id,
        modalidad: 'PRESENCIAL',
        fecha: date,
        hora_inicio: '10:00',
        hora_fin: '11:00',
        participantes_json: JSON.stringify([
          'Ana.Evaluadora@ejemplo.org.gt',
          'vera.vista@ejemplo.org.gt',
          'externo@example.com',
        ]),
        observaciones: null,
        sede_id: null,
        direccion: null,
        sala: null,
        entrevistador: null,
        enlace: null,
        organizador_email: 'beto.evaluador@ejemplo.org.gt',
        usuario_id: beto,
        calendario_uid: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { candidate: c.id, interview: i.id };
  }
  const card = (over: Record<string, unknown> = {}) => ({
    calificaciones: ratings(DEFAULT_SCORECARD_CRITERIA),
    recomendacion: 'CONTRATAR',
    comentarios: 'Buena comunicación',
    ...over,
  });
  const as = (userId: number, rol = 2) => ({ usuarioId: userId, rol });

  it('refuses role 3, non-participants and an interview that has not started, in Spanish', async () => {
    const past = await interview(inDays(-1));
    const future = await interview(inDays(2));
    const viewer = await post(`/internal/entrevistas/${past.interview}/evaluacion`, { ...card(), ...as(vera, 3) });
    expect(viewer).toMatchObject({ status: 403, body: { message: M.notAllowed } });
    const stranger = await t.api.db
      .insertInto('usuarios')
      .values({ nombre: 'Ajeno', usuario: `ajeno${seq}@ejemplo.org.gt`, clave_hash: null, idrol: 2 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const outsider = await post(`/internal/entrevistas/${past.interview}/evaluacion`, {
      ...card(),
      ...as(stranger.id),
    });
    expect(outsider).toMatchObject({ status: 403, body: { message: M.notParticipant } });
    const early = await post(`/internal/entrevistas/${future.interview}/evaluacion`, { ...card(), ...as(ana) });
    expect(early).toMatchObject({ status: 409, body: { message: M.notStarted } });
    const missing = await post(`/internal/entrevistas/999999/evaluacion`, { ...card(), ...as(ana) });
    expect(missing).toMatchObject({ status: 404, body: { message: M.interviewNotFound } });
    expect(await t.api.db.selectFrom('entrevista_evaluaciones').selectAll().execute()).toHaveLength(0);
  }, 60_000);

  it('validates ratings, recommendation and comments with the domain messages', async () => {
    const { interview: id } = await interview(inDays(-1));
    const url = `/internal/entrevistas/${id}/evaluacion`;
    const missing = await post(url, {
      ...card({ calificaciones: ratings(DEFAULT_SCORECARD_CRITERIA).slice(1) }),
      ...as(ana),
    });
    expect(missing).toMatchObject({ status: 400, body: { message: M.ratingRequired(DEFAULT_SCORECARD_CRITERIA[0]) } });
    const outOfRange = await post(url, {
      ...card({ calificaciones: ratings(DEFAULT_SCORECARD_CRITERIA, 6) }),
      ...as(ana),
    });
    expect(outOfRange).toMatchObject({ status: 400, body: { message: M.ratingInvalid } });
    const recommendation = await post(url, { ...card({ recomendacion: 'QUIZA' }), ...as(ana) });
    expect(recommendation).toMatchObject({ status: 400, body: { message: M.recommendationRequired } });
    const long = await post(url, { ...card({ comentarios: 'x'.repeat(SCORECARD_LIMITS.comments + 1) }), ...as(ana) });
    expect(long).toMatchObject({ status: 400, body: { message: M.commentsTooLong } });
    const extra = await post(url, {
      ...card({ calificaciones: [...ratings(DEFAULT_SCORECARD_CRITERIA), { criterio: 'Otro', puntaje: 3 }] }),
      ...as(ana),
    });
    expect(extra).toMatchObject({ status: 400, body: { message: M.criteriaMismatch } });
  }, 60_000);

  it('saves a card, updates the own card, averages and audits without the comments', async () => {
    const { candidate, interview: id } = await interview(inDays(-1), custom);
    const url = `/internal/entrevistas/${id}/evaluacion`;
    const criteria = ['Liderazgo', 'Inglés'];
    const first = await post(url, {
      calificaciones: [
        { criterio: 'Liderazgo', puntaje: 5 },
        { criterio: 'Inglés', puntaje: 3 },
      ],
      recomendacion: 'DUDOSO',
      comentarios: '  Confidencial  ',
      ...as(ana),
    });
    expect(first.status).toBe(201);
    expect(first.body.evaluacion).toMatchObject({
      entrevistaId: id,
      usuarioId: ana,
      autor: 'Ana Evaluadora',
      recomendacion: 'DUDOSO',
      comentarios: 'Confidencial',
      editadoEn: null,
    });
    const again = await post(url, {
      calificaciones: [
        { criterio: 'Liderazgo', puntaje: 4 },
        { criterio: 'Inglés', puntaje: 4 },
      ],
      recomendacion: 'CONTRATAR',
      comentarios: null,
      ...as(ana),
    });
    expect(again.status).toBe(200);
    expect(again.body.evaluacion).toMatchObject({ id: first.body.evaluacion.id, recomendacion: 'CONTRATAR' });
    expect(again.body.evaluacion.editadoEn).toMatch(/Z$/);
    // Beto scheduled it (not invited by e-mail): he fills his own card.
    const beto1 = await post(url, {
      calificaciones: [
        { criterio: 'Liderazgo', puntaje: 2 },
        { criterio: 'Inglés', puntaje: 1 },
      ],
      recomendacion: 'NO_CONTRATAR',
      ...as(beto, 1),
    });
    expect(beto1.status).toBe(201);

    const list = await get(`/internal/candidatos/${candidate}/evaluaciones`);
    expect(list.status).toBe(200);
    const entry = list.body.entrevistas[0];
    expect(entry).toMatchObject({ entrevistaId: id, criterios: criteria, iniciada: true });
    expect([...entry.evaluadores].sort()).toEqual([ana, beto].sort());
    expect(entry.evaluaciones).toHaveLength(2);
    expect(entry.resumen).toEqual({
      count: 2,
      criteria: [
        { criterion: 'Liderazgo', average: 3 },
        { criterion: 'Inglés', average: 2.5 },
      ],
      overall: 2.75,
      recommendations: { CONTRATAR: 1, NO_CONTRATAR: 1, DUDOSO: 0 },
    });

    const audit = await t.api.db
      .selectFrom('auditoria')
      .select(['accion', 'objetivo_tipo', 'objetivo_id', 'detalle', 'actor_id'])
      .where('accion', '=', 'evaluacion.registrar')
      .where('objetivo_id', '=', String(candidate))
      .orderBy('id')
      .execute();
    expect(audit).toHaveLength(3);
    expect(audit[0]).toMatchObject({
      objetivo_tipo: 'postulante',
      detalle: { entrevistaId: id, evaluacionId: first.body.evaluacion.id, recomendacion: 'DUDOSO', edicion: false },
    });
    expect(audit[1]!.detalle).toMatchObject({ recomendacion: 'CONTRATAR', edicion: true });
    expect(JSON.stringify(audit)).not.toContain('Confidencial');

    const none = await get(`/internal/candidatos/${(await interview(inDays(3))).candidate}/evaluaciones`);
    expect(none.body.entrevistas[0]).toMatchObject({
      iniciada: false,
      evaluaciones: [],
      resumen: { count: 0, overall: null },
    });
    expect((await get('/internal/candidatos/999999/evaluaciones')).status).toBe(404);
  }, 60_000);

  it('reminds each participant without a card once after the end, and waits for a rescheduled end', async () => {
    const date = inDays(5);
    const end = guatemalaToInstant(date, '11:00')!;
    const { candidate, interview: id } = await interview(date);
    const publicUrl = 'https://empleos.ejemplo.org.gt';
    const reminders = async () =>
      t.api.db
        .selectFrom('correos_salientes')
        .select(['destinatario', 'asunto', 'texto'])
        .where('plantilla', '=', SCORECARD_REMINDER_TEMPLATE_KEY)
        .where('postulante_id', '=', candidate)
        .orderBy('id')
        .execute();

    // Before the end: nothing.
    await sweepScorecardReminders({ db: t.api.db, publicUrl, now: () => new Date(end.getTime() - 60_000) });
    expect(await reminders()).toHaveLength(0);

    // Ana fills her card while it runs: only Beto (who scheduled it) is reminded; never Vera (role 3).
    await t.api.db
      .insertInto('entrevista_evaluaciones')
      .values({
        entrevista_id: id,
        usuario_id: ana,
        usuario_nombre: 'Ana Evaluadora',
        calificaciones_json: JSON.stringify(ratings(DEFAULT_SCORECARD_CRITERIA)),
        recomendacion: 'CONTRATAR',
        comentarios: null,
      })
      .execute();
    const after = () => new Date(end.getTime() + 10 * 60_000);
    // Two replicas sweeping at once, then again later: one e-mail.
    await Promise.all([
      sweepScorecardReminders({ db: t.api.db, publicUrl, now: after }),
      sweepScorecardReminders({ db: t.api.db, publicUrl, now: after }),
    ]);
    await sweepScorecardReminders({ db: t.api.db, publicUrl, now: () => new Date(end.getTime() + 3_600_000) });
    const sent = await reminders();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.destinatario).toBe('beto.evaluador@ejemplo.org.gt');
    expect(sent[0]!.asunto).toBe(`Evaluación pendiente: entrevista con Elena Evaluada ${seq}`);
    expect(sent[0]!.texto).toContain('Hola, Beto Evaluador:');
    expect(sent[0]!.texto).toContain(`${publicUrl}/panel/detallecandidato/${candidate}`);

    // Rescheduled (a newer row of the same application): the reminder waits for the new end.
    const moved = await interview(inDays(6));
    const newer = await t.api.db
      .insertInto('entrevistas')
      .values({
        postulante_id: moved.candidate,
        modalidad: 'VIRTUAL',
        fecha: inDays(8),
        hora_inicio: '09:00',
        hora_fin: '09:30',
        participantes_json: JSON.stringify(['ana.evaluadora@ejemplo.org.gt']),
        observaciones: null,
        sede_id: null,
        direccion: null,
        sala: null,
        entrevistador: null,
        enlace: null,
        organizador_email: 'beto.evaluador@ejemplo.org.gt',
        usuario_id: beto,
        calendario_uid: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const oldEnd = guatemalaToInstant(inDays(6), '11:00')!;
    await sweepScorecardReminders({ db: t.api.db, publicUrl, now: () => new Date(oldEnd.getTime() + 60_000) });
    const movedMails = () =>
      t.api.db
        .selectFrom('correos_salientes')
        .select('destinatario')
        .where('plantilla', '=', SCORECARD_REMINDER_TEMPLATE_KEY)
        .where('postulante_id', '=', moved.candidate)
        .execute();
    expect(await movedMails()).toHaveLength(0);
    const newEnd = guatemalaToInstant(inDays(8), '09:30')!;
    await sweepScorecardReminders({ db: t.api.db, publicUrl, now: () => new Date(newEnd.getTime() + 60_000) });
    expect((await movedMails()).map((m) => m.destinatario).sort()).toEqual([
      'ana.evaluadora@ejemplo.org.gt',
      'beto.evaluador@ejemplo.org.gt',
    ]);
    const rows = await t.api.db
      .selectFrom('entrevista_recordatorios')
      .select('entrevista_id')
      .where('entrevista_id', '=', newer.id)
      .execute();
    expect(rows).toHaveLength(2);
  }, 60_000);
  it("edits a vacancy's criteria (roles 1–2, audited); empty means the default set", async () => {
    const url = `/internal/plazas/${vacancy}/criterios-evaluacion`;
    expect((await get(url)).body).toEqual({ criterios: [] });
    const viewer = await post(url, { criterios: ['Inglés'], ...as(vera, 3) });
    expect(viewer).toMatchObject({ status: 403, body: { message: M.notAllowed } });
    const repeated = await post(url, { criterios: ['Inglés', ' inglés '], ...as(ana) });
    expect(repeated).toMatchObject({ status: 400, body: { message: M.criteriaRepeated } });
    const long = await post(url, { criterios: ['x'.repeat(SCORECARD_LIMITS.criterionName + 1)], ...as(ana) });
    expect(long).toMatchObject({ status: 400, body: { message: M.criterionTooLong } });
    const saved = await post(url, { criterios: ['  Inglés   técnico ', 'Liderazgo'], ...as(ana) });
    expect(saved).toMatchObject({ status: 200, body: { criterios: ['Inglés técnico', 'Liderazgo'] } });
    const { candidate } = await interview(inDays(-1));
    expect((await get(`/internal/candidatos/${candidate}/evaluaciones`)).body.entrevistas[0].criterios).toEqual([
      'Inglés técnico',
      'Liderazgo',
    ]);
    const audit = await t.api.db
      .selectFrom('auditoria')
      .select(['detalle'])
      .where('accion', '=', 'plaza.editar')
      .where('objetivo_id', '=', String(vacancy))
      .execute();
    expect(audit.map((a) => a.detalle)).toContainEqual({ criteriosEvaluacion: 2 });
    expect((await post(url, { criterios: [], ...as(ana) })).body.criterios).toEqual([]);
    expect((await post('/internal/plazas/999999/criterios-evaluacion', { criterios: [], ...as(ana) })).status).toBe(
      404,
    );
  }, 60_000);
});
