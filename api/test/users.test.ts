import { createHash, randomBytes } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { DEMO_PASSWORD, formatDemoAccounts, listDemoAccounts } from '../src/demo/index.js';
import { createLogger } from '../src/observability/index.js';
import { startApi } from '../src/server.js';
import { databases, records, type TestApi } from './support/databases.js';
import { recordingClient } from './support/client.js';

const ADMIN = 'admin@ejemplo.org.gt';
const GESTOR = 'gestor@ejemplo.org.gt';
const VIEWER = 'visualizador@ejemplo.org.gt';

const BAD_CREDENTIALS = { success: false, message: 'Credenciales incorrectas' };
const NOT_FOUND = { message: 'El usuario no existe o ya fue eliminado.' };
const INCOMPLETE = { message: 'Por favor complete todos los campos requeridos.' };

const spanish = new Intl.Collator('es', { sensitivity: 'base' });
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

interface StaffUser {
  id: number;
  nombre: string;
  usuario_: string;
  estatus: boolean;
  idrol: number;
}

describe('configuration', () => {
  it('reads ORG_EMAIL_DOMAIN, lower-cased and without @, default ejemplo.org.gt', () => {
    expect(loadConfig({}).ORG_EMAIL_DOMAIN).toBe('ejemplo.org.gt');
    expect(loadConfig({ ORG_EMAIL_DOMAIN: '' }).ORG_EMAIL_DOMAIN).toBe('ejemplo.org.gt');
    expect(loadConfig({ ORG_EMAIL_DOMAIN: ' @Salud.Org.GT ' }).ORG_EMAIL_DOMAIN).toBe('salud.org.gt');
    expect(() => loadConfig({ ORG_EMAIL_DOMAIN: 'no es dominio' })).toThrow(/ORG_EMAIL_DOMAIN/);
  });

  it('prints the demo log-ins as a small block', () => {
    expect(
      formatDemoAccounts({
        staff: [
          { rol: 'Administrador', usuario: ADMIN },
          { rol: 'Gestor', usuario: GESTOR },
          { rol: 'Visualizador', usuario: VIEWER },
        ],
        candidates: ['ana.lopez@example.com', 'carlos.perez@example.com'],
      }),
    ).toBe(
      [
        '  Cuentas de demostración (contraseña Demo2026!):',
        '    Administrador  admin@ejemplo.org.gt',
        '    Gestor         gestor@ejemplo.org.gt',
        '    Visualizador   visualizador@ejemplo.org.gt',
        '    Candidatos     ana.lopez@example.com, carlos.perez@example.com',
      ].join('\n'),
    );
    expect(formatDemoAccounts({ staff: [], candidates: [] })).toBe('');
  });

  it('uses the configured domain for the rule and the demo staff', async () => {
    const api = await startApi({
      memory: true,
      port: 0,
      seedDemo: true,
      orgEmailDomain: 'salud.org.gt',
      logger: createLogger('api', { level: 'silent' }),
    });
    try {
      const demo = await listDemoAccounts(api.db);
      expect(demo.staff.map((s) => s.usuario)).toEqual([
        'admin@salud.org.gt',
        'gestor@salud.org.gt',
        'visualizador@salud.org.gt',
      ]);
      const post = (path: string, body: object) =>
        request(api.url).post(path).set('Authorization', `Bearer ${api.token}`).send(body);
      expect((await post('/login', { usuario_: 'admin@salud.org.gt', clave: DEMO_PASSWORD })).status).toBe(200);
      const refused = await post('/usuario', { nombre: 'X', usuario_: 'x@ejemplo.org.gt', clave: 'secreta1' });
      expect([refused.status, refused.body]).toEqual([400, { message: 'Solo se permiten correos @salud.org.gt' }]);
    } finally {
      await api.close();
    }
  });

  it('seeds no accounts without demo data', async () => {
    const api = await startApi({
      memory: true,
      port: 0,
      seedDemo: false,
      logger: createLogger('api', { level: 'silent' }),
    });
    try {
      expect(await listDemoAccounts(api.db)).toEqual({ staff: [], candidates: [] });
    } finally {
      await api.close();
    }
  });
});

describe.each(databases)('staff users on $name', ({ start }) => {
  let t: TestApi;
  const { bodies, get, post } = recordingClient(() => t);
  const login = (usuario_: unknown, clave: unknown) =>
    post('/login', { id: 0, nombre: '', usuario_, clave, estatus: '1', idRol: 0 });
  const users = async () => (await get('/usuario')).body as StaffUser[];
  const byEmail = async (email: string) => (await users()).find((u) => u.usuario_ === email);

  beforeAll(async () => {
    t = await start();
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('POST /login', () => {
    it('lets each demo account in with its role', async () => {
      for (const [email, idrol] of [
        [ADMIN, 1],
        [GESTOR, 2],
        [VIEWER, 3],
      ] as const) {
        const res = await login(email, DEMO_PASSWORD);
        expect(res.status).toBe(200);
        expect(Object.keys(res.body)).toEqual(['success', 'message', 'user']);
        expect(res.body).toMatchObject({ success: true, message: 'Inicio de sesión exitoso' });
        expect(Object.keys(res.body.user)).toEqual(['id', 'nombre', 'usuario_', 'idrol']);
        expect(res.body.user).toMatchObject({
          usuario_: email,
          idrol,
          id: expect.any(Number),
          nombre: expect.any(String),
        });
      }
    });

    it('accepts the user name in any case and with spaces around it', async () => {
      expect((await login('  Admin@Ejemplo.ORG.gt ', DEMO_PASSWORD)).status).toBe(200);
    });

    it('answers a wrong password and an unknown user alike', async () => {
      for (const [usuario, clave] of [
        [ADMIN, 'demo2026!'],
        [ADMIN, `${DEMO_PASSWORD} `],
        ['nadie@ejemplo.org.gt', DEMO_PASSWORD],
        ['admin', DEMO_PASSWORD],
        ['ad\u0000min@ejemplo.org.gt', DEMO_PASSWORD],
      ]) {
        const res = await login(usuario, clave);
        expect([res.status, res.body]).toEqual([401, BAD_CREDENTIALS]);
      }
    });

    it('answers 400 when the user name or password is missing', async () => {
      for (const body of [
        {},
        { usuario_: ADMIN },
        { clave: 'x' },
        { usuario_: ' ', clave: 'x' },
        { usuario_: ADMIN, clave: '' },
        { usuario_: 1, clave: 2 },
      ]) {
        const res = await post('/login', body);
        expect([res.status, res.body]).toEqual([
          400,
          { success: false, message: 'Por favor ingrese usuario y contraseña' },
        ]);
      }
      expect((await post('/login')).status).toBe(400);
    });

    it('answers 403 for an inactive user, only with the right password', async () => {
      const viewer = (await byEmail(VIEWER))!;
      expect((await post(`/usuario/toggle-estado/${viewer.id}`)).body).toEqual({ estatus: false });
      try {
        const res = await login(VIEWER, DEMO_PASSWORD);
        expect([res.status, res.body]).toEqual([
          403,
          { success: false, message: 'Usuario inactivo. Contacte al administrador.' },
        ]);
        expect((await login(VIEWER, 'otra-clave')).status).toBe(401);
      } finally {
        expect((await post(`/usuario/toggle-estado/${viewer.id}`)).body).toEqual({ estatus: true });
      }
      expect((await login(VIEWER, DEMO_PASSWORD)).status).toBe(200);
    });
  });

  describe('GET /usuario', () => {
    it('lists id, nombre, usuario_, estatus and idrol by name, never a hash', async () => {
      const res = await get('/usuario');
      expect(res.status).toBe(200);
      const list = res.body as StaffUser[];
      expect(list.map((u) => u.usuario_).sort()).toEqual([ADMIN, GESTOR, VIEWER]);
      for (const u of list) {
        expect(Object.keys(u)).toEqual(['id', 'nombre', 'usuario_', 'estatus', 'idrol']);
        expect(u.estatus).toBe(true);
      }
      expect(list.map((u) => u.nombre)).toEqual([...list.map((u) => u.nombre)].sort(spanish.compare));
    });
  });

  describe('POST /usuario', () => {
    it('creates a user (trimmed, lower-case e-mail; role 3 and active by default) who can log in', async () => {
      const res = await post('/usuario', {
        id: 0,
        nombre: '  Óscar Xitumul ',
        usuario_: '  Oscar.Xitumul@EJEMPLO.org.gt ',
        clave: 'secreta1',
      });
      expect([res.status, Object.keys(res.body)]).toEqual([201, ['id']]);
      const created = (await byEmail('oscar.xitumul@ejemplo.org.gt'))!;
      expect(created).toEqual({
        id: res.body.id,
        nombre: 'Óscar Xitumul',
        usuario_: 'oscar.xitumul@ejemplo.org.gt',
        estatus: true,
        idrol: 3,
      });
      const logged = await login('oscar.xitumul@ejemplo.org.gt', 'secreta1');
      expect(logged.body.user).toEqual({
        id: res.body.id,
        nombre: 'Óscar Xitumul',
        usuario_: 'oscar.xitumul@ejemplo.org.gt',
        idrol: 3,
      });
      const row = await t.api.db
        .selectFrom('usuarios')
        .select('clave_hash')
        .where('id', '=', res.body.id as number)
        .executeTakeFirstOrThrow();
      expect(row.clave_hash).toMatch(/^\$argon2id\$/);
    });

    it("accepts idRol as a number or text and estatus as '1'/'0' or a boolean", async () => {
      const cases = [
        [{ idRol: 1, estatus: '1' }, 1, true],
        [{ idRol: '2', estatus: '0' }, 2, false],
        [{ idRol: 3, estatus: false }, 3, false],
        [{ idRol: '', estatus: true }, 3, true],
      ] as const;
      for (const [i, [extra, idrol, estatus]] of cases.entries()) {
        const email = `rol${i}@ejemplo.org.gt`;
        const res = await post('/usuario', { nombre: `Rol ${i}`, usuario_: email, clave: 'secreta1', ...extra });
        expect(res.status).toBe(201);
        expect(await byEmail(email)).toMatchObject({ idrol, estatus });
      }
    });

    it('validates with the spec messages', async () => {
      const ok = { nombre: 'Nuevo', usuario_: 'nuevo@ejemplo.org.gt', clave: 'secreta1' };
      const cases: [Record<string, unknown>, object][] = [
        [{ nombre: '' }, INCOMPLETE],
        [{ nombre: '   ' }, INCOMPLETE],
        [{ usuario_: '' }, INCOMPLETE],
        [{ clave: '' }, INCOMPLETE],
        [{ clave: undefined }, INCOMPLETE],
        [{ usuario_: 'nuevo@gmail.com' }, { message: 'Solo se permiten correos @ejemplo.org.gt' }],
        [{ usuario_: 'nuevo@otro.ejemplo.org.gt' }, { message: 'Solo se permiten correos @ejemplo.org.gt' }],
        [{ usuario_: 'nuevo@ejemplo.org.gt.evil.com' }, { message: 'Solo se permiten correos @ejemplo.org.gt' }],
        [{ usuario_: 'nuevo' }, { message: 'Solo se permiten correos @ejemplo.org.gt' }],
        [{ usuario_: `${'a'.repeat(300)}@ejemplo.org.gt` }, { message: 'Formato de correo inválido.' }],
        [{ clave: '12345' }, { message: 'La contraseña debe tener al menos 6 caracteres.' }],
        [{ idRol: 4 }, { message: 'El rol debe ser 1 (Administrador), 2 (Gestor) o 3 (Visualizador).' }],
        [{ idRol: 0 }, { message: 'El rol debe ser 1 (Administrador), 2 (Gestor) o 3 (Visualizador).' }],
        [{ idRol: 'admin' }, { message: 'El rol debe ser 1 (Administrador), 2 (Gestor) o 3 (Visualizador).' }],
        [{ idRol: 1.5 }, { message: 'El rol debe ser 1 (Administrador), 2 (Gestor) o 3 (Visualizador).' }],
        [{ estatus: 'activo' }, { message: "El estado debe ser '1' (activo) o '0' (inactivo)." }],
        [{ nombre: 'Nu\u0000evo' }, { message: 'Solicitud inválida' }],
      ];
      for (const [over, body] of cases) {
        const res = await post('/usuario', { ...ok, ...over });
        expect([over, res.status, res.body]).toEqual([over, 400, body]);
      }
      expect(await byEmail('nuevo@ejemplo.org.gt')).toBeUndefined();
    });

    it('answers 409 for an e-mail already in use, whatever its case', async () => {
      const res = await post('/usuario', { nombre: 'Otro admin', usuario_: 'ADMIN@ejemplo.org.gt', clave: 'secreta1' });
      expect([res.status, res.body]).toEqual([409, { message: 'Ya existe un usuario con ese correo.' }]);
    });
  });

  describe('POST /usuario/actualizar/{id}', () => {
    let id: number;
    beforeAll(async () => {
      id = (await post('/usuario', { nombre: 'Editable', usuario_: 'editable@ejemplo.org.gt', clave: 'original1' }))
        .body.id as number;
    });

    it('updates name, e-mail, role and status; an empty clave keeps the password', async () => {
      const res = await post(`/usuario/actualizar/${id}`, {
        id,
        nombre: 'Editada',
        usuario_: ' Editada@Ejemplo.org.gt',
        estatus: '1',
        idRol: 2,
        clave: '',
      });
      expect([res.status, res.body]).toEqual([200, { success: true }]);
      expect(await byEmail('editada@ejemplo.org.gt')).toEqual({
        id,
        nombre: 'Editada',
        usuario_: 'editada@ejemplo.org.gt',
        estatus: true,
        idrol: 2,
      });
      expect((await login('editada@ejemplo.org.gt', 'original1')).status).toBe(200);
    });

    it('changes the password when clave is given', async () => {
      const body = { nombre: 'Editada', usuario_: 'editada@ejemplo.org.gt', estatus: '1', idRol: 2 };
      expect((await post(`/usuario/actualizar/${id}`, { ...body, clave: 'nueva-clave' })).status).toBe(200);
      expect((await login('editada@ejemplo.org.gt', 'original1')).status).toBe(401);
      expect((await login('editada@ejemplo.org.gt', 'nueva-clave')).status).toBe(200);
      // Missing estatus and idRol keep what is stored.
      expect(
        (await post(`/usuario/actualizar/${id}`, { nombre: 'Editada', usuario_: 'editada@ejemplo.org.gt' })).status,
      ).toBe(200);
      expect(await byEmail('editada@ejemplo.org.gt')).toMatchObject({ estatus: true, idrol: 2 });
    });

    it("deactivates with estatus '0'", async () => {
      expect(
        (
          await post(`/usuario/actualizar/${id}`, {
            nombre: 'Editada',
            usuario_: 'editada@ejemplo.org.gt',
            estatus: '0',
            idRol: 2,
            clave: '',
          })
        ).status,
      ).toBe(200);
      expect((await login('editada@ejemplo.org.gt', 'nueva-clave')).status).toBe(403);
    });

    it('applies the same validations', async () => {
      const base = { nombre: 'Editada', usuario_: 'editada@ejemplo.org.gt', estatus: '1', idRol: 2, clave: '' };
      const cases: [Record<string, unknown>, number, object][] = [
        [{ nombre: '' }, 400, INCOMPLETE],
        [{ usuario_: '' }, 400, INCOMPLETE],
        [{ usuario_: 'editada@gmail.com' }, 400, { message: 'Solo se permiten correos @ejemplo.org.gt' }],
        [{ clave: '123' }, 400, { message: 'La contraseña debe tener al menos 6 caracteres.' }],
        [{ idRol: 7 }, 400, { message: 'El rol debe ser 1 (Administrador), 2 (Gestor) o 3 (Visualizador).' }],
        [{ estatus: 'x' }, 400, { message: "El estado debe ser '1' (activo) o '0' (inactivo)." }],
        [{ usuario_: GESTOR }, 409, { message: 'Ya existe un usuario con ese correo.' }],
      ];
      for (const [over, status, body] of cases) {
        const res = await post(`/usuario/actualizar/${id}`, { ...base, ...over });
        expect([over, res.status, res.body]).toEqual([over, status, body]);
      }
    });

    it('answers 404 for an unknown user and 400 for a malformed id', async () => {
      const body = { nombre: 'X', usuario_: 'x@ejemplo.org.gt', clave: '' };
      const res = await post('/usuario/actualizar/999999', body);
      expect([res.status, res.body]).toEqual([404, NOT_FOUND]);
      expect((await post('/usuario/actualizar/abc', body)).body).toEqual({ message: 'Identificador inválido' });
    });
  });

  describe('POST /usuario/toggle-estado/{id}', () => {
    it('flips estatus and answers the new value', async () => {
      const id = (await post('/usuario', { nombre: 'Alterna', usuario_: 'alterna@ejemplo.org.gt', clave: 'secreta1' }))
        .body.id as number;
      expect((await post(`/usuario/toggle-estado/${id}`)).body).toEqual({ estatus: false });
      expect((await byEmail('alterna@ejemplo.org.gt'))!.estatus).toBe(false);
      expect((await post(`/usuario/toggle-estado/${id}`)).body).toEqual({ estatus: true });
      const missing = await post('/usuario/toggle-estado/999999');
      expect([missing.status, missing.body]).toEqual([404, NOT_FOUND]);
    });
  });

  describe('POST /usuario/eliminar/{id}', () => {
    it('deletes a user who published vacancies; the vacancies stay with PublicadoPor null', async () => {
      const id = (
        await post('/usuario', {
          nombre: 'Publicadora',
          usuario_: 'publicadora@ejemplo.org.gt',
          clave: 'secreta1',
          idRol: 2,
        })
      ).body.id as number;
      const plaza = await t.api.db.selectFrom('plazas').select('id').orderBy('id').executeTakeFirstOrThrow();
      await t.api.db
        .updateTable('plazas')
        .set({ publicado_por: id, actualizado_por: id })
        .where('id', '=', plaza.id)
        .execute();

      const res = await post(`/usuario/eliminar/${id}`);
      expect([res.status, res.body]).toEqual([200, { success: true }]);
      expect(await byEmail('publicadora@ejemplo.org.gt')).toBeUndefined();
      const vacancy = (await get(`/plazas/${plaza.id}`)).body;
      expect([vacancy.PublicadoPor, vacancy.ActualizadoPor]).toEqual([null, null]);

      const again = await post(`/usuario/eliminar/${id}`);
      expect([again.status, again.body]).toEqual([404, NOT_FOUND]);
      expect((await post('/usuario/eliminar/0')).status).toBe(400);
    });
  });

  describe('GET /internal/usuarios/{id}/sesion', () => {
    it('answers activo, idrol, nombre and usuario_, or 404', async () => {
      const gestor = (await byEmail(GESTOR))!;
      const res = await get(`/internal/usuarios/${gestor.id}/sesion`);
      expect([res.status, res.body]).toEqual([
        200,
        { activo: true, idrol: 2, nombre: gestor.nombre, usuario_: GESTOR },
      ]);
      await post(`/usuario/toggle-estado/${gestor.id}`);
      expect((await get(`/internal/usuarios/${gestor.id}/sesion`)).body.activo).toBe(false);
      await post(`/usuario/toggle-estado/${gestor.id}`);
      const missing = await get('/internal/usuarios/999999/sesion');
      expect([missing.status, missing.body]).toEqual([404, NOT_FOUND]);
      expect((await get('/internal/usuarios/x/sesion')).status).toBe(400);
    });
  });

  describe('API tokens', () => {
    const token = randomBytes(32).toString('base64url');
    const hash = sha256(token);
    let id: number;

    it('starts with none', async () => {
      expect((await get('/internal/api-tokens')).body).toEqual([]);
    });

    it('creates a token from its hash', async () => {
      const res = await post('/internal/api-tokens', { nombre: 'Integración RRHH', idrol: 3, hash });
      expect([res.status, Object.keys(res.body)]).toEqual([201, ['id']]);
      id = res.body.id as number;
      const dup = await post('/internal/api-tokens', { nombre: 'Otra', idrol: 3, hash });
      expect(dup.status).toBe(409);
    });

    it('validates nombre, idrol and hash', async () => {
      const ok = { nombre: 'X', idrol: 2, hash: sha256('otro') };
      const cases: [Record<string, unknown>, string][] = [
        [{ nombre: '' }, 'El nombre del token es requerido.'],
        [{ nombre: '  ' }, 'El nombre del token es requerido.'],
        [{ nombre: 5 }, 'El nombre del token es requerido.'],
        [{ idrol: 4 }, 'El rol debe ser 1 (Administrador), 2 (Gestor) o 3 (Visualizador).'],
        [{ idrol: 0 }, 'El rol debe ser 1 (Administrador), 2 (Gestor) o 3 (Visualizador).'],
        [{ idrol: undefined }, 'El rol debe ser 1 (Administrador), 2 (Gestor) o 3 (Visualizador).'],
        [{ hash: 'abc' }, 'El hash del token debe tener 64 caracteres hexadecimales.'],
        [{ hash: 'g'.repeat(64) }, 'El hash del token debe tener 64 caracteres hexadecimales.'],
        [{ hash: token }, 'El hash del token debe tener 64 caracteres hexadecimales.'],
        [{ hash: undefined }, 'El hash del token debe tener 64 caracteres hexadecimales.'],
      ];
      for (const [over, message] of cases) {
        const res = await post('/internal/api-tokens', { ...ok, ...over });
        expect([over, res.status, res.body]).toEqual([over, 400, { message }]);
      }
    });

    it('lists tokens newest first without their hashes', async () => {
      const second = (await post('/internal/api-tokens', { nombre: 'Tablero', idrol: 1, hash: sha256('segundo') })).body
        .id as number;
      const list = (await get('/internal/api-tokens')).body as Record<string, unknown>[];
      expect(list.map((x) => x.id)).toEqual([second, id]);
      for (const x of list)
        expect(Object.keys(x)).toEqual(['id', 'nombre', 'idrol', 'creado_en', 'usado_en', 'revocado']);
      expect(list[1]).toMatchObject({ nombre: 'Integración RRHH', idrol: 3, usado_en: null, revocado: false });
      expect(new Date(list[1]!.creado_en as string).toISOString()).toBe(list[1]!.creado_en);
    });

    it('verifies a hash and records the use', async () => {
      const res = await get(`/internal/api-tokens/verificar/${hash}`);
      expect([res.status, res.body]).toEqual([200, { id, nombre: 'Integración RRHH', idrol: 3, revocado: false }]);
      const listed = ((await get('/internal/api-tokens')).body as Record<string, unknown>[]).find((x) => x.id === id)!;
      expect(typeof listed.usado_en).toBe('string');
      expect(new Date(listed.usado_en as string).toISOString()).toBe(listed.usado_en);
      const unknown = await get(`/internal/api-tokens/verificar/${sha256('nadie')}`);
      expect([unknown.status, unknown.body]).toEqual([404, { message: 'El token no existe.' }]);
      expect((await get('/internal/api-tokens/verificar/no-es-hash')).status).toBe(400);
    });

    it('revokes; verifying then says revocado', async () => {
      const res = await post(`/internal/api-tokens/${id}/revocar`);
      expect([res.status, res.body]).toEqual([200, { success: true }]);
      const verified = await get(`/internal/api-tokens/verificar/${hash}`);
      expect(verified.body).toEqual({ id, nombre: 'Integración RRHH', idrol: 3, revocado: true });
      expect(
        ((await get('/internal/api-tokens')).body as Record<string, unknown>[]).find((x) => x.id === id)!.revocado,
      ).toBe(true);
      const missing = await post('/internal/api-tokens/999999/revocar');
      expect([missing.status, missing.body]).toEqual([404, { message: 'El token no existe.' }]);
    });

    it('needs the service token like every other route', async () => {
      await request(t.api.url).get('/internal/api-tokens').expect(401);
      await request(t.api.url).get(`/internal/usuarios/1/sesion`).expect(401);
    });

    it('never sends a stored hash back nor logs one', () => {
      expect(bodies.join('\n')).not.toContain(hash);
      expect(t.logs.join('\n')).not.toContain(hash);
      expect(records(t.logs)).toContainEqual(
        expect.objectContaining({ method: 'GET', route: '/internal/api-tokens/verificar/:hash', status: 200 }),
      );
    });
  });

  describe('what never leaves', () => {
    it('sent no password hash and logged no e-mail', () => {
      expect(bodies.length).toBeGreaterThan(60);
      expect(bodies.join('\n')).not.toMatch(/argon2|clave_hash/);
      expect(t.logs.join('\n')).not.toContain('ejemplo.org.gt');
      expect(records(t.logs).some((l) => l.status === 500)).toBe(false);
    });
  });
});
