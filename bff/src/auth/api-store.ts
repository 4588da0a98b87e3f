import { createRequire } from 'node:module';
import { RateLimiterRes, type RateLimiterStoreAbstract as StoreAbstract } from 'rate-limiter-flexible';
import type { SessionsClient } from '../upstream/sessions.js';
import type { CounterState } from '../normalise/session.js';
import type { SessionSync } from './session-cache.js';
import type { LimiterOptions, SharedStore } from './store.js';

// Typed by the package but missing from its index: the documented base class of custom stores.
const RateLimiterStoreAbstract = createRequire(import.meta.url)(
  'rate-limiter-flexible/lib/RateLimiterStoreAbstract.js',
) as typeof StoreAbstract;

/**
 * rate-limiter-flexible over the api's atomic upsert (/internal/contadores), the way its own
 * Postgres store works, so replicas without Redis share counters through the database.
 */
class ApiRateLimiter extends RateLimiterStoreAbstract {
  constructor(
    private readonly sessions: SessionsClient,
    o: LimiterOptions,
  ) {
    super({ storeClient: sessions, points: o.points, duration: o.durationSeconds, keyPrefix: o.prefix });
  }

  _getRateLimiterRes(_rlKey: string, changedPoints: number, result: CounterState): RateLimiterRes {
    const consumed = result.points;
    const res = new RateLimiterRes(
      Math.max(this.points - consumed, 0),
      result.remainingMs === null ? -1 : result.remainingMs,
      consumed,
      changedPoints === consumed,
    );
    return res;
  }

  _upsert(rlKey: string, points: number, msDuration: number, forceExpire = false): Promise<CounterState> {
    return this.sessions.consume(rlKey, points, msDuration, forceExpire);
  }

  _get(rlKey: string): Promise<CounterState | null> {
    return this.sessions.counter(rlKey);
  }

  _delete(rlKey: string): Promise<boolean> {
    return this.sessions.resetCounter(rlKey);
  }
}

/** Sessions, counters and spent tokens in the api's database (the default). */
export class ApiStore implements SharedStore, SessionSync {
  readonly name = 'api' as const;
  constructor(private readonly sessions: SessionsClient) {}

  createSession(
    idHash: string,
    s: { kind: 'staff' | 'candidate'; userId: string; role: number },
    limits: { lifetimeMs: number },
  ) {
    return this.sessions.create({ idHash, ...s, lifetimeMs: limits.lifetimeMs });
  }

  useSession(idHash: string, limits: { idleMs: number }) {
    return this.sessions.use(idHash, limits.idleMs);
  }

  /** Logouts reach the other replicas through the api's revocation feed (no push channel). */
  endSession(idHash: string) {
    return this.sessions.end(idHash);
  }

  touchSessions(touches: { idHash: string; agoMs: number }[], idleMs: number) {
    return this.sessions.touch(touches, idleMs);
  }

  spend(key: string, ttlMs: number) {
    return this.sessions.spend(key, ttlMs);
  }

  isSpent(key: string) {
    return this.sessions.isSpent(key);
  }

  limiter(o: LimiterOptions) {
    return new ApiRateLimiter(this.sessions, o);
  }

  ping() {
    return this.sessions.reachable();
  }

  async close() {}
}
