import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import type { SessionKind, UsedSession } from '../normalise/session.js';

export interface LimiterOptions {
  /** Namespace of the counters (login-pair, login-address, …). */
  prefix: string;
  points: number;
  durationSeconds: number;
}

/**
 * Where every BFF replica keeps what must be shared: sessions, rate-limit counters and spent
 * single-use tokens. The api's database by default; Redis when REDIS_URL is set.
 */
export interface SharedStore {
  readonly name: 'api' | 'redis';
  createSession(
    idHash: string,
    s: { kind: SessionKind; userId: string; role: number },
    limits: { lifetimeMs: number; idleMs: number },
  ): Promise<'ok' | 'inactive' | 'unknown'>;
  /** The session touched now, or null once it has ended (idle, absolute limit, account changed). */
  useSession(idHash: string, limits: { idleMs: number }): Promise<UsedSession | null>;
  endSession(idHash: string): Promise<void>;
  /** True the first time `key` is spent within `ttlMs`; false on any later try, on any replica. */
  spend(key: string, ttlMs: number): Promise<boolean>;
  isSpent(key: string): Promise<boolean>;
  limiter(o: LimiterOptions): RateLimiterAbstract;
  /** Whether the store answers now (readiness): the api's health check, or a Redis PING. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}
