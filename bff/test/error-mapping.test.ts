import { createServer as createHttpServer, request as httpRequest, type Server } from 'node:http';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { createServer, type BffServer } from '../src/server.js';
import { DEMO, DEMO_PASSWORD } from './roles.js';
import { capturingLogger } from '../src/observability/index.js';
import { listen, records, startStack, type Stack } from './support.js';

/**
 * Expected bad input and upstream outages must come back as validation, NOT_FOUND or
 * UPSTREAM_UNAVAILABLE with the spec's Spanish wording — never INTERNAL, never an error log.
 */

let stack: Stack;
let manager = '';
let admin = '';
/** What the outage BFF below logs (the stack's own BFF logs into stack.logs.bff). */
const outageLogs: string[] = [];

async function login(app: BffServer['app'], email: string) {
  const res = await request(app)
    .post('/graphql')
    .send({ query: `mutation { staffLogin(username: "${email}", password: "${DEMO_PASSWORD}") { viewer { id } } }` });
  return (res.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('bolsa_sesion='))!.split(';')[0]!;
}

const gql = (app: BffServer['app'], query: string, variables: Record<string, unknown>, cookie?: string) => {
  const r = request(app).post('/graphql').set('content-type', 'application/json');
  if (cookie) r.set('cookie', cookie);
  return r.send({ query, variables });
};

beforeAll(async () => {
  stack = await startStack();
  manager = await login(stack.bff.app, DEMO.manager);
  admin = await login(stack.bff.app, DEMO.admin);
});
afterAll(() => stack?.close());
afterEach(() => {
  stack.logs.bff.length = 0;
  outageLogs.length = 0;
});

const unexpectedLogs = () =>
  records([...stack.logs.bff, ...outageLogs]).filter((l) => l.level === 'error' && l.msg === 'error inesperado');

const VACANCY_INPUT = {
  name: 'Plaza que no existe',
  branchId: '1',
  description: 'Descripción',
  endsAt: '2099-12-31',
  active: true,
  departmentId: '01',
  placeText: 'Guatemala',
  requirements: ['Uno'],
  benefits: ['Uno'],
};

describe('expected bad input is not an unexpected error', () => {
  it('vacancyNameCheck with a branch id that is no id answers BAD_USER_INPUT, not INTERNAL', async () => {
    const res = await gql(
      stack.bff.app,
      'query($b: ID!) { vacancyNameCheck(name: "Enfermera", branchId: $b) { exists } }',
      { b: 'abc' },
      manager,
    );
    expect(res.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(res.body.errors[0].message).not.toMatch(/inesperado/);
    expect(unexpectedLogs()).toHaveLength(0);
  });

  it('vacancy(id: "0") and adminVacancy(id: "0") are simply not found', async () => {
    const pub = await gql(stack.bff.app, '{ vacancy(id: "0") { id } }', {});
    expect(pub.body.errors).toBeUndefined();
    expect(pub.body.data.vacancy).toBeNull();
    const staff = await gql(stack.bff.app, '{ adminVacancy(id: "0") { id } }', {}, manager);
    expect(staff.body.errors).toBeUndefined();
    expect(staff.body.data.adminVacancy).toBeNull();
    expect(unexpectedLogs()).toHaveLength(0);
  });

  it('updateVacancy of an id beyond any record answers NotFound', async () => {
    const res = await gql(
      stack.bff.app,
      `mutation($id: ID!, $input: VacancyInput!) {
        updateVacancy(id: $id, input: $input) { vacancy { id } error { __typename ... on NotFound { message } } } }`,
      { id: '99999999999', input: VACANCY_INPUT },
      manager,
    );
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.updateVacancy.error).toEqual({
      __typename: 'NotFound',
      message: 'La vacante no existe o ya fue eliminada.',
    });
    expect(unexpectedLogs()).toHaveLength(0);
  });

  it('updateAdminEmail with an empty or unknown id is refused and creates nothing', async () => {
    const count = async () =>
      Number(
        (
          await stack.api.db
            .selectFrom('correos')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const UPDATE = `mutation($id: ID!) {
      updateAdminEmail(id: $id, email: "nuevo.registro@ejemplo.org.gt", name: "Registro Nuevo") {
        adminEmail { id } error { __typename ... on NotFound { message } } } }`;
    for (const id of ['', ' ', '0', '99999999999', '123456']) {
      const res = await gql(stack.bff.app, UPDATE, { id }, admin);
      expect(res.body.errors, id).toBeUndefined();
      expect(res.body.data.updateAdminEmail.adminEmail, id).toBeNull();
      expect(res.body.data.updateAdminEmail.error, id).toEqual({
        __typename: 'NotFound',
        message: 'El correo no existe.',
      });
    }
    expect(await count()).toBe(before);
  });
});

describe("mutation inputs are checked with the domain's schemas before any call", () => {
  const CREATE = `mutation($i: VacancyInput!) { createVacancy(input: $i, imageUploadId: "sin-imagen") {
    vacancy { id } error { __typename ... on ValidationFailed { title message fields { path message } } } } }`;
  const vacancyCount = async () =>
    Number(
      (
        await stack.api.db
          .selectFrom('plazas')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('refuses over-long names, NUL bytes and far-off dates with the Spanish messages', async () => {
    const before = await vacancyCount();
    const calls: string[] = [];
    stack.bff.services.http.onCall = (_m, p) => calls.push(p);
    const long = await gql(stack.bff.app, CREATE, { i: { ...VACANCY_INPUT, name: 'x'.repeat(121) } }, manager);
    const nul = await gql(stack.bff.app, CREATE, { i: { ...VACANCY_INPUT, requirements: ['a\u0000'] } }, manager);
    const far = await gql(stack.bff.app, CREATE, { i: { ...VACANCY_INPUT, endsAt: '9999-12-31' } }, manager);
    stack.bff.services.http.onCall = null;
    expect(long.body.data.createVacancy.error).toMatchObject({
      __typename: 'ValidationFailed',
      message: 'El nombre de la vacante no puede tener más de 120 caracteres.',
      fields: [{ path: 'name', message: 'El nombre de la vacante no puede tener más de 120 caracteres.' }],
    });
    expect(nul.body.data.createVacancy.error).toMatchObject({
      __typename: 'ValidationFailed',
      message: 'El texto contiene caracteres no permitidos.',
    });
    expect(far.body.data.createVacancy.error).toMatchObject({
      __typename: 'ValidationFailed',
      message: 'La fecha debe estar entre 01/01/1900 y 31/12/2100.',
    });
    expect(calls.filter((p) => p === '/guardar/Vacante')).toEqual([]);
    expect(await vacancyCount()).toBe(before);
  });

  it('refuses a CANDIDATE role for a staff user instead of making it a viewer', async () => {
    const res = await gql(
      stack.bff.app,
      `mutation { createStaffUser(input: { name: "Rol Inválido", email: "rol.invalido@ejemplo.org.gt",
          password: "Segura2026!", role: CANDIDATE }) {
        user { id } error { __typename ... on ValidationFailed { message fields { path } } } } }`,
      {},
      admin,
    );
    expect(res.body.data.createStaffUser).toEqual({
      user: null,
      error: {
        __typename: 'ValidationFailed',
        message: 'El rol debe ser 1 (Administrador), 2 (Gestor) o 3 (Visualizador).',
        fields: [{ path: 'role' }],
      },
    });
  });

  it('refuses a link with user-info for a LINK test template', async () => {
    const res = await gql(
      stack.bff.app,
      `mutation { createTestTemplate(input: { name: "Prueba enlace", description: "Una prueba",
          type: LINK, category: TECNICA, link: "https://example.com@evil.example/" }) {
        template { id } error { __typename ... on ValidationFailed { message fields { path } } } } }`,
      {},
      manager,
    );
    expect(res.body.data.createTestTemplate).toMatchObject({
      template: null,
      error: { __typename: 'ValidationFailed', fields: [{ path: 'link' }] },
    });
  });
});

describe('an api answering 503 (its database is down)', () => {
  let proxy: Server;
  let bff: BffServer;
  let outage = false;
  let cookie = '';

  beforeAll(async () => {
    const target = new URL(stack.api.url);
    // A loopback hop in front of the real api that can play the outage.
    proxy = createHttpServer((req, res) => {
      if (outage) {
        res.writeHead(503, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ message: 'Servicio no disponible' }));
        return;
      }
      const up = httpRequest(
        { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers },
        (r) => {
          res.writeHead(r.statusCode ?? 502, r.headers);
          r.pipe(res);
        },
      );
      req.pipe(up);
    });
    const port = await listen(proxy);
    bff = await createServer(
      loadConfig(
        { NODE_ENV: 'test' },
        { apiUrl: `http://127.0.0.1:${port}`, serviceToken: stack.api.token, webDist: null, publicCacheTtlMs: 0 },
      ),
      { logger: capturingLogger('bff', outageLogs) },
    );
    cookie = await login(bff.app, DEMO.admin);
    outage = true;
  });
  afterAll(async () => {
    await bff?.close();
    proxy?.closeAllConnections();
    await new Promise((r) => proxy?.close(r));
  });

  const UNAVAILABLE = {
    message: 'No se pudo contactar al servidor. Intenta nuevamente.',
    extensions: { code: 'UPSTREAM_UNAVAILABLE' },
  };

  it('answers UPSTREAM_UNAVAILABLE to reads, public and staff', async () => {
    for (const query of [
      '{ vacancies { totalCount } }',
      '{ adminVacancies { totalCount } }',
      '{ adminEmails { id } }',
    ]) {
      const res = await gql(bff.app, query, {}, cookie);
      expect(res.body.errors?.[0], query).toMatchObject(UNAVAILABLE);
    }
    expect(unexpectedLogs()).toHaveLength(0);
  });

  it('answers 503 (not 500) with the Spanish UPSTREAM_UNAVAILABLE when the session cannot be looked up', async () => {
    // With a session cookie the context looks the session up in the api first; that fails.
    const res = await gql(bff.app, '{ vacancies { totalCount } }', {}, cookie);
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.body.errors).toHaveLength(1);
    expect(res.body.errors[0]).toMatchObject(UNAVAILABLE);
    expect(res.body.errors[0].extensions.http).toBeUndefined();
    expect(res.body.data).toBeUndefined();
    expect(unexpectedLogs()).toHaveLength(0);
  });

  it('answers UPSTREAM_UNAVAILABLE to writes, not an OperationFailed with the api message', async () => {
    const res = await gql(
      bff.app,
      `mutation { createAdminEmail(email: "caida@ejemplo.org.gt", name: "Caída de base") {
        adminEmail { id } error { __typename } } }`,
      {},
      cookie,
    );
    expect(res.body.errors?.[0]).toMatchObject(UNAVAILABLE);
    const del = await gql(bff.app, 'mutation { deleteVacancy(id: "1") { ok error { __typename } } }', {}, cookie);
    expect(del.body.errors?.[0]).toMatchObject(UNAVAILABLE);
    expect(unexpectedLogs()).toHaveLength(0);
  });
});
