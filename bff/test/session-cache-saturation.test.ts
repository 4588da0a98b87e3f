import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiStore } from '../src/auth/api-store.js';
import { SESSION_CACHE_DEFAULTS, SessionCache } from '../src/auth/session-cache.js';
import { Upstream } from '../src/upstream/http.js';
import { SessionsClient } from '../src/upstream/sessions.js';

// bench:signed-in at 100 connections (issue 22, item 1) answered 720 requests with 503: the
// revocation poll waited in the same connection pool as the user requests, came back after the
// 1 s staleness limit, and then every signed-in request asked the api for its session at once —
// on an api that was already the bottleneck. The api here is a stand-in on loopback (the BFF also
// talks to the organisation's legacy api) that counts what it is asked.
const servers: Server[] = [];
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((c) => c()));
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

interface Calls {
  feed: number;
  use: number;
}

/** `slowMs`: how long the api takes for anything but the revocation feed. */
async function standIn(slowMs: number): Promise<{ url: string; calls: Calls }> {
  const calls: Calls = { feed: 0, use: 0 };
  const server = createServer((req, res) => {
    const json = (body: unknown, ms = 0) =>
      setTimeout(() => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      }, ms);
    req.resume();
    if (req.url?.startsWith('/internal/sesiones/revocaciones')) {
      calls.feed++;
      return json({ revocadas: [] });
    }
    if (req.url === '/livez') return json({ ok: true });
    const used = /^\/internal\/sesiones\/([^/]+)\/usar$/.exec(req.url ?? '');
    if (used) {
      calls.use++;
      return json({
        tipo: 'staff',
        usuarioId: used[1],
        rol: 1,
        cuenta: { activo: true, idrol: 1, nombre: 'Gestor', email: 'g@example.org', sello: 's' },
        expiraEn: new Date(Date.now() + 3_600_000).toISOString(),
      });
    }
    json({ ok: true }, slowMs);
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, calls };
}

function upstream(baseUrl: string, connections: number): Upstream {
  const u = new Upstream({ baseUrl, token: 'service-token-for-a-test', timeoutMs: 10_000, connections });
  closers.push(() => u.close());
  return u;
}

describe('the revocation feed under saturation', () => {
  it('answers on its own connections while user requests fill the shared pool', async () => {
    const api = await standIn(1_200);
    const u = upstream(api.url, 2);
    const done: string[] = [];
    const busy = Array.from({ length: 6 }, () =>
      u.request('/sedes/vacantes/lista').then(
        () => done.push('user'),
        () => done.push('user failed'),
      ),
    );
    await new Promise((r) => setTimeout(r, 50));
    await new SessionsClient(u).revocations(10_000, 1_000);
    done.push('feed');
    // Behind the six slow calls it would wait three rounds of 1.2 s (and give up after 1 s).
    expect(done[0]).toBe('feed');
    await Promise.all(busy);
  }, 20_000);

  it('a cache gone stale asks the feed once for everybody, not the api once per session', async () => {
    const api = await standIn(0);
    const u = upstream(api.url, 4);
    const sessions = new SessionsClient(u);
    const store = new ApiStore(sessions);
    let clock = Date.now();
    // No timer-driven polls in this test: the clock is moved by hand.
    const cache = new SessionCache(
      store,
      store,
      sessions,
      { ...SESSION_CACHE_DEFAULTS, pollMs: 3_600_000 },
      () => clock,
    );
    closers.push(() => cache.close());
    await cache.start();
    const ids = Array.from({ length: 30 }, (_, i) => `s${i}`);
    await Promise.all(ids.map((id) => cache.useSession(id, { idleMs: 900_000 })));
    expect(api.calls.use).toBe(30);
    const feedBefore = api.calls.feed;

    clock += SESSION_CACHE_DEFAULTS.staleMs + 500; // the poll is late: the cache is stale
    const used = await Promise.all(ids.map((id) => cache.useSession(id, { idleMs: 900_000 })));
    expect(used.every((s) => s?.userId !== undefined)).toBe(true);
    expect(api.calls.use).toBe(30); // none asked again…
    expect(api.calls.feed - feedBefore).toBe(1); // …one shared poll made the cache fresh
  }, 20_000);
});
