import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { counterKey, type Keys } from './keys.js';
import type { SharedStore } from './store.js';

export interface ThrottlePolicy {
  /** Failed logins per account and address pair within the window before that pair waits. */
  maxFailures: number;
  windowMs: number;
  /** First delay after a failure; it doubles with each failure of the pair (capped at 8 s). */
  delayMs: number;
  /** New captchas per address per 10 minutes. */
  captchasPerAddress: number;
  /** applicationCheck lookups per address per 10 minutes (default 30). */
  applicationChecksPerAddress?: number;
}

export type LoginGate =
  { kind: 'throttled'; retryAfterSeconds: number } | { kind: 'open'; captchaRequired: boolean; ticket: LoginTicket };

export interface LoginTicket {
  pair: string;
  account: string;
  address: string;
  /** Attempts of this pair counted so far in the window, this one included. */
  pairAttempts: number;
}

const MAX_DELAY_MS = 8_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** consume() rejects with a RateLimiterRes when over the limit and with an Error when the store fails. */
async function consume(limiter: RateLimiterAbstract, key: string): Promise<{ ok: boolean; res: RateLimiterRes }> {
  try {
    return { ok: true, res: await limiter.consume(key) };
  } catch (err) {
    if (err instanceof RateLimiterRes) return { ok: false, res: err };
    throw err;
  }
}

/**
 * Login throttling that cannot be raced and cannot be turned against an account's owner.
 * Every attempt is counted atomically in the shared store BEFORE the password is checked:
 * - per account and address pair: after `maxFailures` that pair waits out the window;
 * - per address (4× looser): one address cannot spray many accounts;
 * - per account from anywhere: past `maxFailures` the login asks for a captcha instead of
 *   locking the owner out.
 * Each failure of a pair also waits a little longer before answering (growing delay).
 */
export class LoginThrottle {
  private readonly pair: RateLimiterAbstract;
  private readonly address: RateLimiterAbstract;
  private readonly account: RateLimiterAbstract;
  private readonly captchas: RateLimiterAbstract;
  private readonly applications: RateLimiterAbstract;
  private readonly checks: RateLimiterAbstract;

  constructor(
    store: SharedStore,
    private readonly keys: Keys,
    private readonly policy: ThrottlePolicy,
  ) {
    const durationSeconds = Math.max(1, Math.round(policy.windowMs / 1000));
    this.pair = store.limiter({ prefix: 'login-par', points: policy.maxFailures, durationSeconds });
    this.address = store.limiter({ prefix: 'login-ip', points: policy.maxFailures * 4, durationSeconds });
    this.account = store.limiter({ prefix: 'login-cuenta', points: policy.maxFailures, durationSeconds });
    this.captchas = store.limiter({ prefix: 'captcha-ip', points: policy.captchasPerAddress, durationSeconds: 600 });
    // Guest applications (issue 9): as many per address and window as login attempts per address.
    this.applications = store.limiter({ prefix: 'aplicar-ip', points: policy.maxFailures * 4, durationSeconds });
    this.checks = store.limiter({
      prefix: 'consulta-ip',
      points: policy.applicationChecksPerAddress ?? 30,
      durationSeconds: 600,
    });
  }

  async begin(kind: 'staff' | 'candidate', account: string, ip: string): Promise<LoginGate> {
    const name = account.trim().toLowerCase();
    const ticket = {
      pair: counterKey(this.keys, kind, name, ip),
      account: counterKey(this.keys, kind, name),
      address: counterKey(this.keys, ip),
    };
    const address = await consume(this.address, ticket.address);
    if (!address.ok) return { kind: 'throttled', retryAfterSeconds: seconds(address.res.msBeforeNext) };
    const pair = await consume(this.pair, ticket.pair);
    if (!pair.ok) return { kind: 'throttled', retryAfterSeconds: seconds(pair.res.msBeforeNext) };
    const acct = await consume(this.account, ticket.account);
    return {
      kind: 'open',
      captchaRequired: !acct.ok,
      ticket: { ...ticket, pairAttempts: pair.res.consumedPoints },
    };
  }

  /** The password was right: the account and the pair start afresh; the address gets its point back. */
  async succeeded(t: LoginTicket): Promise<void> {
    await Promise.all([this.pair.delete(t.pair), this.account.delete(t.account), this.address.reward(t.address)]);
  }

  /** The password was wrong: answer after a delay that doubles with each failure of the pair. */
  async failed(t: LoginTicket): Promise<void> {
    if (this.policy.delayMs <= 0) return;
    await sleep(Math.min(this.policy.delayMs * 2 ** Math.max(0, t.pairAttempts - 1), MAX_DELAY_MS));
  }

  /**
   * Seconds this address must wait before another guest application, or 0. Only refused
   * applications count (applicationFailed): people applying successfully from one office or café
   * address never use it up, someone probing DPIs or e-mails does.
   */
  async applicationWait(ip: string): Promise<number> {
    const r = await this.applications.get(counterKey(this.keys, 'aplicar', ip));
    return r && r.consumedPoints >= this.applications.points ? seconds(r.msBeforeNext) : 0;
  }

  /** A guest application from this address was refused (invalid, duplicate, closed). */
  async applicationFailed(ip: string): Promise<void> {
    await consume(this.applications, counterKey(this.keys, 'aplicar', ip));
  }

  /**
   * Counts an applicationCheck lookup from this address; seconds to wait when over the limit,
   * or 0. Beyond it the check is not made: it would tell which DPIs and e-mails are registered.
   */
  async applicationCheckWait(ip: string): Promise<number> {
    const r = await consume(this.checks, counterKey(this.keys, 'consulta', ip));
    return r.ok ? 0 : seconds(r.res.msBeforeNext);
  }

  /** Seconds to wait before this address may ask for another captcha, or 0. */
  async captchaWait(ip: string): Promise<number> {
    const r = await consume(this.captchas, counterKey(this.keys, 'captcha', ip));
    return r.ok ? 0 : seconds(r.res.msBeforeNext);
  }
}
