import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { FILE_MESSAGES, MAX_FILE_BYTES } from '@bolsa/domain';
import { counterKey, type Keys } from '../auth/keys.js';
import type { SharedStore } from '../auth/store.js';

export interface UploadBudgetPolicy {
  /** Files one guest or candidate (browser) and one address may stage per hour. */
  filesPerHour: number;
  /** Megabytes one browser and one address may stage per hour. */
  megabytesPerHour: number;
  /** Megabytes everyone together may stage per hour: the most the store takes before the sweep. */
  globalMegabytesPerHour: number;
}

export type BudgetRefusal = { status: 429; retryAfterSeconds: number; message: string };

const HOUR = 3600;
const MB = 1024 * 1024;
const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/**
 * The budget of files guests and candidates may stage (issue 22): per browser (the upload
 * owner) and per address, a count and bytes per hour, and all of them together a cap on bytes
 * per hour. Counted in the shared store (Redis or the api's counters), so every replica shares it,
 * and charged BEFORE the body is read: a refused upload costs the server nothing. Bytes are
 * charged by the declared length (at most the file limit; a body without one counts the limit).
 */
export class UploadBudget {
  private readonly files: RateLimiterAbstract;
  private readonly bytes: RateLimiterAbstract;
  private readonly global: RateLimiterAbstract;

  constructor(
    store: SharedStore,
    private readonly keys: Keys,
    policy: UploadBudgetPolicy,
  ) {
    this.files = store.limiter({ prefix: 'subidas', points: policy.filesPerHour, durationSeconds: HOUR });
    // In kilobytes: the counters stay small integers whatever the store.
    this.bytes = store.limiter({ prefix: 'subidas-kb', points: policy.megabytesPerHour * 1024, durationSeconds: HOUR });
    this.global = store.limiter({
      prefix: 'subidas-kb-todas',
      points: policy.globalMegabytesPerHour * 1024,
      durationSeconds: HOUR,
    });
  }

  /** Charges one upload of `declaredBytes`; the refusal to answer when over any budget, else null. */
  async charge(owner: string, address: string, declaredBytes: number | null): Promise<BudgetRefusal | null> {
    const kb = Math.max(1, Math.ceil(Math.min(declaredBytes ?? MAX_FILE_BYTES, MAX_FILE_BYTES + MB) / 1024));
    const keys = [counterKey(this.keys, 'subida', owner), counterKey(this.keys, 'subida-ip', address)];
    const waits: number[] = [];
    for (const key of keys) {
      for (const [limiter, points] of [
        [this.files, 1],
        [this.bytes, kb],
      ] as const) {
        const wait = await consume(limiter, key, points);
        if (wait) waits.push(wait);
      }
    }
    if (waits.length) {
      const retryAfterSeconds = Math.max(...waits);
      return { status: 429, retryAfterSeconds, message: FILE_MESSAGES.uploadBudget(Math.ceil(retryAfterSeconds / 60)) };
    }
    const full = await consume(this.global, 'todas', kb);
    if (full) return { status: 429, retryAfterSeconds: full, message: FILE_MESSAGES.uploadsFull };
    return null;
  }
}

/** Seconds to wait when `points` would go over the limit, else 0 (the points are then taken). */
async function consume(limiter: RateLimiterAbstract, key: string, points: number): Promise<number> {
  try {
    await limiter.consume(key, points);
    return 0;
  } catch (err) {
    if (err instanceof RateLimiterRes) return seconds(err.msBeforeNext);
    throw err;
  }
}
