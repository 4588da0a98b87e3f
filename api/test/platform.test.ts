import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app.js';
import type { Db } from '../src/db/database.js';
import type { FileStore } from '../src/storage/index.js';
import { contentTypeFor, isSafeKey } from '../src/storage/index.js';
import type { VacancyJson } from '../src/vacancies/vacancy-row.js';
import { databases, records, type TestApi } from './support/databases.js';
import { rawGet } from './support/http.js';

const spanish = new Intl.Collator('es', { sensitivity: 'base' });

describe('file keys', () => {
  it('accepts store keys and refuses anything that could leave the store', () => {
    expect(isSafeKey('plazas/3f2a.webp')).toBe(true);
    for (const bad of ['', '../x', 'plazas/../../x', '/etc/passwd', 'plazas\\x.webp', 'a//b', './a', 'C:/x', 'a/\0']) {
      expect(isSafeKey(bad)).toBe(false);
    }
  });

  it('maps extensions to the content types the board serves', () => {
    expect(contentTypeFor('a/b.webp')).toBe('image/webp');
    expect(contentTypeFor('a/b.PNG')).toBe('image/png');
    expect(contentTypeFor('a/b.jpeg')).toBe('image/jpeg');
    expect(contentTypeFor('a/b.jpg')).toBe('image/jpeg');
    expect(contentTypeFor('a/b.gif')).toBe('image/gif');
    expect(contentTypeFor('cv/x.pdf')).toBe('application/pdf');
    expect(contentTypeFor('x.exe')).toBe('application/octet-stream');
  });
});

/**
 * ARCHITECTURE.md principle 1: the api serves the REST calls of each spec's §7 exactly, and may add
 * internal endpoints only under /internal/…. The calls as the specs list them ({param} for a path
 * parameter); the api's own spelling of a parameter's name does not matter.
 */
const DOCUMENTED: readonly string[] = [
  // spec 1 §7
  'POST /usuarios-candidatos/login',
  'POST /usuarios-candidatos/register',
  'GET /postulantes/validar',
  'POST /guardar/Postulante',
  'GET /PerfilCandidato/profile/{userId}',
  'GET /PerfilCandidato/foto/{userId}',
  'GET /PerfilCandidato/archivo/{userId}/{dpi}/{fileId}',
  'POST /PerfilCandidato/completar-perfil',
  'GET /mis-postulaciones/{userId}',
  'GET /municipios',
  'GET /sedes',
  'GET /sedes/vacantes/lista',
  'POST /plazas/{id}/destacado',
  'POST /login',
  // spec 2 §7
  'GET /sedes/{sedeId}/plazas',
  'GET /municipio/{id}',
  'GET /plazas/departamentos',
  'GET /plazas/existe',
  'POST /guardar/Vacante',
  'POST /vacantes/{id}',
  'GET /plazas/{id}',
  'POST /plazas/{id}',
  'GET /usuario',
  'GET /pruebas/templates',
  'POST /pruebas/templates',
  'POST /pruebas/templates/{id}/activo',
  'POST /pruebas/templates/{id}',
  'GET /pruebas/templates/{id}/download',
  'GET /correos',
  'POST /correos',
  'POST /correos/{correo_id}',
  'POST /correos/{correo_id}/activo',
  'POST /correos/{correo_id}/eliminar',
  'POST /usuario/toggle-estado/{id}',
  'POST /usuario/actualizar/{id}',
  'POST /usuario',
  'POST /usuario/eliminar/{id}',
  // spec 3 §7
  'GET /candidatos/lista',
  'GET /candidatos/detalle/{id}',
  'GET /candidatos/por-plaza/{plazaId}',
  // The spec lists /candidatos/por-estado/contratado and …/rechazado; one route serves both.
  'GET /candidatos/por-estado/{estado}',
  'GET /candidatos/estados-permitidos/{id}',
  'POST /candidatos/cambiar-estado/{id}',
  'POST /candidatos/{id}/estado',
  'POST /candidatos/reactivar/{id}',
  'POST /candidatos/{id}',
  'POST /email/notificar-estado',
  'POST /email/notificar-documentos',
  'POST /email/enviar-pruebas',
  'GET /pruebas/postulante/{id}',
  'POST /pruebas/asignar-simple',
  'POST /pruebas/postulante-pruebas/{id}',
  'POST /pruebas/postulante-pruebas/{id}/eliminar',
  'POST /entrevista/crear-reunion-teams',
  'POST /entrevista/crear-entrevista-presencial',
];

/** Outside the contract on purpose: the unauthenticated liveness probe (docker-compose, npm start, the BFF). */
const OPERATIONAL: readonly string[] = ['GET /livez', 'GET /healthz'];

interface RouterLayer {
  rawPath?: unknown;
  slash?: boolean;
  route?: { path: unknown; methods: Record<string, boolean> };
  handle?: { stack?: RouterLayer[] };
}

/** Every 'METHOD /path' the app registers, walking mounted routers. */
function registeredRoutes(stack: RouterLayer[], prefix = ''): string[] {
  return stack.flatMap((layer) => {
    if (layer.route) {
      const paths = [layer.route.path].flat() as string[];
      return Object.keys(layer.route.methods).flatMap((m) => paths.map((p) => `${m.toUpperCase()} ${prefix}${p}`));
    }
    if (layer.handle?.stack) {
      const at = layer.slash || typeof layer.rawPath !== 'string' ? '' : layer.rawPath;
      return registeredRoutes(layer.handle.stack, prefix + at);
    }
    return [];
  });
}

/** ':id', '{id}' and '*key' all become '{}', so the spec's and Express's spellings compare. */
const shape = (route: string) => route.replace(/[:*][A-Za-z_]\w*|\{[^}/]*\}/g, '{}');

describe('the REST contract (ARCHITECTURE.md principle 1)', () => {
  // Building the app touches neither the database nor the file store.
  const app = createApp({ db: {} as Db, files: {} as FileStore, serviceToken: 'x'.repeat(32) });
  const routes = registeredRoutes((app.router as unknown as { stack: RouterLayer[] }).stack);
  const documented = new Set(DOCUMENTED.map(shape));

  it('finds the routes', () => {
    expect(routes.length).toBeGreaterThan(DOCUMENTED.length);
    expect(routes).toContain('GET /internal/archivos/*key');
  });

  it('registers no route that is neither a documented §7 call nor under /internal/', () => {
    const stray = routes.filter(
      (r) => !documented.has(shape(r)) && !OPERATIONAL.includes(r) && !/^[A-Z]+ \/internal\//.test(r),
    );
    expect(stray).toEqual([]);
  });

  it('serves every documented §7 call', () => {
    const served = new Set(routes.map(shape));
    expect(DOCUMENTED.filter((c) => !served.has(shape(c)))).toEqual([]);
  });
});

describe.each(databases)('platform on $name', ({ start }) => {
  let t: TestApi;
  let auth: { Authorization: string };
  const get = (path: string) => request(t.api.url).get(path).set(auth);

  beforeAll(async () => {
    t = await start();
    auth = { Authorization: `Bearer ${t.api.token}` };
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('service token', () => {
    it('leaves /healthz and /livez open', async () => {
      const res = await request(t.api.url).get('/healthz').expect(200);
      expect(res.body).toEqual({ ok: true });
      expect((await request(t.api.url).get('/livez').expect(200)).body).toEqual({ ok: true });
    });

    it('refuses requests without the token or with a wrong one', async () => {
      for (const headers of [
        {},
        { Authorization: 'Bearer nope' },
        { Authorization: `Bearer ${t.api.token}x` },
        { Authorization: `Basic ${t.api.token}` },
        { 'X-Service-Token': t.api.token.slice(0, -1) },
      ]) {
        const res = await request(t.api.url).get('/sedes').set(headers).expect(401);
        expect(res.body).toEqual({ message: 'No autorizado' });
        expect(res.headers['x-request-id']).toBeTruthy();
      }
      // Unknown paths do not reveal themselves to callers without the token.
      await request(t.api.url).get('/no-existe').expect(401);
    });

    it('accepts the token as a bearer token or in X-Service-Token', async () => {
      await request(t.api.url).get('/sedes').set('Authorization', `Bearer ${t.api.token}`).expect(200);
      await request(t.api.url).get('/sedes').set('authorization', `bearer ${t.api.token}`).expect(200);
      await request(t.api.url).get('/sedes').set('X-Service-Token', t.api.token).expect(200);
    });
  });

  describe('errors and headers', () => {
    it('answers unknown routes with 404 in Spanish', async () => {
      expect((await get('/no-existe').expect(404)).body).toEqual({ message: 'Recurso no encontrado' });
      expect((await request(t.api.url).delete('/sedes').set(auth).expect(404)).body).toEqual({
        message: 'Recurso no encontrado',
      });
    });

    it('answers a malformed JSON body with 400, not 500', async () => {
      const res = await request(t.api.url)
        .post('/sedes')
        .set(auth)
        .set('Content-Type', 'application/json')
        .send('{"nombre": ')
        .expect(400);
      expect(res.body).toEqual({ message: 'Solicitud inválida' });
    });

    it('answers a body over 1 MB with 413', async () => {
      const res = await request(t.api.url)
        .post('/sedes')
        .set(auth)
        .set('Content-Type', 'application/json')
        .send(JSON.stringify({ x: 'a'.repeat(1_100_000) }))
        .expect(413);
      expect(res.body).toEqual({ message: 'La solicitud es demasiado grande' });
    });

    it('answers broken percent-encoding with 400', async () => {
      const res = await rawGet(t.api.url, '/plazas/%E0%A4%A', auth);
      expect(res.status).toBe(400);
      expect(JSON.parse(res.body.toString())).toEqual({ message: 'Solicitud inválida' });
    });

    it('sends X-Request-Id on every response and keeps a well-formed incoming one', async () => {
      const own = await get('/sedes').expect(200);
      expect(own.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      const passed = await get('/sedes').set('X-Request-Id', 'bff-1234.abc').expect(200);
      expect(passed.headers['x-request-id']).toBe('bff-1234.abc');
      const hostile = await get('/sedes').set('X-Request-Id', 'a b\tc<script>').expect(200);
      expect(hostile.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(own.headers['x-powered-by']).toBeUndefined();
    });

    it('logs method, route, status, time and request id as one JSON line, never the query string', async () => {
      const res = await get('/plazas/999999?dpi=2345678901234&email=ana%40example.com').expect(404);
      const id = res.headers['x-request-id'] as string;
      const line = records(t.logs).find((l) => l.reqId === id);
      expect(line).toMatchObject({ level: 'info', method: 'GET', route: '/plazas/:id', status: 404, reqId: id });
      expect(line!.ms).toEqual(expect.any(Number));
      expect(t.logs.join('\n')).not.toContain('2345678901234');
      expect(t.logs.join('\n')).not.toContain('example.com');
    });
  });

  describe('branches and geography', () => {
    it('GET /sedes lists id and nombre in Spanish alphabetical order', async () => {
      const sedes = (await get('/sedes').expect(200)).body as { id: number; nombre: string }[];
      expect(sedes).toHaveLength(5);
      for (const s of sedes) expect(Object.keys(s)).toEqual(['id', 'nombre']);
      expect(sedes.map((s) => s.nombre)).toEqual([...sedes.map((s) => s.nombre)].sort(spanish.compare));
      expect(sedes.map((s) => s.nombre)).toContain('Oficinas Centrales');
    });

    it('GET /municipios lists all 340 by department then municipality name', async () => {
      const all = (await get('/municipios').expect(200)).body as Record<string, string>[];
      expect(all).toHaveLength(340);
      expect(Object.keys(all[0]!)).toEqual(['municipioId', 'municipioNombre', 'departamentoId', 'departamentoNombre']);
      const sorted = [...all].sort(
        (a, b) =>
          spanish.compare(a.departamentoNombre!, b.departamentoNombre!) ||
          spanish.compare(a.municipioNombre!, b.municipioNombre!),
      );
      expect(all).toEqual(sorted);
      expect(all[0]!.departamentoNombre).toBe('Alta Verapaz');
      expect(all).toContainEqual({
        municipioId: '0101',
        municipioNombre: 'Guatemala',
        departamentoId: '01',
        departamentoNombre: 'Guatemala',
      });
      expect(new Set(all.map((m) => m.departamentoId)).size).toBe(22);
    });

    it('GET /municipio/{id} returns one municipality, 404 or 400', async () => {
      expect((await get('/municipio/1601').expect(200)).body).toEqual({
        municipioId: '1601',
        municipioNombre: 'Cobán',
        departamentoId: '16',
        departamentoNombre: 'Alta Verapaz',
      });
      // Legacy callers send the code as a number, without the leading zero.
      expect((await get('/municipio/901').expect(200)).body.municipioNombre).toBe('Quetzaltenango');
      expect((await get('/municipio/9999').expect(404)).body).toEqual({ message: 'Municipio no encontrado' });
      expect((await get('/municipio/abc').expect(400)).body).toEqual({ message: 'Identificador inválido' });
    });

    it('GET /plazas/departamentos lists the 22 departments by code as code/remarks', async () => {
      const deps = (await get('/plazas/departamentos').expect(200)).body as { code: string; remarks: string }[];
      expect(deps).toHaveLength(22);
      expect(deps[0]).toEqual({ code: '01', remarks: 'Guatemala' });
      expect(deps[21]).toEqual({ code: '22', remarks: 'Jutiapa' });
      expect(deps.map((d) => d.code)).toEqual([...deps.map((d) => d.code)].sort());
      for (const d of deps) expect(Object.keys(d)).toEqual(['code', 'remarks']);
    });
  });

  describe('GET /internal/archivos/{key}', () => {
    it('streams a vacancy image as a 1200×675 WebP', async () => {
      const list = (await get('/sedes/vacantes/lista').expect(200)).body as VacancyJson[];
      const withImage = list.filter((v) => v.imagen);
      expect(withImage).toHaveLength(16);
      expect(new Set(withImage.map((v) => v.imagen)).size).toBe(16);
      // `imagen` keeps the file host's '/archivos/<key>' spelling; the api serves it under /internal.
      const res = await get(`/internal${withImage[0]!.imagen!}`)
        .buffer(true)
        .parse((r, cb) => {
          const chunks: Buffer[] = [];
          r.on('data', (c: Buffer) => chunks.push(c));
          r.on('end', () => cb(null, Buffer.concat(chunks)));
        })
        .expect(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe('private, max-age=0');
      const body = res.body as Buffer;
      expect(Number(res.headers['content-length'])).toBe(body.length);
      const meta = await sharp(body).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 1200, height: 675 });
    });

    it('needs the token', async () => {
      await request(t.api.url).get('/internal/archivos/plazas/x.webp').expect(401);
    });

    it('answers 404 JSON for a missing file', async () => {
      const res = await get('/internal/archivos/plazas/00000000-0000-0000-0000-000000000000.webp').expect(404);
      expect(res.body).toEqual({ message: 'Archivo no encontrado' });
    });

    it('refuses path traversal with 400', async () => {
      for (const path of [
        '/internal/archivos/../service-token',
        '/internal/archivos/plazas/../../etc/passwd',
        '/internal/archivos/..%2F..%2Fetc%2Fpasswd',
        '/internal/archivos/%2Fetc%2Fpasswd',
        '/internal/archivos/plazas/%2e%2e/%2e%2e/x',
        '/internal/archivos/plazas%5C..%5Cx.webp',
        '/internal/archivos/plazas//x.webp',
        '/internal/archivos/plazas/x%00.webp',
      ]) {
        const res = await rawGet(t.api.url, path, auth);
        expect([path, res.status]).toEqual([path, 400]);
        expect(JSON.parse(res.body.toString())).toEqual({ message: 'Solicitud inválida' });
      }
    });
  });

  // Last: it takes the database away.
  describe('when the database is gone', () => {
    // Issue 13: an outage is not an internal error; it answers 503 with the spec's unavailable message.
    it('/healthz and other routes answer 503 without details, logged once per request', async () => {
      await t.api.db.destroy();
      expect((await request(t.api.url).get('/healthz').expect(503)).body).toEqual({ ok: false });
      const res = await get('/sedes').expect(503);
      expect(res.body).toEqual({
        message: 'No se pudo contactar al servidor. Intenta nuevamente.',
        code: 'DB_UNAVAILABLE',
      });
      const id = res.headers['x-request-id'] as string;
      expect(records(t.logs)).toContainEqual(
        expect.objectContaining({
          level: 'error',
          reqId: id,
          method: 'GET',
          route: '/sedes',
          msg: 'base de datos no disponible',
        }),
      );
    });
  });
});
