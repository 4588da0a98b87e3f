/**
 * A value fetched from the api, reused for `ttlMs` and fetched once however many requests ask at
 * the same moment (single flight). Every BFF replica holds its own copy, so `ttlMs` bounds how
 * stale a read can be; writes through this BFF call `invalidate()`.
 */
export class Cached<T> {
  private value: { at: number; data: T } | null = null;
  private inflight: Promise<T> | null = null;
  constructor(
    private readonly ttlMs: number,
    private readonly load: () => Promise<T>,
  ) {}

  get(): Promise<T> {
    const now = Date.now();
    if (this.value && now - this.value.at < this.ttlMs) return Promise.resolve(this.value.data);
    if (!this.inflight) {
      this.inflight = this.load()
        .then((data) => {
          this.value = { at: Date.now(), data };
          return data;
        })
        .finally(() => {
          this.inflight = null;
        });
    }
    return this.inflight;
  }

  invalidate(): void {
    this.value = null;
  }
}

/**
 * Cached values by key (e.g. one public board page per query), at most `max` of them: the oldest
 * is dropped first, so memory stays bounded whatever callers ask.
 */
export class CachedByKey<T> {
  private readonly entries = new Map<string, Cached<T>>();
  constructor(
    private readonly ttlMs: number,
    private readonly max: number,
  ) {}

  get(key: string, load: () => Promise<T>): Promise<T> {
    let entry = this.entries.get(key);
    if (entry) {
      // Refresh recency: Map keeps insertion order.
      this.entries.delete(key);
    } else {
      entry = new Cached(this.ttlMs, load);
      if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value!);
    }
    this.entries.set(key, entry);
    return entry.get();
  }

  invalidate(): void {
    this.entries.clear();
  }
}
