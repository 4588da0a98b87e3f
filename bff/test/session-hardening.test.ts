import { createServer as createHttpServer } from 'node:http';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capturingLogger as apiLogger } from '../../api/src/observability/index.js';
import { startApi, type RunningApi } from '../../api/src/server.js';
import { capturingLogger } from '../src/observability/index.js';
import { deriveKeys } from '../src/auth/keys.js';
import { seal } from '../src/auth/seal.js';
import { loadConfig, parseTrustProxy } from '../src/config.js';
import { createServer, type BffServer } from '../src/server.js';
import { Uploads } from '../src/uploads/routes.js';
import { CaptchaService } from '../src/auth/captcha.js';
import type { SharedStore } from '../src/auth/store.js';
import { DEMO, DEMO_PASSWORD } from './roles.js';
import { startStack, type Stack } from './support.js';

const STAFF_LOGIN = `mutation($u: String!, $p: String!, $cid: ID, $ca: String) {
  r: staffLogin(username: $u, password: $p, captchaId: $cid, captchaAnswer: $ca) {
    viewer { id role } error { __typename ... on InvalidCredentials { message } ... on Throttled { message retryAfterSeconds }
    ... on CaptchaRequired { message captcha { id image } } } } }`;
const CANDIDATE_LOGIN = `mutation($u: String!, $p: String!) { r: candidateLogin(email: $u, password: $p) {
  viewer { id } error { __typename } } }`;

const sessionCookie = (res: request.Response) =>
  ((res.headers['set-cookie'] as unknown as string[]) ?? [])
    .find((c) => c.startsWith('bolsa_sesion=') && !c.startsWith('bolsa_sesion=;'))
    ?.split(';')[0];

function client(app: BffServer['app']) {
  const gql = (query: string, variables: Record<string, unknown> = {}, headers: Record<string, string> = {}) => {
    const r = request(app).post('/graphql').set('content-type', 'application/json');
    for (const [k, v] of Object.entries(headers)) r.set(k, v);
    return r.send({ query, variables });
  };
  const as = (cookie: string) => ({ cookie });
  return { gql, as };
}

describe('sessions that really end', () => {
  let stack: Stack;
  let gql: ReturnType<typeof client>['gql'];
  beforeAll(async () => {
    stack = await startStack({ sessionIdleMs: 60_000 });
    gql = client(stack.bff.app).gql;
  });
  afterAll(() => stack?.close());

  const login = async (u: string, p = DEMO_PASSWORD) => sessionCookie(await gql(STAFF_LOGIN, { u, p }))!;
  const me = async (cookie: string) => (await gql('{ me { id role email } }', {}, { cookie })).body.data?.me ?? null;

  it('keeps only an opaque id in the cookie and nothing of the account', async () => {
    const cookie = await login(DEMO.manager);
    expect(cookie).toMatch(/^bolsa_sesion=[A-Za-z0-9_-]{43}\.[A-Za-z0-9_-]{32}$/);
    // A forged id with a wrong HMAC is not even looked up.
    const forged = cookie.replace(/\.[A-Za-z0-9_-]{32}$/, `.${'A'.repeat(32)}`);
    expect(await me(forged)).toBeNull();
    expect(await me(cookie)).toMatchObject({ email: DEMO.manager, role: 'MANAGER' });
  });

  it('ends a copied cookie on logout: the copy no longer works', async () => {
    const cookie = await login(DEMO.viewer);
    expect(await me(cookie)).not.toBeNull();
    await gql('mutation { logout }', {}, { cookie });
    expect(await me(cookie)).toBeNull();
  });

  it('ends sessions on the next request after a password change or a deactivation, and follows a role change', async () => {
    const admin = await login(DEMO.admin);
    const email = `revocar.${Date.now()}@ejemplo.org.gt`;
    const created = await gql(
      `mutation($e: String!) { createStaffUser(input: { name: "Revocable", email: $e, role: MANAGER, password: "clave-uno-1" }) { user { id } } }`,
      { e: email },
      { cookie: admin },
    );
    const uid = created.body.data.createStaffUser.user.id as string;
    const update = (input: string) =>
      gql(
        `mutation { updateStaffUser(id: "${uid}", input: ${input}) { error { __typename } } }`,
        {},
        { cookie: admin },
      );

    let cookie = await login(email, 'clave-uno-1');
    expect((await me(cookie)).role).toBe('MANAGER');
    await update(`{ name: "Revocable", email: "${email}", role: VIEWER }`);
    expect((await me(cookie)).role).toBe('VIEWER');

    await update(`{ name: "Revocable", email: "${email}", role: VIEWER, password: "clave-dos-2" }`);
    expect(await me(cookie)).toBeNull();

    cookie = await login(email, 'clave-dos-2');
    expect(await me(cookie)).not.toBeNull();
    await gql(`mutation { toggleStaffUser(id: "${uid}") { user { active } } }`, {}, { cookie: admin });
    expect(await me(cookie)).toBeNull();
  });

  it('refuses an API token on the first request after it is revoked', async () => {
    const admin = await login(DEMO.admin);
    const created = await gql(
      'mutation { createApiToken(name: "Revocación inmediata", role: VIEWER) { token apiToken { id } } }',
      {},
      { cookie: admin },
    );
    const { token, apiToken } = created.body.data.createApiToken;
    const bearer = () => gql('{ me { kind } }', {}, { authorization: `Bearer ${token}` });
    expect((await bearer()).body.data.me).toEqual({ kind: 'INTEGRATION' });
    await gql(`mutation { revokeApiToken(id: "${apiToken.id}") { ok } }`, {}, { cookie: admin });
    expect((await bearer()).body.data.me).toBeNull();
  });

  it('never answers 500 to a malformed cookie on /graphql, /uploads or /files', async () => {
    const bad = 'bolsa_sesion=%E0%A4%A';
    const g = await request(stack.bff.app).post('/graphql').set('cookie', bad).send({ query: '{ me { id } }' });
    expect(g.status).toBe(200);
    expect(g.body.data.me).toBeNull();
    const u = await request(stack.bff.app)
      .post('/uploads?kind=vacancy-image')
      .set('cookie', bad)
      .set('x-requested-with', 'x');
    expect(u.status).toBe(401);
    expect(u.body.message).toBe('Debes iniciar sesión para continuar.');
    const f = await request(stack.bff.app).get('/files/tests/1').set('cookie', bad);
    expect(f.status).toBe(401);
  });

  it('refuses a captcha token presented as a session id', async () => {
    const cap = (await gql('mutation { newCaptcha { id } }')).body.data.newCaptcha.id as string;
    const res = await gql('{ me { id } }', {}, { cookie: `bolsa_sesion=${cap}` });
    expect(res.status).toBe(200);
    expect(res.body.data.me).toBeNull();
  });
});

describe('sessions kept in memory by each replica (issue 22)', () => {
  let stack: Stack;
  let second: BffServer;
  beforeAll(async () => {
    stack = await startStack({ sessionIdleMs: 1_500 });
    // A second replica in this process over the same api: what one keeps in memory, the other does not see.
    second = await createServer(stack.config, { logger: capturingLogger('bff', []) });
  }, 60_000);
  afterAll(async () => {
    await second?.close();
    await stack?.close();
  });

  const lookups = async (bff: BffServer) => {
    const metric = await bff.metrics.registry.getSingleMetric('bolsa_session_store_duration_seconds')!.get();
    return metric.values
      .filter((v) => (v as { metricName?: string }).metricName?.endsWith('_count') && v.labels.operation === 'use')
      .reduce((n, v) => n + v.value, 0);
  };

  it('answers a signed-in request from memory: 30 requests, at most 2 session lookups in the store', async () => {
    const { gql } = client(stack.bff.app);
    const cookie = sessionCookie(await gql(STAFF_LOGIN, { u: DEMO.manager, p: DEMO_PASSWORD }))!;
    const before = await lookups(stack.bff);
    for (let i = 0; i < 30; i++)
      expect((await gql('{ me { id role } }', {}, { cookie })).body.data.me.role).toBe('MANAGER');
    expect((await lookups(stack.bff)) - before).toBeLessThanOrEqual(2);
  }, 30_000);

  it('writes the idle marks behind: a session used only on one replica past the idle limit lives on the other', async () => {
    const a = client(stack.bff.app).gql;
    const b = client(second.app).gql;
    const cookie = sessionCookie(await a(STAFF_LOGIN, { u: DEMO.viewer, p: DEMO_PASSWORD }))!;
    for (let i = 0; i < 8; i++) {
      await new Promise((r) => setTimeout(r, 400));
      expect((await a('{ me { id } }', {}, { cookie })).body.data.me).not.toBeNull();
    }
    // 3.2 s of use on the first replica, twice the idle limit: the store knows it was used.
    expect((await b('{ me { id } }', {}, { cookie })).body.data.me).not.toBeNull();
    // And the idle limit still ends it, on both.
    await new Promise((r) => setTimeout(r, 1_800));
    expect((await a('{ me { id } }', {}, { cookie })).body.data.me).toBeNull();
    expect((await b('{ me { id } }', {}, { cookie })).body.data.me).toBeNull();
  }, 30_000);

  it("sees its own mutation at once: a deactivation ends the account's session on the next request", async () => {
    const { gql } = client(stack.bff.app);
    const admin = sessionCookie(await gql(STAFF_LOGIN, { u: DEMO.admin, p: DEMO_PASSWORD }))!;
    const email = `memoria.${Date.now()}@ejemplo.org.gt`;
    const made = await gql(
      `mutation($i: StaffUserInput!) { createStaffUser(input: $i) { user { id } } }`,
      { i: { name: 'Memoria Prueba', email, role: 'VIEWER', password: 'Secreto2026!' } },
      { cookie: admin },
    );
    const cookie = sessionCookie(await gql(STAFF_LOGIN, { u: email, p: 'Secreto2026!' }))!;
    for (let i = 0; i < 3; i++) expect((await gql('{ me { id } }', {}, { cookie })).body.data.me).not.toBeNull();
    await gql(
      `mutation($id: ID!) { toggleStaffUser(id: $id) { error { __typename } } }`,
      {
        id: made.body.data.createStaffUser.user.id,
      },
      { cookie: admin },
    );
    expect((await gql('{ me { id } }', {}, { cookie })).body.data.me).toBeNull();
  }, 30_000);
});

describe('an absolute session lifetime', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ sessionIdleMs: 1_500, sessionMaxAgeMs: 2_500 });
  });
  afterAll(() => stack?.close());

  it('ends the session after the absolute lifetime even when it is used all the time', async () => {
    const { gql } = client(stack.bff.app);
    const cookie = sessionCookie(await gql(STAFF_LOGIN, { u: DEMO.viewer, p: DEMO_PASSWORD }))!;
    const alive: boolean[] = [];
    for (let i = 0; i < 6; i++) {
      await new Promise((r) => setTimeout(r, 500));
      alive.push((await gql('{ me { id } }', {}, { cookie })).body.data.me !== null);
    }
    expect(alive.slice(0, 3)).toEqual([true, true, true]);
    expect(alive.at(-1)).toBe(false);
  });
});

describe('login throttling', () => {
  let stack: Stack;
  let gql: ReturnType<typeof client>['gql'];
  beforeAll(async () => {
    stack = await startStack({ trustProxy: 'loopback' });
    gql = client(stack.bff.app).gql;
  });
  afterAll(() => stack?.close());
  const from = (ip: string) => ({ 'x-forwarded-for': ip });

  it('cannot be raced: 25 wrong passwords in parallel get at most 5 InvalidCredentials', async () => {
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, i) => gql(STAFF_LOGIN, { u: DEMO.manager, p: `mal-${i}` }, from('192.0.2.10'))),
    );
    const kinds = answers.map((a) => a.body.data.r.error.__typename as string);
    expect(kinds.filter((k) => k === 'InvalidCredentials').length).toBeLessThanOrEqual(5);
    expect(kinds.filter((k) => k === 'Throttled').length).toBeGreaterThanOrEqual(20);
  });

  it('cannot be raced on candidate login either', async () => {
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        gql(CANDIDATE_LOGIN, { u: DEMO.candidate, p: `mal-${i}` }, from('192.0.2.11')),
      ),
    );
    const kinds = answers.map((a) => a.body.data.r.error.__typename as string);
    expect(kinds.filter((k) => k === 'InvalidCredentials').length).toBeLessThanOrEqual(5);
  });

  it("does not lock the owner out: another address gets a captcha, and the owner's right answer logs in", async () => {
    for (let i = 0; i < 7; i++) await gql(STAFF_LOGIN, { u: DEMO.admin, p: `mal-${i}` }, from('203.0.113.66'));
    // The attacker's address waits, even with the right password.
    const attacker = await gql(STAFF_LOGIN, { u: DEMO.admin, p: DEMO_PASSWORD }, from('203.0.113.66'));
    expect(attacker.body.data.r.error.__typename).toBe('Throttled');

    const owner = await gql(STAFF_LOGIN, { u: DEMO.admin, p: DEMO_PASSWORD }, from('198.51.100.7'));
    const challenge = owner.body.data.r.error;
    expect(challenge.__typename).toBe('CaptchaRequired');
    expect(challenge.message).toBe('Por seguridad, escribe el código de verificación para continuar.');
    expect(challenge.captcha.image).toMatch(/^data:image\/png;base64,/);
    const answer = (await request(stack.bff.app).get('/__test/captcha').query({ id: challenge.captcha.id })).body
      .answer;
    const wrong = await gql(
      STAFF_LOGIN,
      { u: DEMO.admin, p: DEMO_PASSWORD, cid: challenge.captcha.id, ca: 'ZZZZZZ' },
      from('198.51.100.7'),
    );
    expect(wrong.body.data.r.error).toMatchObject({
      __typename: 'CaptchaRequired',
      message: 'El código de verificación es incorrecto',
    });
    const fresh = wrong.body.data.r.error.captcha.id as string;
    const freshAnswer = (await request(stack.bff.app).get('/__test/captcha').query({ id: fresh })).body.answer;
    expect(answer).not.toBeNull();
    const ok = await gql(
      STAFF_LOGIN,
      { u: DEMO.admin, p: DEMO_PASSWORD, cid: fresh, ca: freshAnswer },
      from('198.51.100.7'),
    );
    expect(ok.body.data.r.error).toBeNull();
    expect(ok.body.data.r.viewer.role).toBe('ADMIN');
  });

  it('limits new captchas per address with a Spanish message', async () => {
    const answers = [];
    for (let i = 0; i < 31; i++) answers.push(await gql('mutation { newCaptcha { id } }', {}, from('192.0.2.50')));
    expect(answers.slice(0, 30).every((a) => a.body.data?.newCaptcha?.id)).toBe(true);
    expect(answers[30]!.body.errors[0]).toMatchObject({
      message: 'Demasiadas solicitudes de código de verificación. Espera unos minutos e intenta de nuevo.',
      extensions: { code: 'THROTTLED' },
    });
    // Another address is not affected.
    expect((await gql('mutation { newCaptcha { id } }', {}, from('192.0.2.51'))).body.data.newCaptcha.id).toBeTruthy();
  });
});

describe('one key per purpose', () => {
  const keys = deriveKeys(Buffer.from('una clave de sesión de prueba suficientemente larga'));
  const noStore = { isSpent: async () => false, spend: async () => true } as unknown as SharedStore;

  it('derives different keys for sessions, captchas, proofs of work, uploads, counters and data exports', () => {
    const hex = Object.values(keys).map((k) => k.toString('hex'));
    expect(new Set(hex).size).toBe(6);
  });

  it('refuses a captcha token as an upload id, and an upload id as a captcha', async () => {
    const uploads = new Uploads(`/tmp/bolsa-keys-${process.pid}`, keys.upload, noStore);
    const claim = {
      f: 'a'.repeat(32),
      owner: '7',
      kind: 'vacancy-image',
      mime: 'image/png',
      name: 'x.png',
      size: 1,
      exp: Date.now() + 60_000,
    };
    expect(uploads.resolve(seal(claim, keys.upload), '7', 'vacancy-image')).not.toBeNull();
    expect(uploads.resolve(seal(claim, keys.captcha), '7', 'vacancy-image')).toBeNull();
    const captcha = new CaptchaService(keys.captcha, noStore);
    const asUpload = seal({ a: 'ACDEFG', exp: Date.now() + 60_000, n: 'nonce-123456' }, keys.upload);
    expect(await captcha.verify(asUpload, 'ACDEFG')).toBe(false);
    const genuine = seal({ a: 'ACDEFG', exp: Date.now() + 60_000, n: 'nonce-654321' }, keys.captcha);
    expect(await captcha.verify(genuine, 'acdefg')).toBe(true);
  });
});

describe('proxy, cookie and request-id settings', () => {
  it('reads TRUST_PROXY and makes the cookie Secure in production unless COOKIE_SECURE=false', () => {
    const base = { SERVICE_TOKEN: 'x'.repeat(32), SESSION_SECRET: 's'.repeat(48) };
    expect(loadConfig({ ...base }).trustProxy).toBe('loopback');
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('false')).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: '10.0.0.0/8, uniquelocal' }).trustProxy).toBe('10.0.0.0/8, uniquelocal');
    expect(loadConfig({ ...base, NODE_ENV: 'production' }).cookieSecure).toBe(true);
    expect(loadConfig({ ...base, NODE_ENV: 'production', COOKIE_SECURE: 'false' }).cookieSecure).toBe(false);
    expect(loadConfig({ ...base }).cookieSecure).toBeNull();
  });

  let api: RunningApi;
  let bff: BffServer;
  const apiLogs: string[] = [];
  beforeAll(async () => {
    api = await startApi({
      memory: true,
      port: 0,
      seedDemo: true,
      log: true,
      logger: apiLogger('api', apiLogs),
    });
    bff = await createServer(
      loadConfig(
        { NODE_ENV: 'test' },
        {
          apiUrl: api.url,
          serviceToken: api.token,
          webDist: null,
          cookieSecure: true,
          trustProxy: false,
          loginDelayMs: 100,
          publicCacheTtlMs: 0,
        },
      ),
      { logger: capturingLogger('bff', []) },
    );
  });
  afterAll(async () => {
    await bff?.close();
    await api?.close();
  });

  it('sets Secure on the cookie when configured, even over plain HTTP', async () => {
    const res = await client(bff.app).gql(STAFF_LOGIN, { u: DEMO.viewer, p: DEMO_PASSWORD });
    const raw = (res.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('bolsa_sesion='))!;
    expect(raw).toMatch(/;\s*Secure/i);
  });

  it('answers each failure of one account and address a little later than the one before', async () => {
    const g = client(bff.app).gql;
    const took: number[] = [];
    for (let i = 0; i < 3; i++) {
      const t0 = Date.now();
      await g(STAFF_LOGIN, { u: DEMO.viewer, p: `mal-${i}` });
      took.push(Date.now() - t0);
    }
    expect(took[0]).toBeGreaterThanOrEqual(100);
    expect(took[1]).toBeGreaterThanOrEqual(200);
    expect(took[2]).toBeGreaterThanOrEqual(400);
  });

  it('ignores X-Forwarded-For when TRUST_PROXY=false: a forged address does not escape the throttle', async () => {
    const g = client(bff.app).gql;
    for (let i = 0; i < 5; i++)
      await g(STAFF_LOGIN, { u: DEMO.manager, p: `mal-${i}` }, { 'x-forwarded-for': `192.0.2.${i}` });
    const sixth = await g(STAFF_LOGIN, { u: DEMO.manager, p: 'mal-6' }, { 'x-forwarded-for': '192.0.2.99' });
    expect(sixth.body.data.r.error.__typename).toBe('Throttled');
  });

  it('takes no X-Request-Id from a client it does not trust (TRUST_PROXY=false), and the api logs its own id', async () => {
    const server = createHttpServer(bff.app);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const apiIds = () => apiLogs.map((l) => (JSON.parse(l) as { reqId?: string }).reqId);
    try {
      const safe = await request(server)
        .post('/graphql')
        .set('x-request-id', 'abc-123.XYZ_9')
        .send({ query: '{ vacancies { totalCount } }' });
      expect(safe.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(apiIds()).toContain(safe.headers['x-request-id']);
      expect(apiIds()).not.toContain('abc-123.XYZ_9');
      const evil = 'x\u0000<script>'.padEnd(80, 'a');
      const unsafe = await request(server)
        .post('/graphql')
        .set('x-request-id', encodeURI(evil))
        .send({ query: '{ vacancies { totalCount } }' });
      expect(unsafe.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(apiIds()).toContain(unsafe.headers['x-request-id']);
    } finally {
      server.close();
    }
  });
});
