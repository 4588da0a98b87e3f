import { isValidCui } from '@bolsa/domain/geography';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CANDIDATES, DEMO_GUEST, DEMO_PASSWORD } from '../src/demo/index.js';
import { databases, records, type TestApi } from './support/databases.js';
import * as linkedRegistered from '../src/db/migrations/0024-linked-applications-registered.js';
import { recordingClient, validCui } from './support/client.js';

const USER_KEYS = [
  'id',
  'nombre_completo',
  'email',
  'primer_nombre',
  'segundo_nombre',
  'primer_apellido',
  'segundo_apellido',
  'apellido_casada',
  'como_se_entero',
  'observaciones',
  'fecha_registro',
];

const ANA = DEMO_CANDIDATES[0];

const BAD_CREDENTIALS = { success: false, message: 'Credenciales incorrectas' };
const REQUIRED_LOGIN = { success: false, message: 'Todos los campos son requeridos' };
const REQUIRED_REGISTRATION = { success: false, message: 'Todos los campos marcados con * son requeridos' };

/** A complete registration body; `over` replaces fields. */
function registration(over: Record<string, unknown> = {}) {
  return {
    PrimerNombre: 'Lucía',
    SegundoNombre: 'Isabel',
    PrimerApellido: 'Tzul',
    SegundoApellido: 'Ixcot',
    Email: 'lucia.tzul@example.com',
    Password: 'secreta1',
    ComoSeEntero: 'radio_tv',
    Observaciones: 'Disponible desde enero.',
    Dpi: validCui('30011122'),
    ...over,
  };
}

describe('demo people', () => {
  it('have CUIs that pass the domain rule', () => {
    expect(isValidCui(DEMO_GUEST.cui)).toBe(true);
    for (const c of DEMO_CANDIDATES) expect(isValidCui(c.dpi)).toBe(true);
    expect(DEMO_GUEST.cui).toBe(validCui('24764596'));
  });
});

describe.each(databases)('candidate accounts on $name', ({ name, start }) => {
  let t: TestApi;
  const { bodies, get, post } = recordingClient(() => t);
  const login = (Email: unknown, Password: unknown) => post('/usuarios-candidatos/login', { Email, Password });
  const register = (body: object) => post('/usuarios-candidatos/register', body);

  beforeAll(async () => {
    t = await start();
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('demo data', () => {
    it('creates two candidates and two guest applications, and says so once without personal data', async () => {
      const candidates = await t.api.db.selectFrom('usuarios_candidatos').selectAll().orderBy('id').execute();
      expect(candidates.map((c) => [c.email, c.dpi, c.es_demo])).toEqual([
        ['ana.lopez@example.com', '1587564440904', true],
        ['carlos.perez@example.com', '1580352240101', true],
      ]);
      // Other demo guests (spread over vacancies for the back-office) use other e-mails and CUIs.
      const guests = await t.api.db
        .selectFrom('postulantes')
        .selectAll()
        .where('email', '=', DEMO_GUEST.email)
        .execute();
      expect(guests).toHaveLength(2);
      for (const g of guests) {
        expect(g).toMatchObject({
          cui: DEMO_GUEST.cui,
          email: DEMO_GUEST.email,
          usuario_candidato_id: null,
          es_demo: true,
        });
        expect(g.plaza_id).toEqual(expect.any(Number));
      }
      expect(new Set(guests.map((g) => g.plaza_id)).size).toBe(2);
      expect(records(t.logs).flatMap((l) => (l.msg.startsWith('Cuentas de demostración') ? [l.msg] : []))).toEqual([
        'Cuentas de demostración creadas: 3 de personal, 2 candidatos, 2 postulaciones sin cuenta',
      ]);
    });

    it('gives the first demo candidate a complete profile and applications in several states (issue 20)', async () => {
      const ana = await t.api.db
        .selectFrom('usuarios_candidatos')
        .select('id')
        .where('email', '=', ANA.email)
        .executeTakeFirstOrThrow();
      const profile = await get(`/PerfilCandidato/profile/${ana.id}`);
      expect(profile.body).toMatchObject({ perfil_completado: true, telefono: '55501234' });
      expect(profile.body.fotografia).not.toBeNull();
      expect(profile.body.experiencias_json).toHaveLength(2);
      for (const k of ['curriculum_id', 'dpi_archivo_id', 'antecedentes_policiales_id', 'antecedentes_penales_id'])
        expect(profile.body[k]).not.toBeNull();
      const mine = await get(`/mis-postulaciones/${ana.id}`);
      const states = mine.body.postulaciones.map((p: { estadoPostulante: string }) => p.estadoPostulante);
      expect(states.sort()).toEqual(['en seguimiento', 'entrevista', 'rechazado']);
      const sentLoggedIn = await t.api.db
        .selectFrom('postulantes')
        .select(['id', 'es_registrado'])
        .where('usuario_candidato_id', '=', ana.id)
        .where('vinculada_en', 'is', null)
        .execute();
      expect(sentLoggedIn).toHaveLength(1);
      const detail = await get(`/candidatos/detalle/${sentLoggedIn[0]!.id}`);
      expect(detail.body).toMatchObject({ esUsuarioRegistrado: true, estadoPostulante: 'entrevista' });
      expect(detail.body.documentos).toHaveLength(5);
    });

    it('lets a demo candidate log in with the demo password', async () => {
      const res = await login(ANA.email, DEMO_PASSWORD);
      expect(res.status).toBe(200);
      expect(res.body.user.nombre_completo).toBe('Ana Lucía López García');
    });
  });

  describe('POST /usuarios-candidatos/login', () => {
    it('answers the documented shape', async () => {
      const res = await login(ANA.email, DEMO_PASSWORD);
      expect(res.status).toBe(200);
      expect(Object.keys(res.body)).toEqual(['success', 'message', 'user', 'vinculadas']);
      expect(res.body).toMatchObject({ success: true, message: 'Inicio de sesión exitoso', vinculadas: 0 });
      expect(Object.keys(res.body.user)).toEqual(USER_KEYS);
      expect(res.body.user).toMatchObject({
        email: 'ana.lopez@example.com',
        primer_nombre: 'Ana',
        segundo_nombre: 'Lucía',
        primer_apellido: 'López',
        segundo_apellido: 'García',
        apellido_casada: null,
        como_se_entero: 'redes_sociales',
        observaciones: '',
      });
      expect(new Date(res.body.user.fecha_registro).toISOString()).toBe(res.body.user.fecha_registro);
    });

    it('compares the e-mail case-insensitively', async () => {
      expect((await login('  Ana.Lopez@EXAMPLE.com ', DEMO_PASSWORD)).status).toBe(200);
    });

    it('answers a wrong password and an unknown e-mail alike', async () => {
      const attempts: [string, string][] = [
        [ANA.email, 'Demo2026'],
        [ANA.email, DEMO_PASSWORD.toLowerCase()],
        ['nadie@example.com', DEMO_PASSWORD],
        ['a\u0000b@example.com', DEMO_PASSWORD],
        [`${'a'.repeat(5000)}@example.com`, DEMO_PASSWORD],
      ];
      for (const [email, password] of attempts) {
        const res = await login(email, password);
        expect([email.slice(0, 20), res.status, res.body]).toEqual([email.slice(0, 20), 401, BAD_CREDENTIALS]);
      }
    });

    it('answers 400 when a field is missing', async () => {
      for (const body of [
        {},
        { Email: ANA.email },
        { Password: 'x' },
        { Email: '  ', Password: 'x' },
        { Email: 12, Password: 'x' },
      ]) {
        const res = await post('/usuarios-candidatos/login', body);
        expect(res.status).toBe(400);
        expect(res.body).toEqual(REQUIRED_LOGIN);
      }
      const noBody = await post('/usuarios-candidatos/login');
      expect([noBody.status, noBody.body]).toEqual([400, REQUIRED_LOGIN]);
    });

    it('answers 403 for an inactive account, only with the right password', async () => {
      await t.api.db.updateTable('usuarios_candidatos').set({ activo: false }).where('email', '=', ANA.email).execute();
      try {
        const res = await login(ANA.email, DEMO_PASSWORD);
        expect([res.status, res.body]).toEqual([
          403,
          { success: false, message: 'Tu cuenta está inactiva. Contacta a GTH.' },
        ]);
        expect((await login(ANA.email, 'otra-clave')).status).toBe(401);
      } finally {
        await t.api.db
          .updateTable('usuarios_candidatos')
          .set({ activo: true })
          .where('email', '=', ANA.email)
          .execute();
      }
    });
  });

  describe('POST /usuarios-candidatos/register', () => {
    it('creates the account with an argon2id hash and a lower-case e-mail', async () => {
      const body = registration({ Email: '  Lucia.Tzul@Example.COM ' });
      const res = await register(body);
      expect(res.status).toBe(201);
      expect(Object.keys(res.body)).toEqual(['success', 'message', 'id']);
      expect(res.body).toMatchObject({ success: true, message: 'Cuenta creada exitosamente', id: expect.any(Number) });
      const row = await t.api.db
        .selectFrom('usuarios_candidatos')
        .selectAll()
        .where('id', '=', res.body.id as number)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        email: 'lucia.tzul@example.com',
        dpi: body.Dpi,
        primer_nombre: 'Lucía',
        segundo_apellido: 'Ixcot',
        como_se_entero: 'radio_tv',
        observaciones: 'Disponible desde enero.',
        activo: true,
        es_demo: false,
      });
      expect(row.clave_hash).toMatch(/^\$argon2id\$/);
      expect(row.clave_hash).not.toContain('secreta1');

      const logged = await login('lucia.tzul@example.com', 'secreta1');
      expect(logged.status).toBe(200);
      expect(logged.body.vinculadas).toBe(0);
      expect(logged.body.user.nombre_completo).toBe('Lucía Isabel Tzul Ixcot');
    });

    it('accepts the optional fields empty or missing', async () => {
      const res = await register({
        PrimerNombre: 'Pedro',
        PrimerApellido: 'Ajú',
        Email: 'pedro.aju@example.com',
        Password: 'secreta1',
        Dpi: validCui('30022233'),
      });
      expect(res.status).toBe(201);
      const user = (await login('pedro.aju@example.com', 'secreta1')).body.user;
      expect(user).toMatchObject({
        nombre_completo: 'Pedro Ajú',
        segundo_nombre: '',
        como_se_entero: '',
        observaciones: '',
      });
    });

    it('validates with the domain rules and their messages', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ PrimerNombre: '' }, 'Todos los campos marcados con * son requeridos'],
        [{ PrimerApellido: '   ' }, 'Todos los campos marcados con * son requeridos'],
        [{ Email: undefined }, 'Todos los campos marcados con * son requeridos'],
        [{ Password: '' }, 'Todos los campos marcados con * son requeridos'],
        [{ Dpi: '' }, 'Todos los campos marcados con * son requeridos'],
        [{ Dpi: null }, 'Todos los campos marcados con * son requeridos'],
        [{ PrimerNombre: '', Password: '123' }, 'Todos los campos marcados con * son requeridos'],
        [{ Password: '12345' }, 'La contraseña debe tener al menos 6 caracteres.'],
        [{ Dpi: '1234567890123' }, 'El CUI/DPI no es válido. Revisa los 13 dígitos.'],
        [{ Dpi: '158756444090' }, 'El CUI/DPI no es válido. Revisa los 13 dígitos.'],
        [{ Dpi: '1587-5644-40904' }, 'El CUI/DPI no es válido. Revisa los 13 dígitos.'],
        [{ Dpi: 1587564440904 }, 'Todos los campos marcados con * son requeridos'],
        [{ Email: 'no-es-correo' }, 'Formato de correo inválido.'],
        [{ Email: `${'a'.repeat(250)}@example.com` }, 'Formato de correo inválido.'],
        [{ ComoSeEntero: 'television' }, 'La opción de cómo te enteraste no es válida.'],
        [{ Observaciones: 'x'.repeat(501) }, 'Las observaciones no pueden superar los 500 caracteres.'],
        [{ PrimerNombre: 'Ana\u0000' }, 'Solicitud inválida'],
        [{ PrimerNombre: { $ne: '' } }, 'Todos los campos marcados con * son requeridos'],
      ];
      for (const [over, message] of cases) {
        const res = await register(registration(over));
        expect([over, res.status, res.body]).toEqual([over, 400, { success: false, message }]);
      }
      expect((await register({})).body).toEqual(REQUIRED_REGISTRATION);
      expect((await post('/usuarios-candidatos/register')).body).toEqual(REQUIRED_REGISTRATION);
      const { n } = await t.api.db
        .selectFrom('usuarios_candidatos')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('email', '=', 'lucia.tzul@example.com')
        .executeTakeFirstOrThrow();
      expect(n).toBe(1);
    });

    it('accepts every ComoSeEntero option', async () => {
      for (const [i, option] of [
        'redes_sociales',
        'referencia_amigo',
        'busqueda_google',
        'periodico',
        'otro',
      ].entries()) {
        const res = await register(
          registration({ Email: `opcion${i}@example.com`, Dpi: validCui(`3003000${i}`), ComoSeEntero: option }),
        );
        expect([option, res.status]).toEqual([option, 201]);
      }
    });

    it('answers 409 cuenta_existente for the same e-mail and DPI', async () => {
      const res = await register(registration({ Email: 'ANA.LOPEZ@example.com', Dpi: ANA.dpi }));
      expect([res.status, res.body]).toEqual([
        409,
        {
          success: false,
          conflict: 'cuenta_existente',
          message: 'Ya tienes una cuenta con este correo. Inicia sesión.',
        },
      ]);
    });

    it('answers 409 email_dpi_mismatch when the e-mail has an account with another DPI', async () => {
      const res = await register(registration({ Email: ANA.email, Dpi: validCui('30044455') }));
      expect([res.status, res.body]).toEqual([
        409,
        { success: false, conflict: 'email_dpi_mismatch', message: 'Este correo ya está asociado a otro CUI/DPI.' },
      ]);
    });

    it('answers 409 dpi_titular when the DPI has an account with another e-mail', async () => {
      const res = await register(registration({ Email: 'otra.ana@example.com', Dpi: ANA.dpi }));
      expect([res.status, res.body]).toEqual([
        409,
        { success: false, conflict: 'dpi_titular', message: 'Este CUI/DPI ya está asociado a otra cuenta de correo.' },
      ]);
    });

    it('answers 409 email_dpi_mismatch when guest applications used the e-mail with another CUI', async () => {
      const res = await register(registration({ Email: DEMO_GUEST.email, Dpi: validCui('30055566') }));
      expect([res.status, res.body]).toEqual([
        409,
        { success: false, conflict: 'email_dpi_mismatch', message: 'Este correo ya está asociado a otro CUI/DPI.' },
      ]);
    });

    it('answers 409 dpi_email_mismatch when guest applications used the CUI with another e-mail', async () => {
      const res = await register(registration({ Email: 'maria.otra@example.com', Dpi: DEMO_GUEST.cui }));
      expect([res.status, res.body]).toEqual([
        409,
        {
          success: false,
          conflict: 'dpi_email_mismatch',
          message: 'Este CUI/DPI ya está asociado a otra cuenta de correo.',
        },
      ]);
    });

    it('links earlier guest applications with the same CUI and e-mail and announces them once', async () => {
      const res = await register(
        registration({
          PrimerNombre: 'María',
          SegundoNombre: 'Fernanda',
          PrimerApellido: 'Choc',
          SegundoApellido: 'Caal',
          Email: 'Maria.Choc@example.com',
          Dpi: DEMO_GUEST.cui,
        }),
      );
      expect(res.status).toBe(201);
      const id = res.body.id as number;
      const apps = await t.api.db.selectFrom('postulantes').selectAll().where('cui', '=', DEMO_GUEST.cui).execute();
      expect(apps).toHaveLength(2);
      for (const a of apps) {
        expect(a.usuario_candidato_id).toBe(id);
        expect(a.vinculada_en).not.toBeNull();
        expect(a.vinculacion_anunciada).toBe(false);
      }
      const first = await login(DEMO_GUEST.email, 'secreta1');
      expect([first.status, first.body.vinculadas]).toEqual([200, 2]);
      const second = await login(DEMO_GUEST.email, 'secreta1');
      expect([second.status, second.body.vinculadas]).toEqual([200, 0]);
      // Once linked, the guest rows no longer block the pair: a third registration is simply the account.
      expect((await register(registration({ Email: DEMO_GUEST.email, Dpi: DEMO_GUEST.cui }))).body.conflict).toBe(
        'cuenta_existente',
      );
    });

    it("marks linked applications as a registered candidate's, also those linked before (migration 0023)", async () => {
      const cui = validCui('30055566');
      await t.api.db
        .insertInto('postulantes')
        .values({ nombre: 'Eva Ixcot', cui, email: 'eva.ixcot@example.com' })
        .execute();
      const res = await register(registration({ Email: 'eva.ixcot@example.com', Dpi: cui }));
      expect(res.status).toBe(201);
      const linked = await t.api.db
        .selectFrom('postulantes')
        .select(['id', 'es_registrado'])
        .where('usuario_candidato_id', '=', res.body.id as number)
        .execute();
      expect(linked.map((r) => r.es_registrado)).toEqual([true]);
      // A row linked by an older version: still unmarked until the migration runs.
      await t.api.db.updateTable('postulantes').set({ es_registrado: false }).where('id', '=', linked[0]!.id).execute();
      await linkedRegistered.up(t.api.db as never);
      const after = await t.api.db
        .selectFrom('postulantes')
        .select('es_registrado')
        .where('id', '=', linked[0]!.id)
        .executeTakeFirstOrThrow();
      expect(after.es_registrado).toBe(true);
    });

    it('links only applications with both the same CUI and the same e-mail', async () => {
      const cui = validCui('30066677');
      const other = validCui('30066688');
      await t.api.db
        .insertInto('postulantes')
        .values([
          { nombre: 'Rosa Cux', cui, email: 'rosa.cux@example.com' },
          { nombre: 'Rosa Cux', cui, email: 'rosa.cux@example.com' },
          { nombre: 'Otra persona', cui: other, email: 'otra.persona@example.com' },
        ])
        .execute();
      const res = await register(registration({ Email: 'rosa.cux@example.com', Dpi: cui }));
      expect(res.status).toBe(201);
      const linked = await t.api.db
        .selectFrom('postulantes')
        .select(['cui'])
        .where('usuario_candidato_id', '=', res.body.id as number)
        .execute();
      expect(linked.map((l) => l.cui)).toEqual([cui, cui]);
      const untouched = await t.api.db
        .selectFrom('postulantes')
        .selectAll()
        .where('cui', '=', other)
        .executeTakeFirstOrThrow();
      expect(untouched.usuario_candidato_id).toBeNull();
      expect((await login('rosa.cux@example.com', 'secreta1')).body.vinculadas).toBe(2);
    });

    it('does not count applications sent while logged in as linked', async () => {
      const ana = await t.api.db
        .selectFrom('usuarios_candidatos')
        .select('id')
        .where('email', '=', ANA.email)
        .executeTakeFirstOrThrow();
      await t.api.db
        .insertInto('postulantes')
        .values({ nombre: 'Ana Lucía López García', cui: ANA.dpi, email: ANA.email, usuario_candidato_id: ana.id })
        .execute();
      expect((await login(ANA.email, DEMO_PASSWORD)).body.vinculadas).toBe(0);
    });

    it('answers 409, never 500, when the same person registers twice at once', async () => {
      const dpi = validCui('30077788');
      const body = registration({ Email: 'doble@example.com', Dpi: dpi });
      const results = await Promise.all([register(body), register(body), register(body)]);
      expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
      for (const r of results.filter((x) => x.status === 409)) expect(r.body.conflict).toBe('cuenta_existente');

      const sameDpi = await Promise.all([
        register(registration({ Email: 'uno@example.com', Dpi: validCui('30088899') })),
        register(registration({ Email: 'dos@example.com', Dpi: validCui('30088899') })),
      ]);
      expect(sameDpi.map((r) => r.status).sort()).toEqual([201, 409]);
      expect(sameDpi.find((r) => r.status === 409)!.body.conflict).toBe('dpi_titular');
      expect(records(t.logs).some((l) => l.status === 500)).toBe(false);
    });
  });

  // PostgreSQL only: PGlite has one connection, so a held transaction would block the request for good.
  it.skipIf(name !== 'PostgreSQL')(
    'answers 409 when the unique index, not the check, catches the duplicate',
    async () => {
      const dpi = validCui('30099900');
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      let inserted!: () => void;
      const didInsert = new Promise<void>((r) => (inserted = r));
      // Another registration has inserted the same person but not committed yet: the check cannot see it.
      const other = t.api.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('usuarios_candidatos')
          .values({
            primer_nombre: 'Carrera',
            primer_apellido: 'Prueba',
            email: 'carrera@example.com',
            dpi,
            clave_hash: 'x',
          })
          .execute();
        inserted();
        await held;
      });
      await didInsert;
      const pending = register(registration({ Email: 'carrera@example.com', Dpi: dpi }));
      // Long enough for the request to hash the password, pass the check and wait on the index.
      await new Promise((r) => setTimeout(r, 500));
      release();
      await other;
      const res = await pending;
      expect([res.status, res.body]).toEqual([
        409,
        {
          success: false,
          conflict: 'cuenta_existente',
          message: 'Ya tienes una cuenta con este correo. Inicia sesión.',
        },
      ]);
    },
  );

  describe('GET /internal/usuarios-candidatos/{id}/sesion', () => {
    it('answers whether the account is active, with the profile fields', async () => {
      const ana = await t.api.db
        .selectFrom('usuarios_candidatos')
        .select('id')
        .where('email', '=', ANA.email)
        .executeTakeFirstOrThrow();
      const res = await get(`/internal/usuarios-candidatos/${ana.id}/sesion`);
      expect(res.status).toBe(200);
      expect(Object.keys(res.body)).toEqual(['activo', ...USER_KEYS]);
      expect(res.body).toMatchObject({
        activo: true,
        id: ana.id,
        email: ANA.email,
        nombre_completo: 'Ana Lucía López García',
      });
      await t.api.db.updateTable('usuarios_candidatos').set({ activo: false }).where('id', '=', ana.id).execute();
      try {
        expect((await get(`/internal/usuarios-candidatos/${ana.id}/sesion`)).body.activo).toBe(false);
      } finally {
        await t.api.db.updateTable('usuarios_candidatos').set({ activo: true }).where('id', '=', ana.id).execute();
      }
    });

    it('answers 404 for an unknown account and 400 for a malformed id', async () => {
      const missing = await get('/internal/usuarios-candidatos/999999/sesion');
      expect([missing.status, missing.body]).toEqual([404, { message: 'El usuario no existe o ya fue eliminado.' }]);
      expect((await get('/internal/usuarios-candidatos/abc/sesion')).status).toBe(400);
    });
  });

  describe('what never leaves', () => {
    it('sent no password hash and logged no e-mail or DPI', () => {
      expect(bodies.length).toBeGreaterThan(40);
      expect(bodies.join('\n')).not.toMatch(/argon2|clave_hash/);
      const logs = t.logs.join('\n');
      expect(logs).not.toContain('example.com');
      expect(logs).not.toContain(ANA.dpi);
      expect(logs).not.toContain(DEMO_GUEST.cui);
    });
  });
});
