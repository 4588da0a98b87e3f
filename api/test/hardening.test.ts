import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { dayjs, todayInGuatemala } from '@bolsa/domain';
import pg from 'pg';
import { sql } from 'kysely';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capturingLogger, createLogger } from '../src/observability/index.js';
import { requestLogEnabled, loadConfig } from '../src/config.js';
import { errorHandler } from '../src/errors.js';
import { startApi } from '../src/server.js';
import { databases, type TestApi } from './support/databases.js';
import { picture, postForm } from './support/files.js';

const LAST_ADMIN = 'No se puede desactivar, cambiar de rol ni eliminar al último administrador activo.';
const CONTROL = 'Solicitud inválida';
const UNAVAILABLE = 'No se pudo contactar al servidor. Intenta nuevamente.';

const iso = (days: number) => dayjs(todayInGuatemala(), 'YYYY-MM-DD').add(days, 'day').format('YYYY-MM-DD');

describe.each(databases)('hardening (issue 13) on $name', ({ start }) => {
  let t: TestApi;
  const auth = () => ({ Authorization: `Bearer ${t.api.token}` });
  const get = (p: string) => request(t.api.url).get(p).set(auth());
  const post = (p: string, body?: object) => {
    const req = request(t.api.url).post(p).set(auth());
    return body === undefined ? req : req.send(body);
  };
  const errorLines = () => t.logs.filter((l) => l.includes('falló'));

  beforeAll(async () => {
    t = await start();
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('the last active administrator', () => {
    let adminId: number;
    const activeAdmins = () =>
      t.api.db.selectFrom('usuarios').select('id').where('idrol', '=', 1).where('estatus', '=', true).execute();

    beforeAll(async () => {
      const admins = await activeAdmins();
      adminId = admins[0]!.id;
      // Exactly one active administrator left.
      for (const a of admins.slice(1)) await post(`/usuario/toggle-estado/${a.id}`).expect(200);
      expect(await activeAdmins()).toEqual([{ id: adminId }]);
    });

    const current = async () =>
      t.api.db
        .selectFrom('usuarios')
        .select(['nombre', 'usuario', 'idrol', 'estatus'])
        .where('id', '=', adminId)
        .executeTakeFirstOrThrow();

    it('cannot be deactivated', async () => {
      const res = await post(`/usuario/toggle-estado/${adminId}`).expect(409);
      expect(res.body).toEqual({ message: LAST_ADMIN });
      expect((await current()).estatus).toBe(true);
    });

    it('cannot be demoted or deactivated by an update, but can still be edited', async () => {
      const u = await current();
      const body = { id: adminId, nombre: u.nombre, usuario_: u.usuario, clave: '' };
      expect(
        (await post(`/usuario/actualizar/${adminId}`, { ...body, idRol: 2, estatus: '1' }).expect(409)).body,
      ).toEqual({
        message: LAST_ADMIN,
      });
      expect(
        (await post(`/usuario/actualizar/${adminId}`, { ...body, idRol: 1, estatus: '0' }).expect(409)).body,
      ).toEqual({
        message: LAST_ADMIN,
      });
      expect(await current()).toEqual(u);
      await post(`/usuario/actualizar/${adminId}`, { ...body, nombre: `${u.nombre} B`, idRol: 1, estatus: '1' }).expect(
        200,
      );
      await post(`/usuario/actualizar/${adminId}`, { ...body, idRol: 1, estatus: '1' }).expect(200);
    });

    it('cannot be deleted', async () => {
      expect((await post(`/usuario/eliminar/${adminId}`).expect(409)).body).toEqual({ message: LAST_ADMIN });
      expect(await current()).toBeDefined();
    });

    it('can be once another administrator is active', async () => {
      const created = await post('/usuario', {
        nombre: 'Segunda Administradora',
        usuario_: 'segunda.admin@ejemplo.org.gt',
        clave: 'una-clave-larga-1',
        idRol: 1,
        estatus: '1',
      }).expect(201);
      await post(`/usuario/toggle-estado/${adminId}`).expect(200);
      // Now the new one is the last: refused again.
      await post(`/usuario/eliminar/${created.body.id}`).expect(409);
      await post(`/usuario/toggle-estado/${adminId}`).expect(200);
      await post(`/usuario/eliminar/${created.body.id}`).expect(200);
    });
  });

  describe('control characters never reach the database', () => {
    it('a NUL inside a JSON requirement list of the create form is a Spanish 400, not a 500', async () => {
      const sedes = (await get('/sedes').expect(200)).body as { id: number }[];
      const before = t.logs.length;
      const res = await postForm(
        t,
        '/guardar/Vacante',
        {
          NombreVacante: 'Vacante con NUL',
          Sede: String(sedes[0]!.id),
          Descripcion: 'Descripción',
          FechaFinalizacion: iso(20),
          NombreDepartamento: '01',
          Lugar: '0101:01',
          Requisitos: '["a\\u0000"]',
          Beneficios: '["b"]',
        },
        [{ field: 'imagenFile', data: await picture(40, 30, 'png'), filename: 'a.png', contentType: 'image/png' }],
      );
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(CONTROL);
      expect(t.logs.slice(before).filter((l) => l.includes('falló'))).toEqual([]);
    });

    it('the edit form too', async () => {
      const [v] = (await get('/sedes/vacantes/lista').expect(200)).body as { id: number }[];
      const res = await postForm(t, `/vacantes/${v!.id}`, { Requisitos: '["x\\u0000y"]' });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(CONTROL);
    });

    it.each([
      ['/correos', { email: 'nul@ejemplo.org.gt', nombre: 'Nombre\u0001raro' }],
      ['/usuario', { nombre: 'Ana\u0007', usuario_: 'ana.ctl@ejemplo.org.gt', clave: 'una-clave-larga-1' }],
      ['/usuario', { nombre: 'Ana', usuario_: 'ana.ctl@ejemplo.org.gt', clave: 'clave\u0000-larga-1' }],
    ])('JSON body to %s with a control character is a Spanish 400', async (path, body) => {
      const res = await post(path, body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: CONTROL });
    });

    it('the error middleware maps PostgreSQL 22P05/22021 to 400 without an error log', async () => {
      const logs: string[] = [];
      const logger = capturingLogger('api', logs);
      for (const code of ['22P05', '22021']) {
        let status = 0;
        let body: unknown;
        const res = {
          headersSent: false,
          getHeader: () => 'id',
          status(s: number) {
            status = s;
            return this;
          },
          json(b: unknown) {
            body = b;
            return this;
          },
        };
        const err = Object.assign(new Error('unsupported Unicode escape sequence'), { code });
        errorHandler(logger)(err, { method: 'POST', path: '/x' } as never, res as never, () => undefined);
        expect(status).toBe(400);
        expect(body).toEqual({ message: CONTROL });
      }
      expect(logs).toEqual([]);
    });
  });

  describe('input limits (domain LIMITS and messages)', () => {
    let sedeId: number;
    let png: Buffer;
    const form = (over: Record<string, string>) => ({
      NombreVacante: 'Vacante con límites',
      Sede: String(sedeId),
      Descripcion: 'Descripción',
      FechaFinalizacion: iso(20),
      NombreDepartamento: '01',
      Lugar: '0101:01',
      Requisitos: '["a"]',
      Beneficios: '["b"]',
      ...over,
    });
    const create = (over: Record<string, string>) =>
      postForm(t, '/guardar/Vacante', form(over), [
        { field: 'imagenFile', data: png, filename: 'a.png', contentType: 'image/png' },
      ]);
    const countRows = async () =>
      (
        await t.api.db
          .selectFrom('plazas')
          .select(sql<number>`count(*)::int`.as('n'))
          .executeTakeFirstOrThrow()
      ).n;

    beforeAll(async () => {
      sedeId = ((await get('/sedes').expect(200)).body as { id: number }[])[0]!.id;
      png = await picture(40, 30, 'png');
    });

    it.each([
      [{ NombreVacante: 'N'.repeat(121) }, 'El nombre de la vacante no puede tener más de 120 caracteres.'],
      [{ Descripcion: 'd'.repeat(5_001) }, 'La descripción no puede tener más de 5000 caracteres.'],
      [{ Lugar: 'l'.repeat(301) }, 'La ubicación no puede tener más de 300 caracteres.'],
      [
        { Requisitos: JSON.stringify(Array.from({ length: 31 }, (_, i) => `r${i}`)) },
        'La lista no puede tener más de 30 elementos.',
      ],
      [
        { Beneficios: JSON.stringify(['Seguro', 'b'.repeat(301)]) },
        `El beneficio 2 («${'b'.repeat(40)}…») tiene 301 caracteres. Cada elemento puede tener como máximo 300 caracteres.`,
      ],
      [{ FechaFinalizacion: '9999-12-31' }, 'La fecha debe estar entre 01/01/1900 y 31/12/2100.'],
      [{ Lugar: '9999:01' }, 'Debe seleccionar una ubicación'],
    ])('create refuses %j', async (over, message) => {
      const before = await countRows();
      const res = await create(over);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
      expect(await countRows()).toBe(before);
    });

    it('edit refuses the same limits', async () => {
      const [v] = (await get('/sedes/vacantes/lista').expect(200)).body as { id: number }[];
      for (const [over, message] of [
        [{ NombreVacante: 'N'.repeat(121) }, 'El nombre de la vacante no puede tener más de 120 caracteres.'],
        [{ Requisitos: Array.from({ length: 31 }, (_, i) => `r${i}`) }, 'La lista no puede tener más de 30 elementos.'],
        [{ FechaFinalizacion: '31/12/9999' }, 'La fecha debe estar entre 01/01/1900 y 31/12/2100.'],
      ] as const) {
        const res = await postForm(t, `/vacantes/${v!.id}`, over as Record<string, string | string[]>);
        expect(res.status).toBe(400);
        expect(res.body.message).toBe(message);
      }
    });

    it('a template link with user-info, a long name or description is refused', async () => {
      const base = { Nombre: 'Prueba', Descripcion: 'Descripción', Tipo: 'LINK', Categoria: 'TECNICA' };
      for (const [over, message] of [
        [{ Link: 'https://example.com@evil.example/' }, 'El enlace no puede incluir usuario ni contraseña.'],
        [{ Link: 'https://ok.example/', Nombre: 'n'.repeat(121) }, 'El nombre no puede tener más de 120 caracteres.'],
        [
          { Link: 'https://ok.example/', Descripcion: 'd'.repeat(5_001) },
          'La descripción no puede tener más de 5000 caracteres.',
        ],
      ] as const) {
        const res = await postForm(t, '/pruebas/templates', { ...base, ...over });
        expect(res.status).toBe(400);
        expect(res.body.message).toBe(message);
      }
    });

    it('staff users and administrative e-mails: names ≤ 120, passwords ≤ 200', async () => {
      const long = 'N'.repeat(121);
      expect(
        (await post('/usuario', { nombre: long, usuario_: 'largo@ejemplo.org.gt', clave: 'una-clave-larga-1' })).body,
      ).toEqual({ message: 'El nombre no puede tener más de 120 caracteres.' });
      const res = await post('/usuario', { nombre: 'Largo', usuario_: 'largo@ejemplo.org.gt', clave: 'c'.repeat(201) });
      expect(res.status).toBe(400);
      expect((await post('/correos', { email: 'largo@ejemplo.org.gt', nombre: long })).body).toEqual({
        message: 'Nombre demasiado largo (máximo 120 caracteres).',
      });
    });
  });

  describe('bad ids are expected input', () => {
    const routes: ['get' | 'post', string][] = [
      ['get', '/sedes/:id/plazas'],
      ['get', '/plazas/:id'],
      ['post', '/vacantes/:id'],
      ['post', '/plazas/:id'],
      ['post', '/plazas/:id/destacado'],
      ['post', '/usuario/actualizar/:id'],
      ['post', '/usuario/toggle-estado/:id'],
      ['post', '/usuario/eliminar/:id'],
      ['get', '/internal/usuarios/:id/sesion'],
      ['get', '/internal/usuarios-candidatos/:id/sesion'],
      ['post', '/internal/api-tokens/:id/revocar'],
      ['post', '/correos/:id'],
      ['post', '/correos/:id/activo'],
      ['post', '/correos/:id/eliminar'],
      ['get', '/municipio/:id'],
      ['post', '/pruebas/templates/:id/activo'],
      ['post', '/pruebas/templates/:id'],
      ['get', '/pruebas/templates/:id/download'],
    ];
    const ids = ['abc', '0', '-1', '99999999999', '1.5', '%20', '2147483648'];
    it.each(routes)('%s %s answers 400 or 404 in Spanish, never 500, never an error log', async (method, route) => {
      const before = errorLines().length;
      for (const id of ids) {
        const res = await (method === 'get' ? get(route.replace(':id', id)) : post(route.replace(':id', id), {}));
        expect([400, 404], `${method} ${route} ${id}`).toContain(res.status);
        expect(res.body.message).toMatch(/inválid|no existe|no encontrad/i);
        expect(res.body.message).not.toBe('Error interno del servidor');
      }
      expect(errorLines().length).toBe(before);
    });
  });

  it('a file key of any length is 404, never a server error (ENAMETOOLONG)', async () => {
    const before = errorLines().length;
    for (const key of [`plazas/${'a'.repeat(256)}.webp`, `plazas/${'a'.repeat(1000)}`, 'plazas/nada.webp']) {
      const res = await get(`/internal/archivos/${key}`);
      expect(res.status, key.slice(0, 20)).toBe(404);
    }
    expect(errorLines().length).toBe(before);
  });

  describe('POST /correos/{id}', () => {
    const countEmails = async () =>
      (
        await t.api.db
          .selectFrom('correos')
          .select(sql<number>`count(*)::int`.as('n'))
          .executeTakeFirstOrThrow()
      ).n;

    it('with an empty id is refused and creates nothing', async () => {
      const before = await countEmails();
      const res = await post('/correos/', { email: 'vacio@ejemplo.org.gt', nombre: 'Vacío' });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'El correo no existe.' });
      expect(await countEmails()).toBe(before);
    });

    it('with an unknown id is 404 and creates nothing', async () => {
      const before = await countEmails();
      const res = await post('/correos/999999', { email: 'nuevo@ejemplo.org.gt', nombre: 'Nuevo' });
      expect(res.status).toBe(404);
      expect(await countEmails()).toBe(before);
    });
  });
});

describe('a database outage', () => {
  it('answers 503 with the Spanish unavailable message and a code, not 500', async () => {
    const logs: string[] = [];
    const api = await startApi({
      memory: true,
      port: 0,
      seedDemo: false,
      logger: capturingLogger('api', logs),
    });
    try {
      await request(api.url).get('/sedes').set('Authorization', `Bearer ${api.token}`).expect(200);
      await api.db.destroy();
      for (const path of ['/sedes', '/sedes/vacantes/lista', '/usuario', '/plazas/1']) {
        const res = await request(api.url).get(path).set('Authorization', `Bearer ${api.token}`);
        expect(res.status).toBe(503);
        expect(res.body).toEqual({ message: UNAVAILABLE, code: 'DB_UNAVAILABLE' });
      }
      // One short line for the operator, no stack trace per request.
      expect(logs.filter((l) => l.includes('\n    at '))).toEqual([]);
    } finally {
      await api.close().catch(() => undefined);
    }
  });
});

const pgUrl = process.env.TEST_DATABASE_URL?.trim();

/** PostgreSQL behind a loopback TCP relay we can cut, as a network outage would. */
describe.skipIf(!pgUrl)('a PostgreSQL outage', () => {
  it('answers 503 with the unavailable message while the server is unreachable', async () => {
    const target = new URL(pgUrl!);
    const sockets = new Set<net.Socket>();
    const relay = net.createServer((client) => {
      const upstream = net.connect(Number(target.port || 5432), target.hostname);
      for (const s of [client, upstream]) {
        sockets.add(s);
        s.on('close', () => sockets.delete(s));
        s.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
    const schema = `test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    const url = new URL(pgUrl!);
    url.host = `127.0.0.1:${(relay.address() as net.AddressInfo).port}`;
    url.searchParams.set('options', `-c search_path=${schema}`);
    const api = await startApi({
      databaseUrl: url.toString(),
      memory: true,
      port: 0,
      seedDemo: false,
      logger: createLogger('api', { level: 'silent' }),
    });
    try {
      const auth = { Authorization: `Bearer ${api.token}` };
      await request(api.url).get('/sedes').set(auth).expect(200);
      relay.close();
      for (const s of sockets) s.destroy();
      for (const path of ['/sedes', '/usuario', '/sedes/vacantes/lista']) {
        const res = await request(api.url).get(path).set(auth);
        expect([path, res.status, res.body]).toEqual([path, 503, { message: UNAVAILABLE, code: 'DB_UNAVAILABLE' }]);
      }
    } finally {
      await api.close().catch(() => undefined);
      await admin.query(`drop schema if exists ${schema} cascade`);
      await admin.end();
    }
  }, 60_000);
});

describe('the per-request log', () => {
  it('follows API_LOG in production as in development, and is on by default', () => {
    for (const NODE_ENV of ['production', 'development']) {
      expect(requestLogEnabled(loadConfig({ NODE_ENV, API_LOG: 'false' }))).toBe(false);
      expect(requestLogEnabled(loadConfig({ NODE_ENV, API_LOG: 'true' }))).toBe(true);
      expect(requestLogEnabled(loadConfig({ NODE_ENV }))).toBe(true);
    }
  });
});
