import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { RedisStore } from '../src/auth/redis-store.js';
import type { SessionsClient } from '../src/upstream/sessions.js';

const redisUrl = process.env.REDIS_URL?.trim();

/**
 * Redis behind a loopback relay this test can silence: the connections stay open, nothing comes
 * back (a Redis that hangs, or a network that drops packets instead of refusing them).
 */
async function silenceableRelay(target: URL) {
  const sockets = new Set<net.Socket>();
  let answering = true;
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 6379), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => undefined);
    }
    client.on('data', (d) => answering && upstream.write(d));
    upstream.on('data', (d) => answering && client.write(d));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const via = new URL(target);
  via.host = `127.0.0.1:${(server.address() as net.AddressInfo).port}`;
  return {
    url: via.toString(),
    silence: () => (answering = false),
    close() {
      server.close();
      for (const s of sockets) s.destroy();
    },
  };
}

describe.skipIf(!redisUrl)('the Redis session store', () => {
  it('closes within seconds while Redis does not answer (a shutdown does not wait for replies that never come)', async () => {
    const relay = await silenceableRelay(new URL(redisUrl!));
    try {
      const store = await RedisStore.connect(relay.url, {} as SessionsClient);
      await store.watchEnds(
        () => undefined,
        () => undefined,
      );
      expect(await store.ping()).toBe(true);
      relay.silence();
      // The PING is written and never answered: /readyz says so after 2 s, and it stays queued.
      expect(await store.ping()).toBe(false);
      // Before: close() waited for that reply, for ever.
      await store.close();
    } finally {
      relay.close();
    }
  }, 30_000);
});
