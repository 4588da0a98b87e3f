import { BULK_MESSAGES, BULK_TAG_MESSAGES, CANDIDATE_LIST_FILTER_MESSAGES, TAG_LIMITS } from '@bolsa/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordingClient } from './support/client.js';
import { databases, type TestApi } from './support/databases.js';
import { makeVacancies } from './support/application.js';

const MOVE = '/internal/candidatos/cambio-masivo';
const TAGS = '/internal/candidatos/etiquetas-masivo';

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
  const tagsOf = async (candidate: number) =>
    (
      await t.api.db
        .selectFrom('postulante_etiquetas')
        .select('etiqueta_id')
        .where('postulante_id', '=', candidate)
        .orderBy('etiqueta_id')
        .execute()
    ).map((r) => r.etiqueta_id);
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

  it('adds a tag to every selected row, per row: changed, unchanged (already had it), refused at the limit', async () => {
    const nocturna = await tag('Enfermería nocturna masiva');
    const a = await insert('Etiquetar Uno');
    const b = await insert('Etiquetar Dos');
    const full = await insert('Etiquetar Lleno');
    await put(b, nocturna);
    // `full` carries the most tags a candidate may have.
    for (let i = 0; i < TAG_LIMITS.perCandidate; i++) await put(full, await tag(`Llena ${i}`));
    const before = await tagsOf(full);

    const dry = await api.post(TAGS, { ids: [a, b, full], agregar: [nocturna], simular: true, rol: 2 });
    expect(dry.status).toBe(200);
    expect(dry.body).toMatchObject({ simulado: true, total: 3 });
    expect(dry.body.resultados.map((r: { resultado: string }) => r.resultado)).toEqual([
      'cambiado',
      'sin-cambios',
      'no-permitido',
    ]);
    expect(await tagsOf(a)).toEqual([]);

    const res = await api.post(TAGS, { ids: [a, b, full, 99999999], agregar: [nocturna], rol: 2, usuarioId: staffId });
    expect(res.status).toBe(200);
    expect(res.body.resultados).toEqual([
      {
        id: a,
        nombre: 'Etiquetar Uno',
        resultado: 'cambiado',
        etiquetaIds: [nocturna],
        mensaje: BULK_TAG_MESSAGES.changed,
      },
      expect.objectContaining({ id: b, resultado: 'sin-cambios', mensaje: BULK_TAG_MESSAGES.unchanged('add') }),
      expect.objectContaining({ id: full, resultado: 'no-permitido', mensaje: BULK_TAG_MESSAGES.limit }),
      expect.objectContaining({ id: 99999999, resultado: 'no-encontrado' }),
    ]);
    expect(await tagsOf(a)).toEqual([nocturna]);
    expect(await tagsOf(full)).toEqual(before);
    const who = await t.api.db
      .selectFrom('postulante_etiquetas')
      .select('asignada_por')
      .where('postulante_id', '=', a)
      .executeTakeFirstOrThrow();
    expect(who.asignada_por).toBe(staffId);

    // Retrying is harmless: nobody changes twice.
    const again = await api.post(TAGS, { ids: [a, b], agregar: [nocturna], rol: 2 });
    expect(again.body.resultados.map((r: { resultado: string }) => r.resultado)).toEqual([
      'sin-cambios',
      'sin-cambios',
    ]);
  }, 60_000);

  it('removes tags from every row matching a tag-filtered list, and refuses role 3, no tags, unknown tags and > 500', async () => {
    const quitar = await tag('Quitar masiva');
    const otra = await tag('Otra masiva');
    const a = await insert('Quitar Uno');
    const b = await insert('Quitar Dos');
    const c = await insert('Quitar Tres');
    await put(a, quitar);
    await put(a, otra);
    await put(b, quitar);
    await put(c, otra);
    const filtro = { lista: 'plaza', plazaId, etiquetas: [quitar] };

    const viewer = await api.post(TAGS, { filtro, quitar: [quitar], rol: 3 });
    expect(viewer.status).toBe(403);
    expect(viewer.body.message).toBe(BULK_TAG_MESSAGES.forbidden);
    expect(await tagsOf(b)).toEqual([quitar]);

    const res = await api.post(TAGS, { filtro, quitar: [quitar], rol: 1 });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(2);
    expect(res.body.resultados.map((r: { id: number }) => r.id).sort()).toEqual([a, b].sort());
    expect([await tagsOf(a), await tagsOf(b), await tagsOf(c)]).toEqual([[otra], [], [otra]]);

    const none = await api.post(TAGS, { ids: [a], rol: 2 });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe(BULK_TAG_MESSAGES.noTags);
    const unknown = await api.post(TAGS, { ids: [a], agregar: [99999999], rol: 2 });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(BULK_TAG_MESSAGES.unknownTag);
    const over = await api.post(TAGS, { ids: Array.from({ length: 501 }, (_, i) => i + 1), agregar: [otra], rol: 2 });
    expect(over.status).toBe(400);
    expect(over.body).toMatchObject({ message: BULK_MESSAGES.tooMany(501), codigo: 'limite_excedido', total: 501 });
  }, 60_000);

  const exportLines = (text: string) =>
    text
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { id: number; inputNombre: string; etiquetas: string[] });

  it("exports the selected rows (ids) in their order, each with its tags' names, recorded as N selected", async () => {
    const zeta = await tag('Zeta exportada');
    const alfa = await tag('Alfa exportada');
    const a = await insert('Exportar Uno');
    const b = await insert('Exportar Dos');
    await insert('Exportar No Elegido');
    await put(a, zeta);
    await put(a, alfa);
    const res = await api.get(
      `/internal/exportaciones/candidatos?lista=vacancy&plazaId=${plazaId}&ids=${b},${a},99999999&formato=csv&rol=2&usuarioId=${staffId}`,
    );
    expect(res.status).toBe(200);
    expect(res.headers['x-total-count']).toBe('2');
    const rows = exportLines(res.text);
    expect(rows.map((r) => [r.id, r.etiquetas])).toEqual([
      [b, []],
      [a, ['Alfa exportada', 'Zeta exportada']],
    ]);
    const log = await api.get('/internal/exportaciones?page=1&pageSize=1');
    expect(log.body.items[0]).toMatchObject({ lista: 'vacancy', filas: 2, seleccionados: 3, busqueda: null });

    // A list's export (no ids) carries the tags too, and is recorded without a selection.
    const all = await api.get(
      `/internal/exportaciones/candidatos?lista=vacancy&plazaId=${plazaId}&etiquetas=${zeta}&formato=xlsx&rol=1`,
    );
    expect(exportLines(all.text).map((r) => [r.id, r.etiquetas])).toEqual([[a, ['Alfa exportada', 'Zeta exportada']]]);
    expect((await api.get('/internal/exportaciones?page=1&pageSize=1')).body.items[0].seleccionados).toBeNull();

    const bad = await api.get(`/internal/exportaciones/candidatos?lista=inbox&ids=x&formato=csv&rol=1`);
    expect(bad.status).toBe(400);
    const many = Array.from({ length: 501 }, (_, i) => i + 1).join(',');
    const over = await api.get(`/internal/exportaciones/candidatos?lista=inbox&ids=${many}&formato=csv&rol=1`);
    expect(over.status).toBe(400);
    expect(over.body.message).toBe(BULK_MESSAGES.tooMany(501));
  }, 60_000);

  it('acts on exactly 500 rows at once (the limit), each through the rule', async () => {
    const big = await tag('Quinientos masiva');
    const values = Array.from({ length: 500 }, (_, i) => ({
      plaza_id: plazaId,
      nombre: `Quinientos ${i}`,
      cui: null,
      email: null,
      estado: 'postulado',
    }));
    const ids = (await t.api.db.insertInto('postulantes').values(values).returning('id').execute()).map((r) => r.id);
    const res = await api.post(TAGS, { ids, agregar: [big], rol: 2 });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(500);
    expect(res.body.resultados.every((r: { resultado: string }) => r.resultado === 'cambiado')).toBe(true);
    const tagged = await t.api.db
      .selectFrom('postulante_etiquetas')
      .select(({ fn }) => fn.countAll<number>().as('n'))
      .where('etiqueta_id', '=', big)
      .executeTakeFirstOrThrow();
    expect(Number(tagged.n)).toBe(500);
  }, 120_000);
});
