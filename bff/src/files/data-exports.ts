import { createHash, randomBytes } from 'node:crypto';
import { open, seal } from '../auth/seal.js';
import type { SharedStore } from '../auth/store.js';
/** How long a 'Mis datos' link works, and that it works once. */
const EXPORT_TTL_MS = 5 * 60_000;

interface ExportClaim {
  u: string;
  exp: number;
  n: string;
}

/**
 * One-time, short-lived links to the 'Mis datos' archive: sealed with their own key, bound to the
 * candidate who asked (after confirming their password), spent on first use on every replica.
 */
export class DataExports {
  constructor(
    private readonly key: Buffer,
    private readonly store: SharedStore,
  ) {}

  link(userId: string, now = Date.now()): string {
    const claim: ExportClaim = { u: userId, exp: now + EXPORT_TTL_MS, n: randomBytes(8).toString('hex') };
    return `/files/mis-datos/${seal(claim, this.key)}`;
  }

  /** True once for a valid, unexpired link of `userId`. */
  async redeem(token: string, userId: string): Promise<boolean> {
    const c = open<ExportClaim>(token, this.key);
    if (!c || c.u !== userId || typeof c.exp !== 'number' || c.exp < Date.now()) return false;
    const spentKey = `export:${createHash('sha256').update(token).digest('hex')}`;
    return this.store.spend(spentKey, EXPORT_TTL_MS * 2);
  }
}
