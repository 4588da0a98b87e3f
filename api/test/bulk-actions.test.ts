import { BULK_MESSAGES, TRANSITION_MESSAGES } from '@bolsa/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordingClient } from './support/client.js';
import { databases, type TestApi } from './support/databases.js';

const PATH = '/internal/candidatos/cambio-masivo';

describe.each(databases)('bulk state changes on $name (issue 23)', ({ start }) => {
  let t: TestApi;
  const api = recordingClient(() => t);
  let serial = 0;
  let plazaId = 0;
  let otherPlazaId = 0;
  let staffId = 0;

  const insert = async (estado: string, extra: { email?: string | null; nombre?: string; plaza?: number } = {}) => {
    const email = extra.email === undefined ? `bulk.${++serial}@example.com` : extra.email;
    const { id } = await t.api.db
      .insertInto('postulantes')
      .values({
        plaza_id: extra.plaza ?? plazaId,
        nombre: extra.nombre ?? `Masiva ${serial}`,
        cui: null,
        email,
        estado,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  };
  const stateOf = async (id: number) =>
    (await t.api.db.selectFrom('postulantes').select('estado').where('id', '=', id).executeTakeFirstOrThrow()).estado;
  const mailsOf = async (ids: number[]) =>
    t.api.db
      .selectFrom('correos_salientes')
      .select(['postulante_id', 'plantilla', 'texto'])
      .where('postulante_id', 'in', ids)
      .execute();
  const historyOf = async (ids: number[]) =>
    t.api.db.selectFrom('postulantes_historial').selectAll().where('postulante_id', 'in', ids).execute();

  beforeAll(async () => {
    t = await start();
    const plazas = await t.api.db.selectFrom('plazas').select('id').orderBy('id').limit(2).execute();
    plazaId = plazas[0]!.id;
    otherPlazaId = plazas[1]!.id;
    staffId = (await t.api.db.selectFrom('usuarios').select('id').where('idrol', '=', 2).executeTakeFirstOrThrow()).id;
  }, 180_000);
  afterAll(async () => t?.close());

  it('moves 2 of 3 through the state machine, refuses the illegal one with its reason, and queues exactly 2 e-mails', async () => {
    const a = await insert('postulado');
    const b = await insert('postulado');
    const c = await insert('entrevista');
    const res = await api.post(PATH, { ids: [a, b, c], nuevoEstado: 'en seguimiento', rol: 2, usuarioId: staffId });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, simulado: false, total: 3 });
    expect(res.body.resultados).toEqual([
      expect.objectContaining({
        id: a,
        resultado: 'movido',
        estadoAnterior: 'postulado',
        estadoNuevo: 'en seguimiento',
        correoEncolado: true,
      }),
      expect.objectContaining({ id: b, resultado: 'movido', correoEncolado: true }),
      expect.objectContaining({
        id: c,
        resultado: 'no-permitido',
        estadoAnterior: 'entrevista',
        correoEncolado: false,
        mensaje: TRANSITION_MESSAGES.notAllowed,
      }),
    ]);
    expect([await stateOf(a), await stateOf(b), await stateOf(c)]).toEqual([
      'en seguimiento',
      'en seguimiento',
      'entrevista',
    ]);
    const mails = await mailsOf([a, b, c]);
    expect(mails.map((m) => m.postulante_id).sort()).toEqual([a, b].sort());
    expect(mails.every((m) => m.plantilla === 'estado-en-seguimiento')).toBe(true);
    // The same history rows as a single move, with who moved them.
    expect(await historyOf([a, b, c])).toHaveLength(2);
    expect((await historyOf([a])).at(0)).toMatchObject({ usuario_id: staffId, estado_nuevo: 'en seguimiento' });

    // Retrying the same action is harmless: nobody moves twice, no second e-mail.
    const again = await api.post(PATH, { ids: [a, b, c], nuevoEstado: 'en seguimiento', rol: 2, usuarioId: staffId });
    expect(again.status).toBe(200);
    expect(again.body.resultados.map((r: { resultado: string }) => r.resultado)).toEqual([
      'sin-cambios',
      'sin-cambios',
      'no-permitido',
    ]);
    expect(again.body.resultados[0].mensaje).toBe(BULK_MESSAGES.unchanged('en seguimiento'));
    expect(await mailsOf([a, b, c])).toHaveLength(2);
    expect(await historyOf([a, b, c])).toHaveLength(2);
  }, 60_000);

  it('a dry run answers what would happen and changes nothing (the confirmation counts)', async () => {
    const a = await insert('post-pruebas');
    const b = await insert('post-pruebas', { email: null });
    const c = await insert('contratado');
    const res = await api.post(PATH, {
      ids: [a, b, c, 2_000_000_000],
      nuevoEstado: 'entrevista',
      simular: true,
      rol: 1,
    });
    expect(res.status).toBe(200);
    expect(res.body.simulado).toBe(true);
    expect(
      res.body.resultados.map((r: { resultado: string; correoEncolado: boolean }) => [r.resultado, r.correoEncolado]),
    ).toEqual([
      ['movido', true],
      ['movido', false],
      ['no-permitido', false],
      ['no-encontrado', false],
    ]);
    expect([await stateOf(a), await stateOf(b)]).toEqual(['post-pruebas', 'post-pruebas']);
    expect(await mailsOf([a, b, c])).toHaveLength(0);
    expect(await historyOf([a, b, c])).toHaveLength(0);
  }, 60_000);

  it('rejects with the reason in each e-mail; already rejected rows are reported unchanged', async () => {
    const a = await insert('pre-pruebas');
    const b = await insert('rechazado');
    const res = await api.post(PATH, {
      ids: [a, b],
      nuevoEstado: 'rechazado',
      mensaje: 'Perfil cubierto por otra sede',
      rol: 2,
    });
    expect(res.status).toBe(200);
    expect(res.body.resultados.map((r: { resultado: string }) => r.resultado)).toEqual(['movido', 'sin-cambios']);
    const mails = await mailsOf([a, b]);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.texto).toContain('Perfil cubierto por otra sede');
  }, 60_000);

  it('acts on every row matching a list filter (vacancy and search), and refuses more than 500', async () => {
    const x = await insert('postulado', { nombre: 'Zacarías Filtro Uno', plaza: otherPlazaId });
    const y = await insert('postulado', { nombre: 'Zacarías Filtro Dos', plaza: otherPlazaId });
    await insert('postulado', { nombre: 'Otro Nombre', plaza: otherPlazaId });
    const filtro = { lista: 'plaza', plazaId: otherPlazaId, busqueda: 'zacarias filtro' };
    const res = await api.post(PATH, { filtro, nuevoEstado: 'en seguimiento', rol: 2 });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(2);
    expect(res.body.resultados.map((r: { id: number }) => r.id).sort()).toEqual([x, y].sort());
    expect(await mailsOf([x, y])).toHaveLength(2);

    // 501 ids: refused whole, with the domain's message; nothing read, nothing moved.
    const ids = Array.from({ length: 501 }, (_, i) => i + 1);
    const over = await api.post(PATH, { ids, nuevoEstado: 'rechazado', rol: 1 });
    expect(over.status).toBe(400);
    expect(over.body).toMatchObject({ message: BULK_MESSAGES.tooMany(501), codigo: 'limite_excedido', total: 501 });

    // A filter matching 501 rows: refused the same way.
    const values = Array.from({ length: 501 }, (_, i) => ({
      plaza_id: otherPlazaId,
      nombre: `Lote Grande ${i}`,
      cui: null,
      email: null,
      estado: 'postulado',
    }));
    await t.api.db.insertInto('postulantes').values(values).execute();
    const big = await api.post(PATH, {
      filtro: { lista: 'plaza', plazaId: otherPlazaId, busqueda: 'lote grande' },
      nuevoEstado: 'rechazado',
      rol: 1,
    });
    expect(big.status).toBe(400);
    expect(big.body).toMatchObject({ message: BULK_MESSAGES.tooMany(501), total: 501 });
    const stillApplied = await t.api.db
      .selectFrom('postulantes')
      .select('id')
      .where('nombre', 'like', 'Lote Grande %')
      .where('estado', '=', 'postulado')
      .execute();
    expect(stillApplied).toHaveLength(501);
  }, 120_000);

  it('refuses role 3 whole (403) and changes nothing', async () => {
    const a = await insert('postulado');
    const res = await api.post(PATH, { ids: [a], nuevoEstado: 'en seguimiento', rol: 3 });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(BULK_MESSAGES.forbidden);
    expect(await stateOf(a)).toBe('postulado');
    expect(await mailsOf([a])).toHaveLength(0);
  }, 60_000);

  it('refuses a hire (it needs its own dialog), both ids and filter, and malformed input, in Spanish', async () => {
    const a = await insert('inducción');
    const hire = await api.post(PATH, { ids: [a], nuevoEstado: 'contratado', rol: 1 });
    expect(hire.status).toBe(400);
    expect(hire.body.message).toBe(BULK_MESSAGES.targetInvalid);
    const both = await api.post(PATH, { ids: [a], filtro: { lista: 'activos' }, nuevoEstado: 'rechazado' });
    expect(both.body.message).toBe(BULK_MESSAGES.idsOrFilter);
    const bad = await api.post(PATH, { ids: ['x'], nuevoEstado: 'rechazado' });
    expect(bad.body.message).toBe(BULK_MESSAGES.idsInvalid);
    const none = await api.post(PATH, { ids: [], nuevoEstado: 'rechazado' });
    expect(none.body.message).toBe(BULK_MESSAGES.empty);
    expect(await stateOf(a)).toBe('inducción');
  }, 60_000);
});
