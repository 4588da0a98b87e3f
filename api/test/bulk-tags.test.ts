import { CANDIDATE_LIST_FILTER_MESSAGES } from '@bolsa/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordingClient } from './support/client.js';
import { databases, type TestApi } from './support/databases.js';
import { makeVacancies } from './support/application.js';

const MOVE = '/internal/candidatos/cambio-masivo';

describe.each(databases)('bulk actions and the tag filter on $name (issue 23)', ({ start }) => {
  let t: TestApi;
  const api = recordingClient(() => t);
  let serial = 0;
  let plazaId = 0;
  let staffId = 0;

  const insert = async (nombre: string, estado = 'postulado') => {
    const { id } = await t.api.db
      .insertInto('postulantes')
      .values({ plaza_id: plazaId, nombre, cui: null, email: `bulktags.${++serial}@example.com`, estado })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  };
  const tag = async (nombre: string) =>
    (
      await t.api.db
        .insertInto('etiquetas')
        .values({ nombre, clave: nombre.toLowerCase(), color: 'blue', creado_por: null })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const put = (candidate: number, etiqueta: number) =>
    t.api.db
      .insertInto('postulante_etiquetas')
      .values({ postulante_id: candidate, etiqueta_id: etiqueta, asignada_por: null })
      .execute();
  const stateOf = async (id: number) =>
    (await t.api.db.selectFrom('postulantes').select('estado').where('id', '=', id).executeTakeFirstOrThrow()).estado;

  beforeAll(async () => {
    t = await start();
    // A vacancy of its own: the other rows of the database never match.
    plazaId = (await makeVacancies(t.api.db)).second;
    staffId = (await t.api.db.selectFrom('usuarios').select('id').where('idrol', '=', 2).executeTakeFirstOrThrow()).id;
  }, 180_000);
  afterAll(async () => t?.close());

  it('a bulk move over "every row matching the filter" honours the tag filter: only tagged rows move', async () => {
    const segunda = await tag('Segunda entrevista masiva');
    const a = await insert('Tagged Uno');
    const b = await insert('Tagged Dos');
    const c = await insert('Sin Etiqueta');
    await put(a, segunda);
    await put(b, segunda);
    const filtro = { lista: 'plaza', plazaId, etiquetas: [segunda] };
    const dry = await api.post(MOVE, { filtro, nuevoEstado: 'en seguimiento', simular: true, rol: 2 });
    expect(dry.status).toBe(200);
    expect(dry.body.total).toBe(2);
    const res = await api.post(MOVE, { filtro, nuevoEstado: 'en seguimiento', rol: 2, usuarioId: staffId });
    expect(res.status).toBe(200);
    expect(res.body.resultados.map((r: { id: number }) => r.id).sort()).toEqual([a, b].sort());
    expect([await stateOf(a), await stateOf(b), await stateOf(c)]).toEqual([
      'en seguimiento',
      'en seguimiento',
      'postulado',
    ]);
    // The same filter's rules as the lists': more than 10 tags, or not ids, is refused in Spanish.
    const many = await api.post(MOVE, {
      filtro: { ...filtro, etiquetas: Array.from({ length: 11 }, (_, i) => i + 1) },
      nuevoEstado: 'rechazado',
      rol: 2,
    });
    expect(many.status).toBe(400);
    expect(many.body.message).toBe(CANDIDATE_LIST_FILTER_MESSAGES.tooManyTags);
    const bad = await api.post(MOVE, { filtro: { ...filtro, etiquetas: ['x'] }, nuevoEstado: 'rechazado', rol: 2 });
    expect(bad.body.message).toBe(CANDIDATE_LIST_FILTER_MESSAGES.tagsInvalid);
    const noList = await api.post(MOVE, { filtro: { lista: 'otra' }, nuevoEstado: 'rechazado', rol: 2 });
    expect(noList.body.message).toBe(CANDIDATE_LIST_FILTER_MESSAGES.listInvalid);
  }, 60_000);
});
