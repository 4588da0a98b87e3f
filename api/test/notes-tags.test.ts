import { GENERIC_MESSAGES, NOTE_LIMITS, NOTE_MESSAGES, TAG_LIMITS, TAG_MESSAGES } from '@bolsa/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validCui } from './support/client.js';
import { databases, type TestApi } from './support/databases.js';
import { makeVacancies } from './support/application.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = Record<string, any>;

describe.each(databases)('notes and tags on candidates (issue 23) on $name', ({ start }) => {
  let t: TestApi;
  let vacancy = 0;
  let other = 0;
  let ana = 0;
  let beto = 0;
  let seq = 0;

  beforeAll(async () => {
    t = await start();
    const v = await makeVacancies(t.api.db);
    vacancy = v.open;
    other = v.second;
    const staff = await t.api.db
      .insertInto('usuarios')
      .values([
        { nombre: 'Ana Gestora', usuario: 'ana.gestora@ejemplo.org.gt', clave_hash: null, idrol: 2 },
        { nombre: 'Beto Gestor', usuario: 'beto.gestor@ejemplo.org.gt', clave_hash: null, idrol: 2 },
      ])
      .returning('id')
      .execute();
    ana = staff[0]!.id;
    beto = staff[1]!.id;
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

  async function candidate(over: { plaza?: number; estado?: string; userId?: number | null } = {}) {
    seq++;
    const row = await t.api.db
      .insertInto('postulantes')
      .values({
        plaza_id: over.plaza ?? vacancy,
        nombre: `Carmen Etiqueta ${seq}`,
        cui: validCui(String(71000000 + seq * 17)),
        email: `carmen${seq}@example.com`,
        estado: over.estado ?? 'postulado',
        usuario_candidato_id: over.userId ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }
  const as = (userId: number, rol = 2) => ({ usuarioId: userId, rol });

  describe('notes', () => {
    it('adds, lists newest first, edits and deletes a note; only its author may change it', async () => {
      const c = await candidate();
      const first = await post(`/internal/candidatos/${c}/notas`, { texto: '  Llamada: disponible  ', ...as(ana) });
      expect(first.status).toBe(201);
      expect(first.body).toMatchObject({ success: true, message: NOTE_MESSAGES.added });
      expect(first.body.nota).toMatchObject({
        postulanteId: c,
        texto: 'Llamada: disponible',
        usuarioId: ana,
        editadoEn: null,
      });
      expect(first.body.nota.creadoEn).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      await post(`/internal/candidatos/${c}/notas`, { texto: 'Segunda\nlínea', ...as(beto) });

      const list = await get(`/internal/candidatos/${c}/notas`);
      expect(list.status).toBe(200);
      expect(list.body.notas.map((n: Body) => n.texto)).toEqual(['Segunda\nlínea', 'Llamada: disponible']);

      const id = first.body.nota.id;
      const foreign = await post(`/internal/notas/${id}`, { texto: 'Cambiada', ...as(beto) });
      expect(foreign).toMatchObject({ status: 403, body: { message: NOTE_MESSAGES.notYours } });
      const foreignDelete = await post(`/internal/notas/${id}/eliminar`, as(beto));
      expect(foreignDelete).toMatchObject({ status: 403, body: { message: NOTE_MESSAGES.notYours } });

      const edited = await post(`/internal/notas/${id}`, { texto: 'Cambiada', ...as(ana) });
      expect(edited.status).toBe(200);
      expect(edited.body.nota).toMatchObject({ texto: 'Cambiada', usuarioId: ana });
      expect(edited.body.nota.editadoEn).toEqual(expect.any(String));

      const deleted = await post(`/internal/notas/${id}/eliminar`, as(ana));
      expect(deleted).toMatchObject({ status: 200, body: { success: true, message: NOTE_MESSAGES.deleted } });
      expect((await get(`/internal/candidatos/${c}/notas`)).body.notas).toHaveLength(1);
      expect(await post(`/internal/notas/${id}/eliminar`, as(ana))).toMatchObject({
        status: 404,
        body: { message: NOTE_MESSAGES.notFound },
      });
    }, 30_000);

    it('refuses an empty or too long note, a viewer, and an unknown candidate, with Spanish messages', async () => {
      const c = await candidate();
      expect(await post(`/internal/candidatos/${c}/notas`, { texto: '   ', ...as(ana) })).toMatchObject({
        status: 400,
        body: { message: NOTE_MESSAGES.required },
      });
      expect(
        await post(`/internal/candidatos/${c}/notas`, { texto: 'x'.repeat(NOTE_LIMITS.text + 1), ...as(ana) }),
      ).toMatchObject({ status: 400, body: { message: NOTE_MESSAGES.tooLong } });
      expect(await post(`/internal/candidatos/${c}/notas`, { texto: 'Hola', ...as(ana, 3) })).toMatchObject({
        status: 403,
        body: { message: GENERIC_MESSAGES.forbidden },
      });
      expect(await post(`/internal/candidatos/999999/notas`, { texto: 'Hola', ...as(ana) })).toMatchObject({
        status: 404,
        body: { message: NOTE_MESSAGES.candidateNotFound },
      });
      expect((await get('/internal/candidatos/999999/notas')).status).toBe(404);
      expect((await get(`/internal/candidatos/${c}/notas`)).body.notas).toEqual([]);
    }, 30_000);

    it("goes with the application when it is deleted (cascade) and when the candidate's account is erased", async () => {
      const gone = await candidate();
      await post(`/internal/candidatos/${gone}/notas`, { texto: 'Se borra con la postulación', ...as(ana) });
      expect((await post(`/candidatos/${gone}`, {})).status).toBe(200);

      const account = await t.api.db
        .insertInto('usuarios_candidatos')
        .values({
          primer_nombre: 'Rosa',
          primer_apellido: 'Borrada',
          email: 'rosa.borrada@example.com',
          dpi: validCui('81000001'),
          clave_hash: 'x',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const erased = await candidate({ userId: account.id });
      const keep = await candidate();
      await post(`/internal/candidatos/${erased}/notas`, { texto: 'Dijo su teléfono 5555-5555', ...as(ana) });
      await post(`/internal/candidatos/${keep}/notas`, { texto: 'Otra persona', ...as(ana) });
      const tag = await post('/internal/etiquetas', { nombre: 'Borrado', color: 'red', ...as(ana) });
      await post(`/internal/candidatos/${erased}/etiquetas`, { etiquetas: [tag.body.etiqueta.id], ...as(ana) });
      expect((await post(`/internal/usuarios-candidatos/${account.id}/eliminar`, {})).status).toBe(200);

      const left = await t.api.db.selectFrom('postulante_notas').select(['postulante_id', 'texto']).execute();
      expect(left.some((n) => n.postulante_id === gone || n.postulante_id === erased)).toBe(false);
      expect(left.some((n) => n.postulante_id === keep)).toBe(true);
      const tags = await t.api.db.selectFrom('postulante_etiquetas').select('postulante_id').execute();
      expect(tags.some((r) => r.postulante_id === erased)).toBe(false);
      expect((await get(`/internal/candidatos/${erased}/notas`)).body.notas).toEqual([]);
    }, 30_000);
  });

  describe('tags', () => {
    it('creates tags with unique names (accents, case and spacing ignored) and a palette colour', async () => {
      const made = await post('/internal/etiquetas', { nombre: ' Enfermería   nocturna ', color: 'teal', ...as(ana) });
      expect(made.status).toBe(201);
      expect(made.body).toMatchObject({ success: true, message: TAG_MESSAGES.created });
      expect(made.body.etiqueta).toMatchObject({ nombre: 'Enfermería nocturna', color: 'teal' });
      expect(
        await post('/internal/etiquetas', { nombre: 'ENFERMERIA NOCTURNA', color: 'red', ...as(beto) }),
      ).toMatchObject({ status: 409, body: { message: TAG_MESSAGES.nameTaken } });
      expect(await post('/internal/etiquetas', { nombre: '', color: 'red', ...as(ana) })).toMatchObject({
        status: 400,
        body: { message: TAG_MESSAGES.nameRequired },
      });
      expect(
        await post('/internal/etiquetas', { nombre: 'x'.repeat(TAG_LIMITS.name + 1), color: 'red', ...as(ana) }),
      ).toMatchObject({
        status: 400,
        body: { message: TAG_MESSAGES.nameTooLong },
      });
      expect(await post('/internal/etiquetas', { nombre: 'Rosa', color: '#ff0000', ...as(ana) })).toMatchObject({
        status: 400,
        body: { message: TAG_MESSAGES.colorInvalid },
      });
      expect(await post('/internal/etiquetas', { nombre: 'Visor', color: 'red', ...as(ana, 3) })).toMatchObject({
        status: 403,
      });
      const list = await get('/internal/etiquetas');
      expect(list.body.etiquetas).toContainEqual({
        id: made.body.etiqueta.id,
        nombre: 'Enfermería nocturna',
        color: 'teal',
      });
    }, 30_000);

    it('sets, adds and removes tags on a candidate; unknown tags, too many and viewers are refused', async () => {
      const c = await candidate();
      const a = (await post('/internal/etiquetas', { nombre: 'Segunda entrevista', color: 'blue', ...as(ana) })).body
        .etiqueta.id;
      const b = (await post('/internal/etiquetas', { nombre: 'Bilingüe', color: 'green', ...as(ana) })).body.etiqueta
        .id;
      const set = await post(`/internal/candidatos/${c}/etiquetas`, { etiquetas: [a, b, a], ...as(ana) });
      expect(set).toMatchObject({ status: 200, body: { success: true, message: TAG_MESSAGES.saved } });
      expect([...set.body.etiquetaIds].sort()).toEqual([a, b].sort());
      // Repeating it is harmless.
      expect(
        (await post(`/internal/candidatos/${c}/etiquetas`, { etiquetas: [a, b], ...as(ana) })).body.etiquetaIds,
      ).toHaveLength(2);
      expect(
        (await post(`/internal/candidatos/${c}/etiquetas`, { quitar: [a], ...as(beto) })).body.etiquetaIds,
      ).toEqual([b]);
      expect(
        (await post(`/internal/candidatos/${c}/etiquetas`, { agregar: [a], ...as(beto) })).body.etiquetaIds,
      ).toHaveLength(2);
      const assigned = await get(`/internal/etiquetas/asignadas?postulantes=${c},999999`);
      expect(assigned.body.asignaciones).toContainEqual({ postulanteId: 999999, etiquetaIds: [] });
      expect(assigned.body.asignaciones.find((x: Body) => x.postulanteId === c).etiquetaIds).toHaveLength(2);

      expect(await post(`/internal/candidatos/${c}/etiquetas`, { etiquetas: [999999], ...as(ana) })).toMatchObject({
        status: 400,
        body: { message: TAG_MESSAGES.notFound },
      });
      expect(await post(`/internal/candidatos/999999/etiquetas`, { etiquetas: [a], ...as(ana) })).toMatchObject({
        status: 404,
      });
      expect(await post(`/internal/candidatos/${c}/etiquetas`, { etiquetas: [], ...as(ana, 3) })).toMatchObject({
        status: 403,
      });
      const many = [];
      for (let i = 0; i <= TAG_LIMITS.perCandidate; i++)
        many.push(
          (await post('/internal/etiquetas', { nombre: `Lote ${i}`, color: 'gray', ...as(ana) })).body.etiqueta.id,
        );
      expect(await post(`/internal/candidatos/${c}/etiquetas`, { etiquetas: many, ...as(ana) })).toMatchObject({
        status: 400,
        body: { message: TAG_MESSAGES.tooMany },
      });
      // Nothing changed.
      expect(
        (await get(`/internal/etiquetas/asignadas?postulantes=${c}`)).body.asignaciones[0].etiquetaIds,
      ).toHaveLength(2);
    }, 60_000);

    it('filters the inbox and a vacancy list by every chosen tag, with counts per tag and per state', async () => {
      const x = (await post('/internal/etiquetas', { nombre: 'Filtro X', color: 'red', ...as(ana) })).body.etiqueta.id;
      const y = (await post('/internal/etiquetas', { nombre: 'Filtro Y', color: 'lime', ...as(ana) })).body.etiqueta.id;
      const c1 = await candidate({ estado: 'postulado' });
      const c2 = await candidate({ estado: 'en seguimiento' });
      const c3 = await candidate({ estado: 'rechazado' });
      const c4 = await candidate({ plaza: other });
      await post(`/internal/candidatos/${c1}/etiquetas`, { etiquetas: [x, y], ...as(ana) });
      await post(`/internal/candidatos/${c2}/etiquetas`, { etiquetas: [x], ...as(ana) });
      await post(`/internal/candidatos/${c3}/etiquetas`, { etiquetas: [x, y], ...as(ana) });
      await post(`/internal/candidatos/${c4}/etiquetas`, { etiquetas: [x], ...as(ana) });

      const inbox = await get(`/candidatos/lista?page=1&pageSize=10&etiquetas=${x}`);
      expect(inbox.status).toBe(200);
      expect(inbox.body.items.map((i: Body) => i.id).sort()).toEqual([c1, c2, c4].sort());
      expect(inbox.body.counts).toMatchObject({ todos: 3, postulado: 2, 'en seguimiento': 1 });
      expect(inbox.body.conteosEtiquetas).toEqual({ [x]: 3, [y]: 1 });

      const both = await get(`/candidatos/lista?page=1&pageSize=10&etiquetas=${x},${y}`);
      expect(both.body.items.map((i: Body) => i.id)).toEqual([c1]);
      const tab = await get(`/candidatos/lista?page=1&pageSize=10&etiquetas=${x}&estado=en%20seguimiento`);
      expect(tab.body.items.map((i: Body) => i.id)).toEqual([c2]);

      const byVacancy = await get(`/candidatos/por-plaza/${vacancy}?page=1&pageSize=10&etiquetas=${y}`);
      expect(byVacancy.body.items.map((i: Body) => i.id).sort()).toEqual([c1, c3].sort());
      expect(byVacancy.body.conteosEtiquetas).toEqual({ [x]: 2, [y]: 2 });

      // Without a tag filter the counts per tag still describe the list.
      const all = await get(`/candidatos/por-plaza/${other}?page=1&pageSize=10`);
      expect(all.body.conteosEtiquetas[x]).toBeGreaterThanOrEqual(1);

      const tooMany = Array.from({ length: TAG_LIMITS.filter + 1 }, (_, i) => i + 1).join(',');
      expect(await get(`/candidatos/lista?page=1&pageSize=10&etiquetas=${tooMany}`)).toMatchObject({
        status: 400,
        body: { message: TAG_MESSAGES.tooManyFilter },
      });
      expect((await get('/candidatos/lista?page=1&pageSize=10&etiquetas=abc')).status).toBe(400);
    }, 60_000);
  });
});
