import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, DEMO_PASSWORD } from './roles.js';

/**
 * Two of everything (issue 13): two api and two BFF processes on loopback over one PostgreSQL
 * (and Redis when REDIS_URL is set), requests sent round-robin. PGlite is one process's
 * database, so without TEST_DATABASE_URL there is nothing shared to prove this on.
 */
const pgUrl = process.env.TEST_DATABASE_URL?.trim();
const redisUrl = process.env.REDIS_URL?.trim();
const ROOT = path.resolve(import.meta.dirname, '../..');

const children: ChildProcess[] = [];
const killAll = () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
};
process.once('exit', killAll);

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** `node --import tsx <entry>` (never npx: the process we stop is the server itself). */
function startNode(name: string, entry: string, env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const out: string[] = [];
  child.stdout!.on('data', (d: Buffer) => out.push(d.toString()));
  child.stderr!.on('data', (d: Buffer) => out.push(d.toString()));
  child.once('exit', (code, signal) => {
    if (code && code !== 0) console.error(`[${name}] terminó con ${code ?? signal}:\n${out.join('').slice(-2000)}`);
  });
  children.push(child);
  return child;
}

async function waitReady(url: string, child: ChildProcess, timeoutMs = 90_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`${url}: el proceso terminó antes de estar listo`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url}: no respondió a tiempo`);
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

const sessionCookie = (res: request.Response) =>
  ((res.headers['set-cookie'] as unknown as string[]) ?? [])
    .find((c) => c.startsWith('bolsa_sesion=') && !c.startsWith('bolsa_sesion=;'))
    ?.split(';')[0];

const STAFF_LOGIN = `mutation($u: String!, $p: String!) { r: staffLogin(username: $u, password: $p) {
  viewer { id } error { __typename } } }`;

const stores = redisUrl ? (['database', 'Redis'] as const) : (['database'] as const);

describe.skipIf(!pgUrl).each(stores)(
  'two api and two BFF processes over one PostgreSQL, shared state in %s (skipped without TEST_DATABASE_URL: PGlite is single-process)',
  (store) => {
    const schema = `scale_${randomBytes(5).toString('hex')}`;
    let dataDir = '';
    const bffs: string[] = [];
    let turn = 0;
    /** The next BFF, round-robin. */
    const next = () => bffs[turn++ % bffs.length]!;
    const gql = (url: string, query: string, variables: Record<string, unknown> = {}, cookie?: string, ip?: string) => {
      const r = request(url).post('/graphql').set('content-type', 'application/json');
      if (cookie) r.set('cookie', cookie);
      // The BFFs trust loopback as a proxy (TRUST_PROXY's default), so a test can speak for an address.
      if (ip) r.set('x-forwarded-for', ip);
      return r.send({ query, variables });
    };

    beforeAll(async () => {
      const admin = new pg.Client({ connectionString: pgUrl });
      await admin.connect();
      await admin.query(`create schema ${schema}`);
      await admin.end();
      const scoped = new URL(pgUrl!);
      scoped.searchParams.set('options', `-c search_path=${schema}`);
      dataDir = await mkdtemp(path.join(os.tmpdir(), 'bolsa-scale-'));
      const serviceToken = randomBytes(24).toString('hex');
      const common = { NODE_ENV: 'test', SERVICE_TOKEN: serviceToken, DATA_DIR: dataDir };

      const apis: string[] = [];
      // One after the other: the first migrates and seeds, the second finds it done.
      for (const name of ['api-1', 'api-2']) {
        const port = await freePort();
        const child = startNode(name, 'api/src/index.ts', {
          ...common,
          DATABASE_URL: scoped.toString(),
          API_HOST: '127.0.0.1',
          API_PORT: String(port),
          SEED_DEMO: 'true',
        });
        const url = `http://127.0.0.1:${port}`;
        await waitReady(url, child);
        apis.push(url);
      }
      const sessionSecret = randomBytes(24).toString('hex');
      await Promise.all(
        apis.map(async (apiUrl, i) => {
          const port = await freePort();
          const child = startNode(`bff-${i + 1}`, 'bff/src/index.ts', {
            ...common,
            API_URL: apiUrl,
            HOST: '127.0.0.1',
            PORT: String(port),
            SESSION_SECRET: sessionSecret,
            WEB_DIST: path.join(dataDir, 'sin-web'),
            LOGIN_DELAY_MS: '0',
            ...(store === 'Redis' ? { REDIS_URL: redisUrl! } : {}),
          });
          const url = `http://127.0.0.1:${port}`;
          await waitReady(url, child);
          bffs[i] = url;
        }),
      );
    }, 180_000);

    afterAll(async () => {
      await Promise.all(children.map(stop));
      killAll();
      const admin = new pg.Client({ connectionString: pgUrl });
      await admin.connect();
      await admin.query(`drop schema if exists ${schema} cascade`);
      await admin.end();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    }, 60_000);

    it('serves a session made on one BFF from the other, and a logout ends it at once on that BFF', async () => {
      const login = await gql(bffs[0]!, STAFF_LOGIN, { u: DEMO.manager, p: DEMO_PASSWORD });
      const cookie = sessionCookie(login)!;
      for (let i = 0; i < 4; i++) {
        const me = await gql(next(), '{ me { email role } }', {}, cookie);
        expect(me.body.data.me).toEqual({ email: DEMO.manager, role: 'MANAGER' });
      }
      await gql(bffs[1]!, 'mutation { logout }', {}, cookie);
      // On the other BFF within 1 s (below).
      expect((await gql(bffs[1]!, '{ me { id } }', {}, cookie)).body.data.me).toBeNull();
    });

    /**
     * Issue 22: each replica keeps the sessions it served in memory; a revocation made through one
     * BFF must reach the other within 1 s. The other replica is warmed first (its copy is in memory),
     * then asked every 50 ms from the moment the change was answered.
     */
    const goneWithin = async (url: string, ask: () => Promise<boolean>): Promise<number> => {
      const started = Date.now();
      while (Date.now() - started < 3_000) {
        if (!(await ask())) {
          const ms = Date.now() - started;
          if (process.env.SHOW_REVOCATION_MS) console.log(`revocación vista en ${ms} ms`);
          return ms;
        }
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`${url}: la revocación no llegó en 3 s`);
    };
    const staffMe = (url: string, cookie: string) => async () =>
      (await gql(url, '{ me { id role } }', {}, cookie)).body.data.me !== null;
    const warm = async (cookie: string) => {
      for (const url of bffs) for (let i = 0; i < 3; i++) expect(await staffMe(url, cookie)()).toBe(true);
    };
    const admin = async () => sessionCookie(await gql(bffs[0]!, STAFF_LOGIN, { u: DEMO.admin, p: DEMO_PASSWORD }))!;
    const UPSERT = `mutation($id: ID!, $i: StaffUserInput!) { updateStaffUser(id: $id, input: $i) { user { id } error { __typename } } }`;
    /** A fresh staff account (so no other test depends on it), logged in: its id and cookie. */
    const newStaff = async (adminCookie: string, role = 'MANAGER') => {
      const email = `replica.${randomBytes(4).toString('hex')}@ejemplo.org.gt`;
      const made = await gql(
        bffs[0]!,
        `mutation($i: StaffUserInput!) { createStaffUser(input: $i) { user { id } error { __typename } } }`,
        { i: { name: 'Réplica Prueba', email, role, password: 'Secreto2026!' } },
        adminCookie,
      );
      const id = made.body.data.createStaffUser.user.id as string;
      const cookie = sessionCookie(await gql(bffs[0]!, STAFF_LOGIN, { u: email, p: 'Secreto2026!' }))!;
      return { id, email, cookie };
    };

    it('ends a session on the other BFF within 1 s of a logout', async () => {
      const cookie = sessionCookie(await gql(bffs[0]!, STAFF_LOGIN, { u: DEMO.manager, p: DEMO_PASSWORD }))!;
      await warm(cookie);
      await gql(bffs[0]!, 'mutation { logout }', {}, cookie);
      expect(await goneWithin(bffs[1]!, staffMe(bffs[1]!, cookie))).toBeLessThan(1_000);
    });

    it('ends sessions on the other BFF within 1 s of a password change, a deactivation or a role change', async () => {
      const adminCookie = await admin();
      const changed = await newStaff(adminCookie);
      await warm(changed.cookie);
      const pw = await gql(
        bffs[0]!,
        UPSERT,
        {
          id: changed.id,
          i: { name: 'Réplica Prueba', email: changed.email, role: 'MANAGER', password: 'Otra2026!x' },
        },
        adminCookie,
      );
      expect(pw.body.data.updateStaffUser.error).toBeNull();
      expect(await goneWithin(bffs[1]!, staffMe(bffs[1]!, changed.cookie))).toBeLessThan(1_000);

      const deactivated = await newStaff(adminCookie);
      await warm(deactivated.cookie);
      const off = await gql(
        bffs[0]!,
        `mutation($id: ID!) { toggleStaffUser(id: $id) { error { __typename } } }`,
        {
          id: deactivated.id,
        },
        adminCookie,
      );
      expect(off.body.data.toggleStaffUser.error).toBeNull();
      expect(await goneWithin(bffs[1]!, staffMe(bffs[1]!, deactivated.cookie))).toBeLessThan(1_000);

      // A role change keeps the session and follows it: MANAGER → VIEWER on the other BFF.
      const lowered = await newStaff(adminCookie);
      await warm(lowered.cookie);
      const role = await gql(
        bffs[0]!,
        UPSERT,
        { id: lowered.id, i: { name: 'Réplica Prueba', email: lowered.email, role: 'VIEWER', password: '' } },
        adminCookie,
      );
      expect(role.body.data.updateStaffUser.error).toBeNull();
      const stillManager = async () =>
        (await gql(bffs[1]!, '{ me { role } }', {}, lowered.cookie)).body.data.me?.role === 'MANAGER';
      expect(await goneWithin(bffs[1]!, stillManager)).toBeLessThan(1_000);
      expect((await gql(bffs[1]!, '{ me { role } }', {}, lowered.cookie)).body.data.me).toEqual({ role: 'VIEWER' });
    });

    it('refuses a revoked API token on the other BFF within 1 s', async () => {
      const adminCookie = await admin();
      const created = await gql(
        bffs[0]!,
        'mutation { createApiToken(name: "Réplica", role: VIEWER) { token apiToken { id } } }',
        {},
        adminCookie,
      );
      const { token, apiToken } = created.body.data.createApiToken as { token: string; apiToken: { id: string } };
      const asToken = (url: string) => async () =>
        (await request(url).post('/graphql').set('authorization', `Bearer ${token}`).send({ query: '{ me { id } }' }))
          .body.data?.me != null;
      for (const url of bffs) for (let i = 0; i < 3; i++) expect(await asToken(url)()).toBe(true);
      const revoked = await gql(
        bffs[0]!,
        'mutation($id: ID!) { revokeApiToken(id: $id) { ok } }',
        {
          id: apiToken.id,
        },
        adminCookie,
      );
      expect(revoked.body.data.revokeApiToken.ok).toBe(true);
      expect(await goneWithin(bffs[1]!, asToken(bffs[1]!))).toBeLessThan(1_000);
    });

    it('counts failed logins across both BFFs, even in parallel', async () => {
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          gql(next(), STAFF_LOGIN, { u: DEMO.viewer, p: `mal-${i}` }, undefined, '192.0.2.77'),
        ),
      );
      const kinds = answers.map((a) => a.body.data.r.error.__typename as string);
      expect(kinds.filter((k) => k === 'InvalidCredentials').length).toBeLessThanOrEqual(5);
      expect(kinds.filter((k) => k === 'Throttled').length).toBeGreaterThanOrEqual(15);
      for (const url of bffs) {
        const again = await gql(url, STAFF_LOGIN, { u: DEMO.viewer, p: DEMO_PASSWORD }, undefined, '192.0.2.77');
        expect(again.body.data.r.error.__typename).toBe('Throttled');
      }
    });

    it('refuses on the other BFF a captcha already spent on one', async () => {
      const cap = (await gql(bffs[0]!, 'mutation { newCaptcha { id } }')).body.data.newCaptcha.id as string;
      const answer = (await request(bffs[0]!).get('/__test/captcha').query({ id: cap })).body.answer as string;
      const REGISTER = `mutation($i: RegisterCandidateInput!) { registerCandidate(input: $i) { ok error { __typename } } }`;
      const input = {
        primerNombre: 'Réplica',
        primerApellido: 'Prueba',
        email: `replica.${randomBytes(3).toString('hex')}@example.com`,
        emailConfirmation: '',
        password: 'secreto1',
        passwordConfirmation: 'secreto1',
        dpi: '1',
        captchaId: cap,
        captchaAnswer: answer,
      };
      input.emailConfirmation = input.email;
      // The captcha is right, the CUI is not: the captcha is spent by this attempt.
      const first = await gql(bffs[0]!, REGISTER, { i: input });
      expect(first.body.data.registerCandidate.error.__typename).toBe('ValidationFailed');
      const replay = await gql(bffs[1]!, REGISTER, { i: input });
      expect(replay.body.data.registerCandidate.error.__typename).toBe('CaptchaFailed');
    });

    it('refuses on the other BFF an upload id already used on one', async () => {
      const cookie = sessionCookie(await gql(bffs[1]!, STAFF_LOGIN, { u: DEMO.admin, p: DEMO_PASSWORD }))!;
      const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
      const up = await request(bffs[0]!)
        .post('/uploads?kind=test-file')
        .set('cookie', cookie)
        .set('x-requested-with', 'XMLHttpRequest')
        .attach('file', pdf, { filename: 'prueba.pdf', contentType: 'application/pdf' });
      expect(up.status).toBe(201);
      const CREATE = `mutation($id: ID) { createTestTemplate(input: { name: "Prueba réplica", description: "Una prueba",
        type: PDF, category: TECNICA, active: true }, fileUploadId: $id) { template { id } error { __typename } } }`;
      const used = await gql(bffs[0]!, CREATE, { id: up.body.id }, cookie);
      expect(used.body.data.createTestTemplate.template.id).toBeTruthy();
      const reused = await gql(bffs[1]!, CREATE, { id: up.body.id }, cookie);
      expect(reused.body.errors[0]).toMatchObject({
        message: 'El archivo ya fue utilizado o expiró. Vuelve a subirlo.',
        extensions: { code: 'BAD_USER_INPUT' },
      });
    });
  },
);
