import { describe, expect, it } from 'vitest';
import { RedisStore } from '../src/auth/redis-store.js';
import type { SessionsClient } from '../src/upstream/sessions.js';
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
});
