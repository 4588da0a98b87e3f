import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { createServer, type BffServer } from '../src/server.js';
import { DEMO, DEMO_PASSWORD } from './roles.js';
import { Cut } from './cut.js';
import { startStack, type Stack } from './support.js';

/**
 * The api goes away and comes back (issue 20, 'an outage reads as an outage'): a session check
 * that cannot reach the api is UPSTREAM_UNAVAILABLE, never 'nobody is logged in'; a dead or hung
 * api is said within seconds, not after the 10 s time-out of every call; the BFF notices by
 * itself when the api is back. A TCP hop on loopback plays the outage: it refuses connections
 * (the api process stopped) or accepts and never answers (the api hung).
 */

let stack: Stack;
let cut: Cut;
let bff: BffServer;
let cookie = '';

const gql = (query: string, withCookie = true) => {
  const r = request(bff.app).post('/graphql').set('content-type', 'application/json');
  if (withCookie) r.set('cookie', cookie);
  return r.send({ query });
};

const UNAVAILABLE = {
  message: 'No se pudo contactar al servidor. Intenta nuevamente.',
  extensions: { code: 'UPSTREAM_UNAVAILABLE' },
};

async function timed<T>(f: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const t0 = performance.now();
  const value = await f();
  return { value, ms: performance.now() - t0 };
}

beforeAll(async () => {
  stack = await startStack();
  cut = new Cut(Number(new URL(stack.api.url).port));
  await cut.open();
  bff = await createServer(
    loadConfig(
      { NODE_ENV: 'test' },
      {
        apiUrl: `http://127.0.0.1:${cut.port}`,
        serviceToken: stack.api.token,
        webDist: null,
        publicCacheTtlMs: 0,
        loginDelayMs: 0,
      },
    ),
  );
  const res = await request(bff.app)
    .post('/graphql')
    .send({
      query: `mutation { staffLogin(username: "${DEMO.admin}", password: "${DEMO_PASSWORD}") { viewer { id } } }`,
    });
  cookie = (res.headers['set-cookie'] as unknown as string[])
    .find((c) => c.startsWith('bolsa_sesion='))!
    .split(';')[0]!;
}, 120_000);

afterAll(async () => {
  await bff?.close();
  await cut?.close();
  await stack?.close();
});

describe('the api stops (connections refused)', () => {
  it('a session restore answers UPSTREAM_UNAVAILABLE (503) and keeps the cookie; not "no session"', async () => {
    await cut.set('refuse');
    const res = await gql('{ me { id role } settings { version } }');
    expect(res.status).toBe(503);
    expect(res.body.errors?.[0]).toMatchObject(UNAVAILABLE);
    expect(res.body.data).toBeUndefined();
    // The browser keeps its session: nothing clears the cookie.
    expect(res.headers['set-cookie']).toBeUndefined();
    // The public board says the same, at once.
    const board = await timed(() => gql('{ vacancies { totalCount } }', false));
    expect(board.value.body.errors?.[0]).toMatchObject(UNAVAILABLE);
    expect(board.ms).toBeLessThan(2_000);
  }, 30_000);

  it('the same session works again once the api is back, without logging in', async () => {
    await cut.set('pass');
    let me: unknown = null;
    const until = Date.now() + 10_000;
    while (Date.now() < until) {
      const res = await gql('{ me { id role } }');
      if (res.status === 200 && res.body.data?.me) {
        me = res.body.data.me;
        break;
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(me).toMatchObject({ role: 'ADMIN' });
  }, 30_000);
});

describe('the api hangs (accepts, never answers)', () => {
  it('says UPSTREAM_UNAVAILABLE within a few seconds, then at once, and recovers by itself', async () => {
    await cut.set('hang');
    const first = await timed(() => gql('{ vacancy(id: "1") { id name } }', false));
    expect(first.value.body.errors?.[0]).toMatchObject(UNAVAILABLE);
    // Not the 10 s time-out of a call: the BFF asks the api's health on the side and gives up.
    expect(first.ms).toBeLessThan(6_000);
    console.log('[outage] first answer with the api hung (ms):', Math.round(first.ms));
    const next = await timed(() => gql('{ me { id } }'));
    expect(next.value.status).toBe(503);
    expect(next.ms).toBeLessThan(1_000);

    await cut.set('pass');
    const back = await timed(async () => {
      const until = Date.now() + 10_000;
      while (Date.now() < until) {
        const res = await gql('{ vacancy(id: "1") { id } }', false);
        if (res.body.data?.vacancy) return true;
        await new Promise((r) => setTimeout(r, 100));
      }
      return false;
    });
    expect(back.value).toBe(true);
    expect(back.ms).toBeLessThan(3_000);
  }, 60_000);
});
