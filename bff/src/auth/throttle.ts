/**
 * Counts failed logins per key in a sliding window. In memory per BFF process; with several
 * replicas each keeps its own count (REDIS_URL would share it — not needed at one replica).
 */
export class Throttle {
  private readonly failures = new Map<string, number[]>();
  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  private recent(key: string, now: number): number[] {
    const list = (this.failures.get(key) ?? []).filter((t) => now - t < this.windowMs);
    if (list.length) this.failures.set(key, list);
    else this.failures.delete(key);
    return list;
  }

  /** Seconds until `key` may try again, or 0 when it may now. */
  retryAfter(key: string, now = Date.now()): number {
    const list = this.recent(key, now);
    if (list.length < this.limit) return 0;
    return Math.ceil((list[list.length - this.limit]! + this.windowMs - now) / 1000);
  }

  fail(key: string, now = Date.now()): void {
    this.failures.set(key, [...this.recent(key, now), now]);
    if (this.failures.size > 50_000) this.failures.delete(this.failures.keys().next().value!);
  }

  reset(key: string): void {
    this.failures.delete(key);
  }
}
