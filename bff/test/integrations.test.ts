import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createListener } from '../src/server.js';
import { DEMO, DEMO_PASSWORD } from './roles.js';
import { listen, startStack, type Stack } from './support.js';

const LIMIT = 12;
const section = readFileSync(path.resolve(import.meta.dirname, '../../docs/integrations.md'), 'utf8');
const block = (lang: string) => {
  const m = new RegExp('```' + lang + '\\n([\\s\\S]*?)```').exec(section);
  if (!m) throw new Error(`docs/integrations.md: no ${lang} block`);
  return m[1]!;
};

let stack: Stack;
let admin: string;
let server: Server;
let origin: string;
// Everything the BFF prints while this file runs: a token must never appear in it.
const printed: string[] = [];
beforeAll(async () => {
  for (const m of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    const original = console[m].bind(console);
    vi.spyOn(console, m).mockImplementation((...a: unknown[]) => {
      printed.push(a.map(String).join(' '));
      original(...a);
    });
  }
  stack = await startStack({ apiTokenRequests: LIMIT, apiTokenWindowMs: 60_000 }, { apiRequestLines: true });
  const login = await gql(
    'mutation($u: String!, $p: String!) { staffLogin(username: $u, password: $p) { viewer { id } } }',
    { u: DEMO.admin, p: DEMO_PASSWORD },
  );
  admin = (login.headers['set-cookie'] as unknown as string[])
    .find((c) => c.startsWith('bolsa_sesion='))!
    .split(';')[0]!;
  server = createListener(stack.bff.handler);
  origin = `http://127.0.0.1:${await listen(server)}`;
});
afterAll(async () => {
  server?.close();
  await stack?.close();
  vi.restoreAllMocks();
});

function gql(query: string, variables: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  // Through the instrumented handler, so each call writes its request lines to the captured logs.
  const r = request(stack.bff.handler).post('/graphql').set('content-type', 'application/json');
  for (const [k, v] of Object.entries(headers)) r.set(k, v);
  return r.send({ query, variables });
}

async function newToken(role: 'ADMIN' | 'MANAGER' | 'VIEWER', name = `Integración ${role}`) {
  const res = await gql(
    'mutation($n: String!, $r: Role!) { createApiToken(name: $n, role: $r) { token apiToken { id } } }',
    { n: name, r: role },
    { cookie: admin },
  );
  const { token, apiToken } = res.body.data.createApiToken as { token: string; apiToken: { id: string } };
  return { token, id: apiToken.id, bearer: { authorization: `Bearer ${token}` } };
}

describe('docs/integrations.md', () => {
  it('runs its GraphQL query as written with a token', async () => {
    const t = await newToken('VIEWER');
    const res = await gql(block('graphql'), { page: 1, pageSize: 2 }, t.bearer);
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.candidates.totalCount).toBeGreaterThan(2);
    expect(res.body.data.candidates.items).toHaveLength(2);
    expect(res.body.data.candidates.items[0]).toHaveProperty('tests');
  });

  it('runs its curl body and its Node script (which pages) against a running BFF', async () => {
    const t = await newToken('VIEWER');
    const body = /-d '([^']+)'/.exec(block('sh'))![1]!;
    const curl = await request(stack.bff.app)
      .post('/graphql')
      .set('content-type', 'application/json')
      .set(t.bearer)
      .send(body);
    expect(curl.body.errors).toBeUndefined();
    expect(curl.body.data.me).toEqual({ kind: 'INTEGRATION', role: 'VIEWER' });

    // The script's query is the README's query, character for character.
    const script = block('js');
    expect(script).toContain(block('graphql').trim());
    const dir = mkdtempSync(path.join(tmpdir(), 'bolsa-readme-'));
    try {
      const file = path.join(dir, 'candidatos.mjs');
      writeFileSync(file, script);
      const { stdout, stderr } = await promisify(execFile)(process.execPath, [file], {
        env: { PATH: process.env.PATH, BOLSA_URL: origin, BOLSA_TOKEN: t.token, BOLSA_PAGE_SIZE: '3' },
        timeout: 30_000,
      });
      const total = (await gql('{ candidates { totalCount } }', {}, { cookie: admin })).body.data.candidates.totalCount;
      expect(stderr.trim()).toBe(`${total} candidatos`);
      expect(stdout.trim().split('\n')).toHaveLength(total);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('integrators: limits per API token', () => {
  it('answers 429 with Retry-After and a Spanish message past the budget; other tokens and sessions go on', async () => {
    const a = await newToken('VIEWER', 'Integración A');
    const b = await newToken('VIEWER', 'Integración B');
    for (let i = 0; i < LIMIT; i++) {
      const ok = await gql('{ vacancies { totalCount } }', {}, a.bearer);
      expect(ok.status, `request ${i + 1}`).toBe(200);
    }
    const over = await gql('{ vacancies { totalCount } }', {}, a.bearer);
    expect(over.status).toBe(429);
    const seconds = Number(over.headers['retry-after']);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(60);
    expect(over.body.errors[0]).toMatchObject({
      message: `Demasiadas solicitudes. Espera ${seconds} ${seconds === 1 ? 'segundo' : 'segundos'} e intenta de nuevo.`,
      extensions: { code: 'THROTTLED', retryAfterSeconds: seconds },
    });
    expect(over.body.data).toBeUndefined();

    const other = await gql('{ candidates { totalCount } }', {}, b.bearer);
    expect(other.status).toBe(200);
    expect(other.body.data.candidates.totalCount).toBeGreaterThan(0);
    // A browser session is never counted against a token's budget, nor limited by it.
    for (let i = 0; i < LIMIT + 2; i++) {
      expect((await gql('{ me { kind } }', {}, { cookie: admin })).status).toBe(200);
    }
  });

  it('refuses a revoked token at once: no staff data, only what anonymous callers see', async () => {
    const t = await newToken('MANAGER');
    expect((await gql('{ candidates { totalCount } }', {}, t.bearer)).body.data.candidates.totalCount).toBeGreaterThan(
      0,
    );
    await gql(`mutation { revokeApiToken(id: "${t.id}") { ok } }`, {}, { cookie: admin });
    const after = await gql('{ me { kind } candidates { totalCount } }', {}, t.bearer);
    expect(after.body.data?.me ?? null).toBeNull();
    expect(after.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    expect(after.body.errors[0].message).toBe('Debes iniciar sesión para continuar.');
  });

  it('lets a VIEWER token read but never change anything', async () => {
    const t = await newToken('VIEWER');
    const write = await gql(
      'mutation { createAdminEmail(email: "rrhh@ejemplo.org.gt", name: "RRHH") { adminEmail { id } } }',
      {},
      t.bearer,
    );
    expect(write.body.errors[0]).toMatchObject({
      message: 'Tu rol no permite realizar esta acción.',
      extensions: { code: 'FORBIDDEN' },
    });
    const tokens = await gql('mutation { createApiToken(name: "x", role: ADMIN) { token } }', {}, t.bearer);
    expect(tokens.body.errors[0].extensions.code).toBe('FORBIDDEN');
    const emails = await gql('{ adminEmails { email } }', {}, { cookie: admin });
    expect(JSON.stringify(emails.body)).not.toContain('rrhh@ejemplo.org.gt');
  });

  it('applies the depth, alias and batch limits to token calls too', async () => {
    const t = await newToken('ADMIN');
    const deep = await gql(`{ ${'... on Query { '.repeat(9)}__typename${' }'.repeat(9)} }`, {}, t.bearer);
    expect(deep.status).toBe(400);
    expect(deep.body.errors[0].message).toBe('La consulta es demasiado profunda.');
    const aliases = await gql(
      `{ ${Array.from({ length: 20 }, (_, i) => `x${i}: candidates { totalCount }`).join(' ')} }`,
      {},
      t.bearer,
    );
    expect(aliases.status).toBe(400);
    expect(aliases.body.errors[0].message).toMatch(/^La consulta (usa demasiados alias|es demasiado costosa)\.$/);
    const batch = await request(stack.bff.app)
      .post('/graphql')
      .set('content-type', 'application/json')
      .set(t.bearer)
      .send('[{"query":"{ me { kind } }"},{"query":"{ me { kind } }"}]');
    expect(batch.status).toBe(400);
    expect(batch.body.errors[0].message).toBe('Solicitud inválida.');
  });

  it('never prints a token', async () => {
    const t = await newToken('VIEWER');
    // A malformed query, a forbidden field and an over-budget burst: the paths that may log.
    await gql('{ candidates { ', {}, t.bearer);
    await gql('{ staffUsers { id } }', {}, t.bearer);
    for (let i = 0; i < LIMIT + 1; i++) await gql('{ me { kind } }', {}, t.bearer);
    const secret = t.token.slice('bolsa_'.length);
    // What reached the console, and both tiers' JSON logs (request lines included).
    expect(stack.logs.bff.length).toBeGreaterThan(LIMIT);
    for (const line of [...printed, ...stack.logs.api, ...stack.logs.bff]) expect(line).not.toContain(secret);
  });
});
