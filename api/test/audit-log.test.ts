import { createHash } from 'node:crypto';
import { addMonths, AUDIT_GENESIS_HASH } from '@bolsa/domain';
import { dayjs, todayInGuatemala } from '@bolsa/domain';
import { sql } from 'kysely';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainHash } from '../src/audit/chain.js';
import {
  anchorsFromLog,
  auditCutoff,
  auditHead,
  publishAuditAnchor,
  purgeAudit,
  recordAudit,
  verifyAudit,
} from '../src/audit/index.js';
import { rowsAfter } from '../src/audit/repository.js';
import { makeVacancies } from './support/application.js';
import { validCui } from './support/client.js';
import { databases, type TestApi } from './support/databases.js';
import { picture, postForm } from './support/files.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = Record<string, any>;

describe.each(databases)('audit log (issue 24) on $name', ({ name, start }) => {
  let t: TestApi;
  let adminId = 0;
  let vacancy = 0;
  let seq = 0;
  const ADDRESS = '203.0.113.7';

  beforeAll(async () => {
    t = await start();
    const staff = await t.api.db.selectFrom('usuarios').select(['id', 'usuario']).execute();
    adminId = staff.find((u) => u.usuario.startsWith('admin@'))!.id;
    vacancy = (await makeVacancies(t.api.db)).open;
  }, 180_000);
  afterAll(async () => t?.close());

  /** As the BFF calls: service token, the acting staff user, the browser's address, a request id. */
  const headers = (reqId: string, actor = `usuario:${adminId}`) => ({
    Authorization: `Bearer ${t.api.token}`,
    'x-bolsa-actor': actor,
    'x-bolsa-client-address': ADDRESS,
    'x-request-id': reqId,
  });
  const post = (p: string, body: object, reqId = `r-${++seq}`, actor?: string) =>
    request(t.api.url).post(p).set(headers(reqId, actor)).send(body);
  const get = (p: string, reqId = `r-${++seq}`) => request(t.api.url).get(p).set(headers(reqId));

  const rowsOf = (reqId: string) =>
    t.api.db
      .selectFrom('auditoria')
      .select([
        'accion',
        'actor_tipo',
        'actor_id',
        'actor_nombre',
        'objetivo_tipo',
        'objetivo_id',
        'direccion',
        'detalle',
      ])
      .where('solicitud', '=', reqId)
      .orderBy('id')
      .execute();
  const actionsOf = async (reqId: string) => (await rowsOf(reqId)).map((r) => r.accion);

  async function candidate() {
    seq++;
    const row = await t.api.db
      .insertInto('postulantes')
      .values({
        plaza_id: vacancy,
        nombre: `Carmen Auditada ${seq}`,
        cui: validCui(String(72000000 + seq * 13)),
        email: `carmen.aud${seq}@example.com`,
        estado: 'postulado',
      } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  it('records a log-in and a failed one without the e-mail typed', async () => {
    const ok = await post('/login', { usuario_: 'admin@ejemplo.org.gt', clave: 'Demo2026!' }, 'login-ok', '');
    expect(ok.status).toBe(200);
    expect(await rowsOf('login-ok')).toEqual([
      expect.objectContaining({
        accion: 'sesion.ingreso',
        actor_tipo: 'usuario',
        actor_id: adminId,
        actor_nombre: expect.any(String),
        objetivo_tipo: 'usuario',
        objetivo_id: String(adminId),
        direccion: ADDRESS,
      }),
    ]);
    const bad = await post('/login', { usuario_: 'nadie.aqui@ejemplo.org.gt', clave: 'Malisima1!' }, 'login-bad', '');
    expect(bad.status).toBe(401);
    const [failed] = await rowsOf('login-bad');
    expect(failed).toMatchObject({ accion: 'sesion.fallida', actor_tipo: 'sistema', objetivo_tipo: null });
    expect(JSON.stringify(await t.api.db.selectFrom('auditoria').selectAll().execute())).not.toContain('nadie.aqui');
    await post('/login', { usuario_: 'admin@ejemplo.org.gt', clave: 'Mala12345!' }, 'login-wrong', '');
    expect(await rowsOf('login-wrong')).toEqual([
      expect.objectContaining({ accion: 'sesion.fallida', objetivo_tipo: 'usuario', objetivo_id: String(adminId) }),
    ]);
  });

  it('records user create, edit, role and password change, deactivation, once each', async () => {
    const created = await post(
      '/usuario',
      { nombre: 'Beatriz Auditada', usuario_: 'beatriz.aud@ejemplo.org.gt', clave: 'Clave12345!', idRol: 3 },
      'u-create',
    );
    expect(created.status).toBe(201);
    const id = (created.body as Body).id as number;
    expect(await actionsOf('u-create')).toEqual(['usuario.crear']);
    await post(
      `/usuario/actualizar/${id}`,
      { nombre: 'Beatriz Auditada', usuario_: 'beatriz.aud@ejemplo.org.gt', clave: 'Otra12345!', idRol: 2 },
      'u-edit',
    ).expect(200);
    expect(await actionsOf('u-edit')).toEqual(['usuario.editar', 'usuario.rol', 'usuario.clave']);
    expect((await rowsOf('u-edit'))[1]!.detalle).toEqual({ de: 3, a: 2 });
    await post(`/usuario/toggle-estado/${id}`, {}, 'u-off').expect(200);
    expect(await actionsOf('u-off')).toEqual(['usuario.desactivar']);
    // A refused change leaves no row.
    await post(
      '/usuario',
      { nombre: 'Otra', usuario_: 'beatriz.aud@ejemplo.org.gt', clave: 'Clave12345!' },
      'u-dup',
    ).expect(409);
    expect(await actionsOf('u-dup')).toEqual([]);
  });

  it('records API token creation and revocation, and names a token actor', async () => {
    const hash = createHash('sha256').update(`tok-${name}`).digest('hex');
    const created = await post('/internal/api-tokens', { nombre: 'Integración RRHH', idrol: 3, hash }, 'tok-new');
    expect(created.status).toBe(201);
    const id = (created.body as Body).id as number;
    expect(await actionsOf('tok-new')).toEqual(['token.crear']);
    // A call made with the token is recorded under the token's name.
    const c = await candidate();
    await post(
      '/internal/etiquetas',
      { nombre: `Auditada ${name}`, color: 'teal', rol: 2 },
      'tok-act',
      `token:${id}`,
    ).expect(201);
    expect((await rowsOf('tok-act'))[0]).toMatchObject({
      actor_tipo: 'token',
      actor_id: id,
      actor_nombre: 'Integración RRHH',
    });
    await post(`/internal/api-tokens/${id}/revocar`, {}, 'tok-rev').expect(200);
    expect(await actionsOf('tok-rev')).toEqual(['token.revocar']);
    expect(c).toBeGreaterThan(0);
  });

  it('records vacancy create, edit and delete', async () => {
    const sedes = (await get('/sedes').expect(200)).body as { id: number }[];
    const end = dayjs(todayInGuatemala(), 'YYYY-MM-DD').add(30, 'day').format('YYYY-MM-DD');
    const created = await postForm(
      t,
      '/guardar/Vacante',
      {
        NombreVacante: 'Plaza auditada',
        Sede: String(sedes[0]!.id),
        Descripcion: 'Descripción de la plaza auditada.',
        FechaFinalizacion: end,
        Status: '1',
        NombreDepartamento: '01',
        Lugar: '0101:01',
        Requisitos: JSON.stringify(['Uno']),
        Beneficios: JSON.stringify(['Dos']),
      },
      [{ field: 'imagenFile', data: await picture(400, 300, 'png'), filename: 'p.png', contentType: 'image/png' }],
    )
      .set(headers('v-new'))
      .expect(201);
    const id = (created.body as Body).id as number;
    expect(await rowsOf('v-new')).toEqual([
      expect.objectContaining({ accion: 'plaza.crear', objetivo_id: String(id) }),
    ]);
    await postForm(t, `/vacantes/${id}`, { NombreVacante: 'Plaza auditada 2' }).set(headers('v-edit')).expect(200);
    await post(`/plazas/${id}/destacado`, { destacado: true }, 'v-feat').expect(200);
    expect([...(await actionsOf('v-edit')), ...(await actionsOf('v-feat'))]).toEqual(['plaza.editar', 'plaza.editar']);
    await post(`/plazas/${id}`, {}, 'v-del').expect(200);
    expect(await actionsOf('v-del')).toEqual(['plaza.eliminar']);
  });

  it('records state changes (single and bulk), notes, tags and file openings', async () => {
    const a = await candidate();
    const b = await candidate();
    await post(
      `/candidatos/cambiar-estado/${a}`,
      { nuevoEstado: 'en seguimiento', rol: 1, usuarioId: adminId },
      's-one',
    ).expect(200);
    expect(await rowsOf('s-one')).toEqual([
      expect.objectContaining({
        accion: 'candidato.estado',
        objetivo_tipo: 'postulante',
        objetivo_id: String(a),
        detalle: { de: 'postulado', a: 'en seguimiento' },
      }),
    ]);
    const bulk = await post(
      '/internal/candidatos/cambio-masivo',
      { ids: [a, b], nuevoEstado: 'rechazado', rol: 1 },
      's-bulk',
    );
    expect(bulk.status).toBe(200);
    expect(await actionsOf('s-bulk')).toEqual(['candidato.estado_masivo', 'candidato.estado_masivo']);
    // A dry run leaves nothing.
    await post(
      '/internal/candidatos/cambio-masivo',
      { ids: [a], nuevoEstado: 'rechazado', rol: 1, simular: true },
      's-dry',
    );
    expect(await actionsOf('s-dry')).toEqual([]);

    const note = await post(
      `/internal/candidatos/${a}/notas`,
      { texto: 'Llamar el lunes', rol: 1, usuarioId: adminId },
      'n-new',
    );
    expect(note.status).toBe(201);
    await post(
      `/internal/notas/${(note.body as Body).nota.id}`,
      { texto: 'Llamar el martes', rol: 1, usuarioId: adminId },
      'n-edit',
    );
    await post(`/internal/notas/${(note.body as Body).nota.id}/eliminar`, { rol: 1, usuarioId: adminId }, 'n-del');
    expect([...(await actionsOf('n-new')), ...(await actionsOf('n-edit')), ...(await actionsOf('n-del'))]).toEqual([
      'nota.crear',
      'nota.editar',
      'nota.eliminar',
    ]);
    expect(JSON.stringify(await rowsOf('n-new'))).not.toContain('lunes');

    const tag = await post('/internal/etiquetas', { nombre: `Urgente ${name}`, color: 'red', rol: 1 }, 'g-def');
    expect(await actionsOf('g-def')).toEqual(['etiqueta.definir']);
    const tagId = (tag.body as Body).etiqueta.id as number;
    await post(`/internal/candidatos/${a}/etiquetas`, { etiquetas: [tagId], rol: 1 }, 'g-set').expect(200);
    expect(await actionsOf('g-set')).toEqual(['etiqueta.asignar']);
    await post('/internal/candidatos/etiquetas-masivo', { ids: [a, b], agregar: [tagId], rol: 1 }, 'g-bulk').expect(
      200,
    );
    // a already had it: only b changed.
    expect(await actionsOf('g-bulk')).toEqual(['etiqueta.asignar_masivo']);

    const file = await t.api.db
      .insertInto('postulante_archivos')
      .values({
        postulante_id: a,
        tipo: 'curriculum',
        clave: `x/${a}.pdf`,
        nombre: 'cv.pdf',
        mime: 'application/pdf',
        tamano: 10,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await post(
      '/internal/archivos-accesos',
      { usuarioId: adminId, scope: 'postulacion', archivoId: file.id },
      'f-open',
    ).expect(201);
    expect(await rowsOf('f-open')).toEqual([
      expect.objectContaining({ accion: 'archivo.abrir', objetivo_tipo: 'archivo', objetivo_id: String(file.id) }),
    ]);
  });

  it('records an export of candidates and of the log itself', async () => {
    const res = await get('/internal/exportaciones/candidatos?lista=inbox&formato=csv&rol=1', 'x-cand');
    expect(res.status).toBe(200);
    expect(await actionsOf('x-cand')).toEqual(['exportacion.candidatos']);
    const log = await get('/internal/auditoria/exportar?accion=plaza.eliminar', 'x-log');
    expect(log.status).toBe(200);
    const lines = log.text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Body);
    expect(lines.map((l) => l.accion)).toEqual(['plaza.eliminar']);
    expect(await actionsOf('x-log')).toEqual(['auditoria.exportar']);
  });

  it('lists newest first with filters and pages', async () => {
    const all = (await get('/internal/auditoria?page=1&pageSize=5').expect(200)).body as Body;
    expect(all.items).toHaveLength(5);
    expect(all.totalCount).toBeGreaterThan(20);
    expect(all.items[0].id).toBeGreaterThan(all.items[1].id);
    expect(Object.keys(all.items[0])).not.toContain('hash');
    const byAction = (await get('/internal/auditoria?accion=usuario.rol').expect(200)).body as Body;
    expect(byAction.items.map((i: Body) => i.accion)).toEqual(['usuario.rol']);
    const byActor = (await get('/internal/auditoria?actor=rrhh').expect(200)).body as Body;
    expect(byActor.items.every((i: Body) => i.actorNombre === 'Integración RRHH')).toBe(true);
    expect(byActor.totalCount).toBe(1);
    // The system's rows (a failed log-in) have no name; the log calls them 'Sistema' and so does the filter.
    for (const typed of ['Sistema', 'sist', ' SISTEMA ']) {
      const bySystem = (await get(`/internal/auditoria?actor=${encodeURIComponent(typed)}`).expect(200)).body as Body;
      expect(bySystem.totalCount).toBeGreaterThan(0);
      expect(bySystem.items.every((i: Body) => i.actorTipo === 'sistema')).toBe(true);
    }
    const today = todayInGuatemala();
    expect(((await get(`/internal/auditoria?desde=${today}&hasta=${today}`).expect(200)).body as Body).totalCount).toBe(
      all.totalCount + 0,
    );
    expect(((await get('/internal/auditoria?hasta=2000-01-01').expect(200)).body as Body).totalCount).toBe(0);
    expect((await get('/internal/auditoria?desde=31/12/2026').expect(400)).body).toEqual({
      message: 'Fecha inválida. Usa el formato dd/mm/aaaa.',
    });
    expect((await get('/internal/auditoria?hasta=9999-12-31').expect(400)).body).toEqual({
      message: 'Fecha inválida. Usa el formato dd/mm/aaaa.',
    });
    expect((await get('/internal/auditoria?accion=borrar.todo').expect(400)).body).toEqual({
      message: 'Acción desconocida.',
    });
  });

  it('refuses UPDATE, DELETE and TRUNCATE, even to the database owner', async () => {
    const db = t.api.db;
    await expect(sql`update auditoria set accion = 'x'`.execute(db)).rejects.toThrow(/no admite UPDATE/);
    await expect(sql`delete from auditoria`.execute(db)).rejects.toThrow(/no admite DELETE/);
    await expect(sql`truncate auditoria`.execute(db)).rejects.toThrow(/no admite TRUNCATE/);
    // And no api route changes or deletes a row.
    await post('/internal/auditoria/1/eliminar', {}).expect(404);
  });

  it('verifies the chain, and finds a row altered with the triggers disabled', async () => {
    const ok = (await post('/internal/auditoria/verificar', {}).expect(200)).body as Body;
    const count = (
      await t.api.db
        .selectFrom('auditoria')
        .select((e) => e.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n;
    expect(ok).toEqual({ ok: true, count: Number(count) });
    const victim = await t.api.db
      .selectFrom('auditoria')
      .select(['id', 'fecha'])
      .where('accion', '=', 'usuario.rol')
      .executeTakeFirstOrThrow();
    // An attacker with the database's rights: triggers off, one field changed, triggers on.
    await t.api.db.transaction().execute(async (trx) => {
      await sql`alter table auditoria disable trigger user`.execute(trx);
      await sql`update auditoria set detalle = '{"de":3,"a":1}' where id = ${victim.id}`.execute(trx);
      await sql`alter table auditoria enable trigger user`.execute(trx);
    });
    const broken = (await post('/internal/auditoria/verificar', {}).expect(200)).body as Body;
    expect(broken).toMatchObject({ ok: false, brokenId: victim.id, brokenAt: new Date(victim.fecha).toISOString() });
    // Also with the row's own hash recomputed: then the next row's link breaks. Put it back first.
    await t.api.db.transaction().execute(async (trx) => {
      await sql`alter table auditoria disable trigger user`.execute(trx);
      await sql`update auditoria set detalle = '{"de":3,"a":2}' where id = ${victim.id}`.execute(trx);
      await sql`alter table auditoria enable trigger user`.execute(trx);
    });
    expect(((await post('/internal/auditoria/verificar', {}).expect(200)).body as Body).ok).toBe(true);
  });

  it('an anchor the log kept catches a chain rewritten with the database owner\u2019s rights, or cut short', async () => {
    const db = t.api.db;
    // Published as the api publishes it: once when the head moved, not again while it stays.
    const lines: object[] = [];
    const logger = { info: (obj: object) => void lines.push(obj) };
    const head = (await publishAuditAnchor(db, logger, null))!;
    expect(lines).toEqual([{ ancla: head }]);
    expect(Object.keys(head).sort()).toEqual(['fecha', 'hash', 'id']);
    expect(await publishAuditAnchor(db, logger, head)).toEqual(head);
    expect(lines).toHaveLength(1);
    await recordAudit(db, { action: 'plaza.editar', target: { kind: 'plaza', id: 9 } });
    const next = (await publishAuditAnchor(db, logger, head))!;
    expect(lines).toHaveLength(2);
    expect(next.id).toBeGreaterThan(head.id);
    // The anchors come back out of the log's own lines (what `npm run audit:verify` reads).
    const log = [...lines.map((l) => JSON.stringify({ level: 30, ...l })), 'no es json', '{"msg":"otra"}'].join('\n');
    expect(anchorsFromLog(log)).toEqual([head, next]);
    expect(await verifyAudit(db, undefined, [head, next])).toMatchObject({ ok: true });

    // A determined administrator: triggers off, an old row changed and every hash after it recomputed.
    const rows = await rowsAfter(db, 0, 100_000);
    const at = rows.findIndex((r) => r.id === head.id) - 2;
    const victim = rows[at]!;
    await db.transaction().execute(async (trx) => {
      await sql`alter table auditoria disable trigger user`.execute(trx);
      let previous = victim.hashAnterior;
      for (const r of rows.slice(at)) {
        const changed = r.id === victim.id ? { ...r, detalle: { reescrito: true } } : r;
        const hash = chainHash(previous, changed);
        await sql`update auditoria set detalle = ${JSON.stringify(changed.detalle ?? null)}::jsonb, hash_anterior = ${previous}, hash = ${hash} where id = ${r.id}`.execute(
          trx,
        );
        previous = hash;
      }
      await sql`alter table auditoria enable trigger user`.execute(trx);
    });
    // The chain alone cannot tell (the limit of a chain kept in the same database)…
    expect(await verifyAudit(db)).toMatchObject({ ok: true });
    // …the anchor can: the first anchored row whose hash is no longer the one published.
    expect(await verifyAudit(db, undefined, [head, next])).toEqual({
      ok: false,
      count: expect.any(Number),
      brokenId: head.id,
      brokenAt: head.fecha,
    });
    // The newest rows removed (a consistent chain, cut short): the anchor names the missing row.
    const rewrittenNext = await auditHead(db);
    await db.transaction().execute(async (trx) => {
      await sql`alter table auditoria disable trigger user`.execute(trx);
      await sql`delete from auditoria where id = ${next.id}`.execute(trx);
      await sql`alter table auditoria enable trigger user`.execute(trx);
    });
    expect(await verifyAudit(db)).toMatchObject({ ok: true });
    expect(await verifyAudit(db, undefined, [rewrittenNext!])).toMatchObject({
      ok: false,
      brokenId: next.id,
      brokenAt: next.fecha,
    });
  });

  it('keeps one chain when many actions are recorded at once', async () => {
    await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        recordAudit(t.api.db, { action: 'plaza.editar', target: { kind: 'plaza', id: i + 1 } }),
      ),
    );
    // In small batches: the walk crosses batch boundaries.
    expect(await verifyAudit(t.api.db, 7)).toMatchObject({ ok: true });
    const rows = await t.api.db.selectFrom('auditoria').select(['id', 'hash', 'hash_anterior']).orderBy('id').execute();
    for (let i = 1; i < rows.length; i++) expect(rows[i]!.hash_anterior).toBe(rows[i - 1]!.hash);
    expect(rows[0]!.hash_anterior).toBe(AUDIT_GENESIS_HASH);
  }, 60_000);

  it('retention keeps whole calendar months at a month end (no roll-over into the next month)', () => {
    const cutoff = (now: string, months: number) => auditCutoff(new Date(now), months).toISOString();
    // 31 December − 10 months is 28 February, not "31 February" = 3 March.
    expect(cutoff('2026-12-31T12:00:00Z', 10)).toBe('2026-02-28T12:00:00.000Z');
    expect(cutoff('2028-02-29T08:00:00Z', 24)).toBe('2026-02-28T08:00:00.000Z');
    expect(cutoff('2027-05-15T00:00:00Z', 24)).toBe('2025-05-15T00:00:00.000Z');
    // Never later than the same day `months` back would be, on any day of two years.
    for (let d = 0; d < 731; d++) {
      const now = new Date(Date.UTC(2026, 0, 1 + d, 15));
      const cutoff = auditCutoff(now, 18);
      const sameDay = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 18, 1, 15));
      expect(cutoff.getUTCMonth(), now.toISOString()).toBe(sameDay.getUTCMonth());
      expect(cutoff.getUTCDate(), now.toISOString()).toBeLessThanOrEqual(now.getUTCDate());
    }
  });

  it('retention deletes only old rows, records itself, and verification starts at the oldest kept row', async () => {
    expect((await verifyAudit(t.api.db)).ok).toBe(true);
    const oldHead = await auditHead(t.api.db);
    await new Promise((r) => setTimeout(r, 20));
    const cut = new Date();
    await new Promise((r) => setTimeout(r, 20));
    await recordAudit(t.api.db, { action: 'plaza.editar', target: { kind: 'plaza', id: 2 } });
    await recordAudit(t.api.db, { action: 'plaza.editar', target: { kind: 'plaza', id: 3 } });
    // Run as if 24 months had passed since `cut`: everything before it is past retention.
    const now = addMonths(cut, 24);
    const { deleted } = await purgeAudit(t.api.db, 24, now);
    expect(deleted).toBeGreaterThan(20);
    const left = await t.api.db.selectFrom('auditoria').select(['id', 'accion', 'detalle']).orderBy('id').execute();
    expect(left.map((r) => r.accion)).toEqual(['plaza.editar', 'plaza.editar', 'auditoria.retencion']);
    expect(left[2]!.detalle).toMatchObject({ eliminados: deleted, meses: 24, primerId: left[0]!.id });
    expect(await verifyAudit(t.api.db)).toEqual({ ok: true, count: 3 });
    // An anchor published before the run names a row retention removed: not a gap.
    expect(await verifyAudit(t.api.db, undefined, [oldHead!])).toEqual({ ok: true, count: 3 });
    // Nothing old enough: no row.
    expect(await purgeAudit(t.api.db, 24)).toEqual({ deleted: 0 });
    expect(await t.api.db.selectFrom('auditoria').select('id').execute()).toHaveLength(3);
    // Someone removing the oldest kept row by hand is not a retention run: reported.
    await t.api.db.transaction().execute(async (trx) => {
      await sql`alter table auditoria disable trigger user`.execute(trx);
      await sql`delete from auditoria where id = ${left[0]!.id}`.execute(trx);
      await sql`alter table auditoria enable trigger user`.execute(trx);
    });
    expect(await verifyAudit(t.api.db)).toMatchObject({ ok: false, brokenId: left[1]!.id });
  });
});
