import { randomBytes } from 'node:crypto';
import { mkdir, writeFile, access } from 'node:fs/promises';
import path from 'node:path';
import { addDays, addMonths, todayInGuatemala } from '@bolsa/domain';
import pg from 'pg';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runRetention } from '../src/retention/index.js';
import { startApi } from '../src/server.js';
import { databases, type TestApi } from './support/databases.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = Record<string, any>;

const exists = (p: string) =>
  access(p).then(
    () => true,
    () => false,
  );

/*
 * Issue 24, item 3: retention with a moved clock. The data is made at T0 (today); the clock then
 * moves past the guests' period, to the notice, and past the anonymisation date.
 */
describe.each(databases)('retention (issue 24) on $name', ({ start }) => {
  let t: TestApi;
  const T0 = new Date();
  let now = T0;
  const clock = () => now;
  const ids: Record<string, number> = {};
  let adminId = 0;
  let seq = 0;

  const headers = () => ({
    Authorization: `Bearer ${t.api.token}`,
    'x-bolsa-actor': `usuario:${adminId}`,
    'x-request-id': `ret-${++seq}`,
  });
  const get = (p: string) => request(t.api.url).get(p).set(headers());
  const post = (p: string) => request(t.api.url).post(p).set(headers()).send({});
  const funnel = async () =>
    (
      await get(
        `/internal/reportes/embudo?desde=${todayInGuatemala(addDays(T0, -10))}&hasta=${todayInGuatemala(addDays(T0, 10))}`,
      ).expect(200)
    ).body as Body;
  const counts = () => t.api.db.selectFrom('postulantes_conteo').select(['etapa', 'n']).orderBy('etapa').execute();
  const app = (id: number) =>
    t.api.db.selectFrom('postulantes').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  beforeAll(async () => {
    t = await start({ seedDemo: false, retention: { clock, schedule: false } });
    const db = t.api.db;
    adminId = (
      await db
        .insertInto('usuarios')
        .values({ nombre: 'Admin Retención', usuario: 'admin.retencion@ejemplo.org.gt', clave_hash: null, idrol: 1 })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const vacancy = async (nombre: string, status: '1' | '0') =>
      (
        await db
          .insertInto('plazas')
          .values({
            nombre,
            sede_id: null,
            lugar: 'Cobán',
            descripcion: 'Plaza de prueba',
            requisitos: '[]',
            beneficios: '[]',
            fecha_publicacion: '2026-01-01',
            fecha_finalizacion: null,
            status,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const closed = await vacancy('Bodeguero (cerrada)', '0');
    const open = await vacancy('Piloto (abierta)', '1');
    const at = T0.toISOString();
    const add = async (key: string, plaza: number, estado: string, moves: [string | null, string][], file = false) => {
      const id = (
        await db
          .insertInto('postulantes')
          .values({
            plaza_id: plaza,
            nombre: `Persona ${key}`,
            email: `${key}@example.com`,
            telefono: '55550000',
            cui: null,
            estado,
            fecha_registro: at,
            actualizado_en: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
      for (const [from, to] of moves)
        await db
          .insertInto('postulantes_historial')
          .values({
            postulante_id: id,
            estado_anterior: from,
            estado_nuevo: to,
            usuario_id: null,
            nota: `Observación sobre ${key}`,
            en: at,
          })
          .execute();
      // An interview with its observation and a scorecard with a comment: free text about them.
      const interview = await db
        .insertInto('entrevistas')
        .values({
          postulante_id: id,
          modalidad: 'PRESENCIAL',
          fecha: at.slice(0, 10),
          hora_inicio: '09:00',
          hora_fin: '10:00',
          participantes_json: '[]',
          observaciones: `Entrevista de ${key}`,
          sede_id: null,
          direccion: null,
          sala: null,
          entrevistador: null,
          enlace: null,
          organizador_email: null,
          usuario_id: adminId,
          creado_en: at,
          calendario_uid: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('entrevista_evaluaciones')
        .values({
          entrevista_id: interview.id,
          usuario_id: adminId,
          usuario_nombre: 'Admin Retención',
          calificaciones_json: JSON.stringify([{ criterio: 'Comunicación', puntaje: 4 }]),
          recomendacion: 'DUDOSO',
          comentarios: `Comentario sobre ${key}`,
          creado_en: at,
        })
        .execute();
      if (file) {
        const clave = `postulantes/retencion-${key}-${randomBytes(4).toString('hex')}.pdf`;
        await mkdir(path.dirname(path.join(t.api.filesDir, clave)), { recursive: true });
        await writeFile(path.join(t.api.filesDir, clave), '%PDF-1.4 prueba');
        await db
          .insertInto('postulante_archivos')
          .values({
            postulante_id: id,
            tipo: 'curriculum',
            clave,
            nombre: 'cv.pdf',
            mime: 'application/pdf',
            tamano: 15,
          })
          .execute();
      }
      await db
        .insertInto('postulante_notas')
        .values({ postulante_id: id, usuario_id: adminId, texto: `Nota sobre ${key}`, creado_en: at })
        .execute();
      ids[key] = id;
    };
    await add(
      'rechazada',
      closed,
      'rechazado',
      [
        ['postulado', 'en seguimiento'],
        ['en seguimiento', 'rechazado'],
      ],
      true,
    );
    await add('contratada', closed, 'contratado', [['inducción', 'contratado']], true);
    await add('abierta', closed, 'entrevista', [['en seguimiento', 'entrevista']], true);
    await add('sinavance', closed, 'postulado', [], true);
    await add('plazaabierta', open, 'postulado', [], true);
    await add('reciente', closed, 'rechazado', [['postulado', 'rechazado']], false);
  }, 180_000);
  afterAll(async () => t?.close());

  /** The free text left about an application: state-change observations, interviews', scorecards' comments. */
  const freeText = async (id: number) => {
    const db = t.api.db;
    const history = await db
      .selectFrom('postulantes_historial')
      .select('nota')
      .where('postulante_id', '=', id)
      .where('nota', 'is not', null)
      .execute();
    const interviews = await db
      .selectFrom('entrevistas')
      .select('observaciones')
      .where('postulante_id', '=', id)
      .where('observaciones', 'is not', null)
      .execute();
    const scorecards = await db
      .selectFrom('entrevista_evaluaciones as e')
      .innerJoin('entrevistas as i', 'i.id', 'e.entrevista_id')
      .select('e.comentarios')
      .where('i.postulante_id', '=', id)
      .where('e.comentarios', 'is not', null)
      .execute();
    return {
      history: history.map((h) => h.nota),
      interviews: interviews.map((i) => i.observaciones),
      scorecards: scorecards.map((c) => c.comentarios),
    };
  };

  const clave = async (id: number) =>
    (await t.api.db.selectFrom('postulante_archivos').select('clave').where('postulante_id', '=', id).execute()).map(
      (f) => f.clave,
    );

  it('does nothing to recent applications; the preview says so', async () => {
    now = addDays(T0, 1);
    const p = (await get('/internal/retencion').expect(200)).body as Body;
    expect(p).toMatchObject({ anonimizados: 0, avisos: 0, documentos: 0, politica: { meses: 24, diasAviso: 30 } });
    const r = (await post('/internal/retencion/ejecutar').expect(200)).body as Body;
    expect(r).toMatchObject({ anonimizados: 0, avisos: 0, documentos: 0, archivos: 0 });
  });

  it("removes guests' documents of ended applications after the shorter period, and nothing else", async () => {
    now = addDays(addMonths(T0, 6), 1);
    const keep = await clave(ids.rechazada!);
    const p = (await get('/internal/retencion').expect(200)).body as Body;
    expect(p).toMatchObject({ anonimizados: 0, avisos: 0, documentos: 2 });
    const r = (await post('/internal/retencion/ejecutar').expect(200)).body as Body;
    expect(r).toMatchObject({ anonimizados: 0, avisos: 0, documentos: 2, archivos: 2 });
    expect(await exists(path.join(t.api.filesDir, keep[0]!))).toBe(false);
    expect(await clave(ids.rechazada!)).toEqual([]);
    expect(await clave(ids.sinavance!)).toEqual([]);
    for (const k of ['contratada', 'abierta', 'plazaabierta']) expect(await clave(ids[k]!)).toHaveLength(1);
    const a = await app(ids.rechazada!);
    expect(a.documentos_eliminados_en).not.toBeNull();
    expect(a.nombre).toBe('Persona rechazada');
  });

  it('sends the notice once, 30 days before; activity afterwards pushes the date', async () => {
    // Staff write a note on 'reciente' 20 months in: its last activity moves.
    await t.api.db
      .insertInto('postulante_notas')
      .values({
        postulante_id: ids.reciente!,
        usuario_id: adminId,
        texto: 'Llamada',
        creado_en: addMonths(T0, 20).toISOString(),
      })
      .execute();
    now = addDays(addMonths(T0, 24), -29);
    const p = (await get('/internal/retencion').expect(200)).body as Body;
    expect(p).toMatchObject({ anonimizados: 0, avisos: 2 });
    expect((p.proximos as Body[]).map((x) => x.id).sort()).toEqual([ids.rechazada, ids.sinavance].sort());
    const r = (await post('/internal/retencion/ejecutar').expect(200)).body as Body;
    expect(r).toMatchObject({ anonimizados: 0, avisos: 2 });
    const mails = await t.api.db
      .selectFrom('correos_salientes')
      .select(['destinatario', 'asunto', 'texto', 'postulante_id'])
      .where('plantilla', '=', 'retencion-aviso')
      .execute();
    expect(mails.map((m) => m.destinatario).sort()).toEqual(['rechazada@example.com', 'sinavance@example.com']);
    expect(mails[0]!.texto).toMatch(/Hola, Persona .+:[\s\S]*el \d{2}\/\d{2}\/\d{4} eliminaremos tus datos personales/);
    // A second run the same day (and any rerun) sends nothing more.
    const again = (await post('/internal/retencion/ejecutar').expect(200)).body as Body;
    expect(again).toMatchObject({ anonimizados: 0, avisos: 0 });
    expect(
      await t.api.db.selectFrom('correos_salientes').select('id').where('plantilla', '=', 'retencion-aviso').execute(),
    ).toHaveLength(2);
  });

  it('anonymises after the notice period: files, personal fields, notes gone; the funnel and counts unchanged; audited', async () => {
    const before = await funnel();
    const countsBefore = await counts();
    now = addDays(addMonths(T0, 24), 2);
    const p = (await get('/internal/retencion').expect(200)).body as Body;
    expect(p.anonimizados).toBe(2);
    const r = (await post('/internal/retencion/ejecutar').expect(200)).body as Body;
    expect(r).toMatchObject({ anonimizados: 2, avisos: 0 });
    for (const k of ['rechazada', 'sinavance']) {
      const a = await app(ids[k]!);
      expect(a).toMatchObject({ datos_eliminados: true, nombre: '', email: null, telefono: null });
      expect(
        await t.api.db.selectFrom('postulante_notas').select('id').where('postulante_id', '=', ids[k]!).execute(),
      ).toEqual([]);
      expect(await freeText(ids[k]!)).toEqual({ history: [], interviews: [], scorecards: [] });
    }
    expect((await app(ids.rechazada!)).estado).toBe('rechazado');
    // Hired, open process, open vacancy and the recent one are untouched.
    for (const k of ['contratada', 'abierta', 'plazaabierta', 'reciente']) {
      const a = await app(ids[k]!);
      expect(a.datos_eliminados).toBe(false);
      expect(a.nombre).toBe(`Persona ${k}`);
      expect((await freeText(ids[k]!)).scorecards).toEqual([`Comentario sobre ${k}`]);
    }
    expect(before.general.total).toBe(6);
    expect(await funnel()).toEqual(before);
    expect(await counts()).toEqual(countsBefore);
    // The sent notices keep no address or body.
    const mails = await t.api.db
      .selectFrom('correos_salientes')
      .select(['destinatario', 'texto'])
      .where('plantilla', '=', 'retencion-aviso')
      .execute();
    expect(mails.every((m) => m.destinatario === '' && m.texto === '')).toBe(true);
    // The audit row: the actor, the run as target, counts only.
    const row = await t.api.db
      .selectFrom('auditoria')
      .select(['accion', 'actor_tipo', 'actor_id', 'objetivo_tipo', 'objetivo_id', 'detalle'])
      .where('accion', '=', 'retencion.ejecutar')
      .where('objetivo_id', '=', String(r.runId))
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      actor_tipo: 'usuario',
      actor_id: adminId,
      objetivo_tipo: 'retencion',
      detalle: { tipo: 'manual', anonimizados: 2, avisos: 0, documentos: 0, archivos: 0 },
    });
    const runs = (await get('/internal/retencion/ejecuciones').expect(200)).body as Body;
    expect(runs.items[0]).toMatchObject({ tipo: 'manual', usuario: 'Admin Retención', anonimizados: 2 });
  });

  it('the daily run happens once per day, even when started twice at once; it is audited as the system', async () => {
    now = addDays(addMonths(T0, 24), 3);
    const deps = {
      db: t.api.db,
      files: { remove: async () => undefined } as never,
      policy: { months: 24, guestDocumentMonths: 6, noticeDays: 30 },
      now: clock,
    };
    const [a, b] = await Promise.all([runRetention(deps, 'diaria'), runRetention(deps, 'diaria')]);
    expect([a, b].filter((x) => x !== null)).toHaveLength(1);
    expect(await runRetention(deps, 'diaria')).toBeNull();
    const run = (a ?? b)!;
    const row = await t.api.db
      .selectFrom('auditoria')
      .select(['actor_tipo', 'actor_id', 'detalle'])
      .where('objetivo_id', '=', String(run.runId))
      .where('accion', '=', 'retencion.ejecutar')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ actor_tipo: 'sistema', actor_id: null, detalle: { tipo: 'diaria' } });
    // The preview now speaks of tomorrow's run.
    const p = (await get('/internal/retencion').expect(200)).body as Body;
    expect(new Date(p.proximaEjecucion as string).getTime()).toBeGreaterThan(now.getTime());
  });
});

const pgUrl = process.env.TEST_DATABASE_URL?.trim();
describe.skipIf(!pgUrl)('retention on PostgreSQL with two api instances', () => {
  it('the daily job of two replicas on one database runs once', async () => {
    const schema = `test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    const scoped = new URL(pgUrl!);
    scoped.searchParams.set('options', `-c search_path=${schema}`);
    const clock = () => new Date('2031-05-05T15:00:00Z');
    const common = { databaseUrl: scoped.toString(), memory: true, port: 0, seedDemo: false, log: false } as const;
    const first = await startApi({ ...common, retention: { clock, schedule: false } });
    try {
      const both = await Promise.all([
        startApi({ ...common, migrate: false, retention: { clock, schedule: true, checkMs: 50 } }),
        startApi({ ...common, migrate: false, retention: { clock, schedule: true, checkMs: 50 } }),
      ]);
      await new Promise((r) => setTimeout(r, 1_000));
      await Promise.all(both.map((a) => a.close()));
      const runs = await first.db.selectFrom('retencion_ejecuciones').select(['dia', 'tipo']).execute();
      expect(runs).toEqual([{ dia: expect.anything(), tipo: 'diaria' }]);
      const audited = await first.db
        .selectFrom('auditoria')
        .select('actor_tipo')
        .where('accion', '=', 'retencion.ejecutar')
        .execute();
      expect(audited).toEqual([{ actor_tipo: 'sistema' }]);
    } finally {
      await first.close();
      const cleanup = new pg.Client({ connectionString: pgUrl });
      await cleanup.connect();
      await cleanup.query(`drop schema if exists ${schema} cascade`);
      await cleanup.end();
    }
  }, 120_000);
});

describe('retention configuration', () => {
  it('defaults to 24 months, 6 for guests’ documents and 30 days’ notice; 0 turns it off; nonsense refused', async () => {
    const { loadConfig } = await import('../src/config.js');
    expect(loadConfig({})).toMatchObject({
      RETENTION_MONTHS: 24,
      RETENTION_GUEST_DOCUMENT_MONTHS: 6,
      RETENTION_NOTICE_DAYS: 30,
    });
    expect(loadConfig({ RETENTION_MONTHS: '0', RETENTION_JOB: 'false' })).toMatchObject({
      RETENTION_MONTHS: 0,
      RETENTION_JOB: false,
    });
    expect(() => loadConfig({ RETENTION_NOTICE_DAYS: '0' })).toThrow(/RETENTION_NOTICE_DAYS/);
    expect(() => loadConfig({ RETENTION_MONTHS: '-1' })).toThrow(/RETENTION_MONTHS/);
  });
});
