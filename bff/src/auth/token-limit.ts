import { GraphQLError } from 'graphql';
import { HeaderMap } from '@apollo/server';
import { countWord } from '@bolsa/domain';
import { RateLimiterMemory, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { SharedStore } from './store.js';

export interface TokenLimitPolicy {
  /** GraphQL requests per token within the window. */
  points: number;
  windowMs: number;
}

/**
 * The per-token request budget of integrators (API tokens). Counted in Redis when REDIS_URL is
 * set, so every replica shares one budget per token; otherwise in this process's memory: an
 * integrator calls far more often than anybody logs in, and counting each call through the api's
 * database would double the upstream work of every token request (with N replicas and no Redis
 * the budget is N × points, said in docs/decisions). A Redis failure falls back to memory rather
 * than refusing or letting everything through.
 * Keys are the token's id, never the secret.
 */
export class TokenRateLimit {
  private readonly local: RateLimiterAbstract;
  private readonly shared: RateLimiterAbstract | null;

  constructor(store: SharedStore, policy: TokenLimitPolicy) {
    const durationSeconds = Math.max(1, Math.round(policy.windowMs / 1000));
    this.local = new RateLimiterMemory({ points: policy.points, duration: durationSeconds, keyPrefix: 'api-token' });
    this.shared =
      store.name === 'redis' ? store.limiter({ prefix: 'api-token', points: policy.points, durationSeconds }) : null;
  }

  /** Counts one request of this token; seconds to wait when over its budget, or 0. */
  async wait(tokenId: string): Promise<number> {
    try {
      if (this.shared) {
        try {
          await this.shared.consume(tokenId);
          return 0;
        } catch (err) {
          if (err instanceof RateLimiterRes) throw err;
          // The shared store failed: count here instead.
        }
      }
      await this.local.consume(tokenId);
      return 0;
    } catch (err) {
      if (err instanceof RateLimiterRes) return Math.max(1, Math.ceil(err.msBeforeNext / 1000));
      throw err;
    }
  }
}

export const tokenThrottledMessage = (seconds: number) =>
  `Demasiadas solicitudes. Espera ${countWord(seconds, 'segundo', 'segundos')} e intenta de nuevo.`;

/** The whole answer is 429 Too Many Requests with Retry-After (Apollo reads and strips `http`). */
export function tokenThrottled(seconds: number): GraphQLError {
  return new GraphQLError(tokenThrottledMessage(seconds), {
    extensions: {
      code: 'THROTTLED',
      retryAfterSeconds: seconds,
      http: { status: 429, headers: new HeaderMap([['retry-after', String(seconds)]]) },
    },
  });
}
