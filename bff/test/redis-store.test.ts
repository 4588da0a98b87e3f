import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { RedisStore } from '../src/auth/redis-store.js';
import { SESSION_CACHE_DEFAULTS, SessionCache } from '../src/auth/session-cache.js';
import { Upstream } from '../src/upstream/http.js';
import { SessionsClient } from '../src/upstream/sessions.js';
import { Cut } from './cut.js';

const redisUrl = process.env.REDIS_URL?.trim();

describe.skipIf(!redisUrl)('the Redis session store', () => {
  it('closes within seconds while Redis does not answer (a shutdown does not wait for replies that never come)', async () => {
    // Redis on loopback behind a hop that can silence it (test/cut.ts).
    const cut = new Cut(Number(new URL(redisUrl!).port || 6379));
    await cut.open();
    try {
      const store = await RedisStore.connect(`redis://127.0.0.1:${cut.port}`, {} as SessionsClient);
      await store.watchEnds(
        () => undefined,
        () => undefined,
      );
      expect(await store.ping()).toBe(true);
      // The connections stay open and nothing comes back: the PING is written and never answered.
      // /readyz says so after 2 s, and the command stays queued.
      await cut.set('silence');
      expect(await store.ping()).toBe(false);
      // Before: close() waited for that reply, for ever.
      await store.close();
    } finally {
      await cut.close();
    }
  }, 30_000);

  it('the session cache closes within seconds while Redis does not answer its last idle marks', async () => {
    // The api, for what the Redis store asks it (an account's live state, the revocation feed):
    // a stand-in on loopback, as the organisation's api is outside the BFF.
    const api = createServer((req, res) => {
      req.resume();
      res.writeHead(200, { 'content-type': 'application/json' });
      if (req.url?.startsWith('/internal/sesiones/revocaciones')) return res.end('{"revocadas":[]}');
      res.end(JSON.stringify({ activo: true, idrol: 1, nombre: 'Gestor', email: 'g@example.org', sello: 's' }));
    });
    await new Promise<void>((r) => api.listen(0, '127.0.0.1', r));
    const upstream = new Upstream({
      baseUrl: `http://127.0.0.1:${(api.address() as AddressInfo).port}`,
      token: 'service-token-for-a-test',
      timeoutMs: 5_000,
      connections: 2,
    });
    const cut = new Cut(Number(new URL(redisUrl!).port || 6379));
    await cut.open();
    try {
      const sessions = new SessionsClient(upstream);
      const store = await RedisStore.connect(`redis://127.0.0.1:${cut.port}`, sessions);
      const cache = new SessionCache(store, store, sessions, { ...SESSION_CACHE_DEFAULTS, flushMs: 3_600_000 });
      await cache.start();
      const idHash = `prueba-cierre-${Date.now()}`;
      const limits = { lifetimeMs: 60_000, idleMs: 30_000 };
      expect(await cache.createSession(idHash, { kind: 'staff', userId: '1', role: 1 }, limits)).toBe('ok');
      expect(await cache.useSession(idHash, limits)).not.toBeNull(); // asks Redis, then kept
      expect(await cache.useSession(idHash, limits)).not.toBeNull(); // from memory: an idle mark to write
      await cut.set('silence');
      const started = Date.now();
      // Before: close() awaited the flush of that mark, whose reply never comes, for ever.
      await cache.close();
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      await cut.close();
      await upstream.close();
      await new Promise((r) => api.close(r));
    }
  }, 30_000);
});
