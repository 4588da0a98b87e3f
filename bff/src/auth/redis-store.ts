import { RateLimiterRedis } from 'rate-limiter-flexible';
import { createClient } from 'redis';
import type { SessionsClient } from '../upstream/sessions.js';
import type { SessionKind } from '../normalise/session.js';
import type { SessionSync } from './session-cache.js';
import type { LimiterOptions, SharedStore } from './store.js';
import { within } from './within.js';

const newClient = (url: string) => createClient({ url, disableOfflineQueue: true });
type Client = ReturnType<typeof newClient>;

const SESSION = 'bolsa:sesion:';
const SPENT = 'bolsa:usado:';
/** Pub/sub channel of logouts: every replica drops the session from its memory at once. */
const ENDED = 'bolsa:sesion-terminada';

/**
 * Sessions, counters and spent tokens in Redis (REDIS_URL): a session is a hash that expires
 * after the idle time (renewed on use, never past its absolute end). The account's live state
 * still comes from the api on every use, so deactivation and password changes end it at once.
 */
export class RedisStore implements SharedStore, SessionSync {
  readonly name = 'redis' as const;
  private subscriber: Client | null = null;
  private constructor(
    private readonly client: Client,
    private readonly sessions: SessionsClient,
  ) {}

  static async connect(
    url: string,
    sessions: SessionsClient,
    onError: (err: Error) => void = () => undefined,
  ): Promise<RedisStore> {
    const client = newClient(url);
    // A lost connection reconnects on its own; requests meanwhile fail as unavailable, not crash.
    client.on('error', onError);
    await client.connect();
    return new RedisStore(client, sessions);
  }

  async createSession(
    idHash: string,
    s: { kind: SessionKind; userId: string; role: number },
    limits: { lifetimeMs: number; idleMs: number },
  ): Promise<'ok' | 'inactive' | 'unknown'> {
    const account = await this.sessions.account(s.kind, s.userId);
    if (!account) return 'unknown';
    if (!account.active) return 'inactive';
    const key = SESSION + idHash;
    await this.client
      .multi()
      .hSet(key, {
        k: s.kind,
        uid: s.userId,
        role: String(s.role),
        stamp: account.stamp,
        end: String(Date.now() + limits.lifetimeMs),
      })
      .pExpire(key, Math.min(limits.idleMs, limits.lifetimeMs))
      .exec();
    return 'ok';
  }

  async useSession(idHash: string, limits: { idleMs: number }) {
    const key = SESSION + idHash;
    const h = await this.client.hGetAll(key);
    const end = Number(h.end);
    const kind = h.k;
    if ((kind !== 'staff' && kind !== 'candidate') || !h.uid || !(end > Date.now())) {
      await this.client.del(key);
      return null;
    }
    const account = await this.sessions.account(kind, h.uid);
    if (!account || !account.active || account.stamp !== h.stamp) {
      await this.client.del(key);
      return null;
    }
    // Only renew a key that still exists: a logout on another replica must not be undone.
    const renewed = await this.client.pExpire(key, Math.min(limits.idleMs, end - Date.now()));
    if (!renewed) return null;
    return { kind: kind as SessionKind, userId: h.uid, role: Number(h.role), account, endsAt: end };
  }

  async endSession(idHash: string) {
    await this.client.del(SESSION + idHash);
    await this.client.publish(ENDED, idHash);
  }

  /**
   * The idle marks kept in memory, in one pipeline: each key's expiry moves to the idle limit
   * from its last use (never past its end, never earlier than another replica set it: GT), and
   * a key a logout deleted stays deleted (PEXPIRE does not create).
   */
  async touchSessions(touches: { idHash: string; agoMs: number; endsAt: number }[], idleMs: number) {
    const now = Date.now();
    const multi = this.client.multi();
    for (const t of touches) {
      const ttl = Math.min(idleMs - t.agoMs, t.endsAt - now);
      if (ttl > 0) multi.pExpire(SESSION + t.idHash, Math.round(ttl), 'GT');
    }
    await multi.execAsPipeline();
  }

  /** Logouts published by any replica; `ready` follows the subscriber connection. */
  async watchEnds(onEnd: (idHash: string) => void, ready: (up: boolean) => void) {
    const sub = this.client.duplicate();
    this.subscriber = sub;
    sub.on('error', () => ready(false));
    sub.on('end', () => ready(false));
    sub.on('reconnecting', () => ready(false));
    // node-redis subscribes again after a reconnect before it reports ready.
    sub.on('ready', () => ready(true));
    await sub.connect();
    await sub.subscribe(ENDED, (message) => onEnd(message));
  }

  async spend(key: string, ttlMs: number) {
    const r = await this.client.set(SPENT + key, '1', {
      condition: 'NX',
      expiration: { type: 'PX', value: Math.max(1_000, Math.ceil(ttlMs)) },
    });
    return r === 'OK';
  }

  async isSpent(key: string) {
    return (await this.client.exists(SPENT + key)) === 1;
  }

  limiter(o: LimiterOptions) {
    return new RateLimiterRedis({
      storeClient: this.client,
      useRedisPackage: true,
      points: o.points,
      duration: o.durationSeconds,
      keyPrefix: `bolsa:${o.prefix}`,
    });
  }

  /** A PING answered within 2 s (the client refuses at once while disconnected: no offline queue). */
  async ping() {
    try {
      return await within(
        this.client.ping().then((r) => r === 'PONG'),
        2_000,
        false,
      );
    } catch {
      return false;
    }
  }

  /** Each connection closes gracefully, or is cut after 2 s (see closeWithin). */
  async close() {
    await Promise.all([this.subscriber, this.client].map((c) => c && closeWithin(c, 2_000)));
  }
}

/**
 * node-redis's close() waits for every command already sent to be answered. With Redis hung or
 * unreachable (a PING that /readyz gave up on, a command stranded by a reconnect) that is for ever,
 * and a shutdown would wait with it. A connection that is not ready has nothing worth waiting
 * for and is cut at once; a ready one gets `ms` to drain, then is cut (destroy() fails what is left).
 */
async function closeWithin(client: Pick<Client, 'isReady' | 'close' | 'destroy'>, ms: number) {
  if (!client.isReady) return client.destroy();
  const drained = await within(
    client.close().then(() => true),
    ms,
    false,
  );
  if (!drained) client.destroy();
}
