import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/demo/index.js';
import { databases, type TestApi } from './support/databases.js';
import { recordingClient } from './support/client.js';

const sid = () => randomBytes(32).toString('hex');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(databases)('internal sessions, counters and spent tokens ($name)', ({ start }) => {
  let t: TestApi;
  const client = recordingClient(() => t);
  beforeAll(async () => {
    t = await start();
  }, 60_000);
  afterAll(() => t?.close());

  async function staffId(usuario: string): Promise<number> {
    const r = await client.post('/login', { usuario_: usuario, clave: DEMO_PASSWORD });
    return r.body.user.id as number;
  }

  it('is closed to callers without the service token', async () => {
    expect(
      (
        await request(t.api.url)
          .post('/internal/contadores')
          .send({ clave: 'x'.repeat(10) })
      ).status,
    ).toBe(401);
    expect((await request(t.api.url).post(`/internal/sesiones/${sid()}/usar`).send({})).status).toBe(401);
  });

  it('keeps a session until it is ended, and answers the live role', async () => {
    const id = sid();
    const uid = await staffId('gestor@ejemplo.org.gt');
    expect(
      (await client.post('/internal/sesiones', { id, tipo: 'staff', usuarioId: uid, rol: 2, vidaMs: 60_000 })).status,
    ).toBe(201);
    const used = await client.post(`/internal/sesiones/${id}/usar`, { inactividadMs: 60_000 });
    expect(used.status).toBe(200);
    expect(used.body).toMatchObject({
      tipo: 'staff',
      usuarioId: String(uid),
      rol: 2,
      cuenta: { activo: true, idrol: 2 },
    });
    // The name and e-mail are read live from the account, never kept with the session.
    expect(used.body.cuenta.email).toBe('gestor@ejemplo.org.gt');
    expect(JSON.stringify(used.body)).not.toMatch(/sello|clave/);
    expect((await client.post(`/internal/sesiones/${id}/eliminar`)).body).toEqual({ eliminada: true });
    expect((await client.post(`/internal/sesiones/${id}/usar`, { inactividadMs: 60_000 })).status).toBe(404);
  });

  it('writes the use mark only when it is older than a hundredth of the idle limit (no write per request)', async () => {
    const uid = await staffId('visualizador@ejemplo.org.gt');
    const id = sid();
    await client.post('/internal/sesiones', { id, tipo: 'staff', usuarioId: uid, rol: 3, vidaMs: 60_000 });
    const mark = async () =>
      (
        await sql<{
          v: string;
          x: string;
        }>`select vista_en::text as v, xmin::text as x from sesiones where id = ${id}`.execute(t.api.db)
      ).rows[0]!;
    const created = await mark();
    // Idle limit 60 s: the mark is rewritten at most every 600 ms; the row is not even locked meanwhile.
    for (let i = 0; i < 3; i++)
      expect((await client.post(`/internal/sesiones/${id}/usar`, { inactividadMs: 60_000 })).status).toBe(200);
    expect(await mark()).toEqual(created);
    await sleep(700);
    expect((await client.post(`/internal/sesiones/${id}/usar`, { inactividadMs: 60_000 })).status).toBe(200);
    expect((await mark()).v > created.v).toBe(true);
  });

  it('ends a session after the idle time and after its absolute lifetime, whatever the activity', async () => {
    const uid = await staffId('visualizador@ejemplo.org.gt');
    const idle = sid();
    const absolute = sid();
    await client.post('/internal/sesiones', { id: idle, tipo: 'staff', usuarioId: uid, rol: 3, vidaMs: 60_000 });
    await client.post('/internal/sesiones', { id: absolute, tipo: 'staff', usuarioId: uid, rol: 3, vidaMs: 1_500 });
    await sleep(600);
    expect((await client.post(`/internal/sesiones/${absolute}/usar`, { inactividadMs: 60_000 })).status).toBe(200);
    await sleep(600);
    expect((await client.post(`/internal/sesiones/${absolute}/usar`, { inactividadMs: 60_000 })).status).toBe(200);
    expect((await client.post(`/internal/sesiones/${idle}/usar`, { inactividadMs: 1_000 })).status).toBe(404);
    await sleep(500);
    expect((await client.post(`/internal/sesiones/${absolute}/usar`, { inactividadMs: 60_000 })).status).toBe(404);
  });

  it('ends every session of an account that is deactivated or whose password changes', async () => {
    const created = await client.post('/usuario', {
      nombre: 'Sesión Prueba',
      usuario_: `sesion.${randomBytes(3).toString('hex')}@ejemplo.org.gt`,
      clave: 'clave-segura-1',
      idRol: 3,
    });
    const uid = created.body.id as number;
    const a = sid();
    const b = sid();
    for (const id of [a, b])
      await client.post('/internal/sesiones', { id, tipo: 'staff', usuarioId: uid, rol: 3, vidaMs: 60_000 });
    const use = (id: string) => client.post(`/internal/sesiones/${id}/usar`, { inactividadMs: 60_000 });
    expect((await use(a)).status).toBe(200);
    // A role change is seen on the next use.
    await client.post(`/usuario/actualizar/${uid}`, {
      nombre: 'Sesión Prueba',
      usuario_: (await client.get('/usuario')).body.find((u: { id: number }) => u.id === uid).usuario_,
      idRol: 2,
    });
    expect((await use(a)).body.cuenta.idrol).toBe(2);
    const usuario = (await client.get('/usuario')).body.find((u: { id: number }) => u.id === uid).usuario_;
    await client.post(`/usuario/actualizar/${uid}`, {
      nombre: 'Sesión Prueba',
      usuario_: usuario,
      clave: 'otra-clave-2',
    });
    expect((await use(a)).status).toBe(404);
    expect((await use(b)).status).toBe(404);
    const c = sid();
    await client.post('/internal/sesiones', { id: c, tipo: 'staff', usuarioId: uid, rol: 3, vidaMs: 60_000 });
    expect((await use(c)).status).toBe(200);
    await client.post(`/usuario/toggle-estado/${uid}`);
    expect((await use(c)).status).toBe(404);
    expect(
      (await client.post('/internal/sesiones', { id: sid(), tipo: 'staff', usuarioId: uid, rol: 3, vidaMs: 60_000 }))
        .status,
    ).toBe(409);
  });

  it('names in the revocation feed every account, token and session whose cached copies must go (issue 22)', async () => {
    const feed = async () =>
      ((await client.get('/internal/sesiones/revocaciones?ventanaMs=10000')).body.revocadas as { clave: string }[]).map(
        (r) => r.clave,
      );
    const created = await client.post('/usuario', {
      nombre: 'Feed Prueba',
      usuario_: `feed.${randomBytes(3).toString('hex')}@ejemplo.org.gt`,
      clave: 'clave-segura-1',
      idRol: 3,
    });
    const uid = created.body.id as number;
    expect(await feed()).not.toContain(`staff:${uid}`);
    await client.post(`/usuario/toggle-estado/${uid}`);
    expect(await feed()).toContain(`staff:${uid}`);

    const hash = randomBytes(32).toString('hex');
    const token = await client.post('/internal/api-tokens', { nombre: 'Feed', idrol: 3, hash });
    expect(await feed()).not.toContain(`token:${hash}`);
    await client.post(`/internal/api-tokens/${token.body.id}/revocar`);
    expect(await feed()).toContain(`token:${hash}`);

    const id = sid();
    const manager = await staffId('gestor@ejemplo.org.gt');
    await client.post('/internal/sesiones', { id, tipo: 'staff', usuarioId: manager, rol: 2, vidaMs: 60_000 });
    await client.post(`/internal/sesiones/${id}/eliminar`);
    expect(await feed()).toContain(`sesion:${id}`);
    expect((await client.get('/internal/sesiones/revocaciones')).status).toBe(400);
  });

  it('writes idle marks in a batch with the time of each last use, and answers the absolute end', async () => {
    const uid = await staffId('visualizador@ejemplo.org.gt');
    const id = sid();
    await client.post('/internal/sesiones', { id, tipo: 'staff', usuarioId: uid, rol: 3, vidaMs: 60_000 });
    const used = await client.post(`/internal/sesiones/${id}/usar`, { inactividadMs: 2_000 });
    expect(Date.parse(used.body.expiraEn) - Date.now()).toBeGreaterThan(55_000);
    await sleep(1_200);
    // Used 100 ms ago on some replica: the mark moves, and the session outlives its idle limit.
    const touched = await client.post('/internal/sesiones/vistas', {
      vistas: [
        { id, haceMs: 100 },
        { id: sid(), haceMs: 0 },
      ],
      inactividadMs: 2_000,
    });
    expect(touched.body).toEqual({ tocadas: 1 });
    await sleep(1_200);
    expect((await client.post(`/internal/sesiones/${id}/usar`, { inactividadMs: 2_000 })).status).toBe(200);
    // A late batch never revives a session past its idle limit.
    await sleep(2_200);
    await client.post('/internal/sesiones/vistas', { vistas: [{ id, haceMs: 0 }], inactividadMs: 2_000 });
    expect((await client.post(`/internal/sesiones/${id}/usar`, { inactividadMs: 2_000 })).status).toBe(404);
    expect((await client.post('/internal/sesiones/vistas', { vistas: 'x', inactividadMs: 2_000 })).status).toBe(400);
  }, 20_000);

  it('counts atomically: 25 parallel consumes get 25 different counts', async () => {
    const clave = `prueba:${sid()}`;
    const answers = await Promise.all(
      Array.from({ length: 25 }, () => client.post('/internal/contadores', { clave, puntos: 1, duracionMs: 60_000 })),
    );
    expect(answers.map((a) => a.body.puntos).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 25 }, (_, i) => i + 1),
    );
    const got = await client.get(`/internal/contadores/${clave}`);
    expect(got.body.puntos).toBe(25);
    expect(got.body.restanteMs).toBeGreaterThan(50_000);
    await client.post(`/internal/contadores/${clave}/eliminar`);
    expect((await client.get(`/internal/contadores/${clave}`)).status).toBe(404);
  });

  it('starts a count again once it has expired', async () => {
    const clave = `prueba:${sid()}`;
    await client.post('/internal/contadores', { clave, puntos: 3, duracionMs: 1_000 });
    await sleep(1_100);
    expect((await client.post('/internal/contadores', { clave, puntos: 1, duracionMs: 1_000 })).body.puntos).toBe(1);
  });

  it('spends a single-use token once, even when raced', async () => {
    const clave = `captcha:${sid()}`;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => client.post('/internal/tokens-usados', { clave, duracionMs: 60_000 })),
    );
    expect(answers.filter((a) => a.body.nuevo === true)).toHaveLength(1);
    expect((await client.get(`/internal/tokens-usados/${clave}`)).body).toEqual({ usado: true });
    expect((await client.get(`/internal/tokens-usados/captcha:${sid()}`)).body).toEqual({ usado: false });
  });

  it('refuses malformed keys and numbers with a Spanish 400', async () => {
    const r = await client.post('/internal/contadores', { clave: 'a b', puntos: 1, duracionMs: 10 });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('Solicitud inválida');
    expect((await client.post('/internal/contadores', { clave: 'abcdefgh', puntos: '1', duracionMs: 10 })).status).toBe(
      400,
    );
  });
});
