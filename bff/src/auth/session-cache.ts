import type { SessionsClient } from '../upstream/sessions.js';
import type { UsedSession } from '../normalise/session.js';
import type { LimiterOptions, SharedStore } from './store.js';
import { within } from './within.js';

/** What a store offers the cache besides SharedStore: idle marks in batches, and pushed ends. */
export interface SessionSync {
  /** Marks each session used `agoMs` ago, never past its absolute end, never reviving an ended one. */
  touchSessions(touches: { idHash: string; agoMs: number; endsAt: number }[], idleMs: number): Promise<void>;
  /**
   * Sessions ended on other replicas, pushed (Redis pub/sub); `ready(false)` while the channel is
   * down. Stores whose logouts go through the api's revocation feed have none.
   */
  watchEnds?(onEnd: (idHash: string) => void, ready: (up: boolean) => void): Promise<void>;
}

export interface SessionCacheOptions {
  /** How often each replica asks the api what was revoked (one request per replica). */
  pollMs: number;
  /** How far back each poll reads; a replica that could not poll for longer forgets everything. */
  windowMs: number;
  /** Without a successful poll for this long, every request asks the store again (the 1 s promise). */
  staleMs: number;
  /** How often the idle marks kept in memory are written to the store. */
  flushMs: number;
  /** API tokens are re-verified at least this often (the token's 'last used' is that precise). */
  tokenTtlMs: number;
  /** A kept session is looked up again at least this often: bounds the harm of any missed revocation. */
  sessionTtlMs: number;
  maxEntries: number;
}

export const SESSION_CACHE_DEFAULTS: SessionCacheOptions = {
  pollMs: 250,
  windowMs: 10_000,
  staleMs: 1_000,
  flushMs: 5_000,
  tokenTtlMs: 60_000,
  sessionTtlMs: 60_000,
  maxEntries: 100_000,
};

interface Entry {
  used: UsedSession;
  /** When the store answered (ms since the epoch). */
  fetchedAt: number;
  /** Last use on this replica (ms since the epoch). */
  seenAt: number;
}

/**
 * Per-replica memory of the session lookups it answered (docs/decisions/2026-11-27-session-cache.md).
 * The store stays the authority: a request is served from memory only while the session is within
 * its absolute end and within the idle limit of its last use here, and only while this replica
 * has heard the revocation feed within `staleMs`; anything else asks the store as before. The
 * feed (the api's /internal/sesiones/revocaciones, written by database triggers and logouts) and,
 * with Redis, a pub/sub channel of logouts make every replica forget a session, an account's
 * sessions or an API token within `pollMs` + one round trip. Idle marks are written behind in
 * batches every `flushMs` with the exact time of the last use.
 */
export class SessionCache implements SharedStore {
  readonly name: SharedStore['name'];
  private readonly sessions = new Map<string, Entry>();
  private readonly byAccount = new Map<string, Set<string>>();
  private readonly tokens = new Map<string, { value: unknown; at: number }>();
  private readonly touched = new Map<string, { at: number; endsAt: number }>();
  private readonly applied = new Map<string, number>();
  /** Bumped on every eviction: a lookup that started before one is used but not kept. */
  private generation = 0;
  private lastPollAt = 0;
  private pushReady = true;
  /** Set after this replica ran a mutation: the next lookups wait for one fresh poll. */
  private dirty = false;
  private polling: Promise<void> | null = null;
  /** The poll that started after the last mutation; requests wait for it. */
  private settling: Promise<void> | null = null;
  private readonly inflight = new Map<string, Promise<UsedSession | null>>();
  private pollTimer: NodeJS.Timeout | undefined;
  private flushTimer: NodeJS.Timeout | undefined;
  private closed = false;
  private idleMs = 0;

  constructor(
    private readonly inner: SharedStore,
    private readonly sync: SessionSync,
    private readonly feed: Pick<SessionsClient, 'revocations'>,
    private readonly o: SessionCacheOptions = SESSION_CACHE_DEFAULTS,
    private readonly now: () => number = Date.now,
  ) {
    this.name = inner.name;
  }

  /** Starts polling (and listening for pushed ends); the first poll is awaited. */
  async start(): Promise<void> {
    if (this.sync.watchEnds) {
      await this.sync.watchEnds(
        (idHash) => this.evictSession(idHash),
        (up) => {
          // Ends published while the channel was down are lost: forget everything on the way back.
          if (up && !this.pushReady) this.clear();
          this.pushReady = up;
        },
      );
    }
    await this.poll();
    this.schedulePoll();
    this.flushTimer = setInterval(() => void this.flush(), this.o.flushMs);
    this.flushTimer.unref();
  }

  private schedulePoll() {
    if (this.closed) return;
    this.pollTimer = setTimeout(() => {
      void this.poll().finally(() => this.schedulePoll());
    }, this.o.pollMs);
    this.pollTimer.unref();
  }

  /** One poll at a time; concurrent callers share it. Never throws. */
  private poll(): Promise<void> {
    this.polling ??= this.pollOnce().finally(() => {
      this.polling = null;
    });
    return this.polling;
  }

  private async pollOnce(): Promise<void> {
    const started = this.now();
    let rows: { seq: string; key: string }[];
    try {
      rows = await this.feed.revocations(this.o.windowMs, Math.max(this.o.staleMs, 500));
    } catch {
      return; // stays stale: after staleMs every request asks the store
    }
    // A gap longer than the window may have hidden revocations: forget everything.
    if (started - this.lastPollAt > this.o.windowMs - this.o.staleMs) this.clear();
    for (const { seq, key } of rows) {
      if (this.applied.has(seq)) continue;
      this.applied.set(seq, started);
      this.revoke(key);
    }
    for (const [seq, at] of this.applied) if (started - at > this.o.windowMs * 2) this.applied.delete(seq);
    this.lastPollAt = started;
  }

  private fresh(now: number): boolean {
    return !this.closed && this.pushReady && now - this.lastPollAt <= this.o.staleMs;
  }

  /**
   * Stale (no poll heard within staleMs, e.g. the api was slow for a moment): the requests that
   * memory could answer wait for one poll, shared by all of them, instead of each asking the store
   * — a hundred lookups at once on an api that is already slow turned a late poll into 503s
   * (bench:signed-in, 100 connections). Still stale after it (the feed is down): each request asks
   * the store as before.
   */
  private async freshNow(): Promise<void> {
    if (this.fresh(this.now()) || this.closed || !this.pushReady) return;
    await this.poll();
  }

  /** After a mutation on this replica: its own change is seen by its next request, not 250 ms later. */
  markDirty(): void {
    this.dirty = true;
  }

  private async settle(): Promise<void> {
    if (this.dirty) {
      this.dirty = false;
      // A poll already under way may have been sent before the change committed: the next one.
      const p = (this.polling ?? Promise.resolve()).then(() => this.poll());
      this.settling = p;
      void p.finally(() => {
        if (this.settling === p) this.settling = null;
      });
    }
    if (this.settling) await this.settling;
  }

  private revoke(key: string) {
    const colon = key.indexOf(':');
    const kind = key.slice(0, colon);
    const rest = key.slice(colon + 1);
    if (kind === 'sesion') this.evictSession(rest);
    else if (kind === 'token') {
      this.generation++;
      this.tokens.delete(rest);
    } else if (kind === 'staff' || kind === 'candidate') {
      this.generation++;
      for (const idHash of this.byAccount.get(key) ?? []) this.evictSession(idHash);
      this.byAccount.delete(key);
    } else this.clear(); // a key this version does not know: be safe
  }

  private evictSession(idHash: string) {
    this.generation++;
    const e = this.sessions.get(idHash);
    if (!e) return;
    this.sessions.delete(idHash);
    const owner = `${e.used.kind}:${e.used.userId}`;
    const set = this.byAccount.get(owner);
    set?.delete(idHash);
    if (set?.size === 0) this.byAccount.delete(owner);
  }

  private clear() {
    this.generation++;
    this.sessions.clear();
    this.byAccount.clear();
    this.tokens.clear();
  }

  private keep(idHash: string, used: UsedSession, now: number) {
    if (this.sessions.size >= this.o.maxEntries) {
      const oldest = this.sessions.keys().next().value;
      if (oldest !== undefined) this.evictSession(oldest);
    }
    this.sessions.set(idHash, { used, seenAt: now, fetchedAt: now });
    const owner = `${used.kind}:${used.userId}`;
    let set = this.byAccount.get(owner);
    if (!set) this.byAccount.set(owner, (set = new Set()));
    set.add(idHash);
  }

  async useSession(idHash: string, limits: { idleMs: number }): Promise<UsedSession | null> {
    this.idleMs = limits.idleMs;
    await this.settle();
    // Read after the wait: the poll may have evicted the entry.
    if (this.sessions.has(idHash)) await this.freshNow();
    const now = this.now();
    const e = this.sessions.get(idHash);
    if (
      e &&
      this.fresh(now) &&
      now < e.used.endsAt &&
      now - e.seenAt < limits.idleMs &&
      now - e.fetchedAt < this.o.sessionTtlMs
    ) {
      e.seenAt = now;
      this.touched.set(idHash, { at: now, endsAt: e.used.endsAt });
      // Map order is insertion order: moving the entry to the end makes the first one the least used.
      this.sessions.delete(idHash);
      this.sessions.set(idHash, e);
      return e.used;
    }
    if (e) this.evictSession(idHash);
    // Concurrent first requests of one session share one lookup.
    let pending = this.inflight.get(idHash);
    if (!pending) {
      pending = this.lookup(idHash, limits, now).finally(() => this.inflight.delete(idHash));
      this.inflight.set(idHash, pending);
    }
    return pending;
  }

  private async lookup(idHash: string, limits: { idleMs: number }, now: number): Promise<UsedSession | null> {
    const generation = this.generation;
    const used = await this.inner.useSession(idHash, limits);
    if (used && generation === this.generation && this.fresh(this.now()) && used.endsAt > this.now()) {
      this.keep(idHash, used, now);
    }
    return used;
  }

  async createSession(...args: Parameters<SharedStore['createSession']>) {
    return this.inner.createSession(...args);
  }

  async endSession(idHash: string): Promise<void> {
    this.evictSession(idHash);
    this.touched.delete(idHash);
    await this.inner.endSession(idHash);
  }

  /** An API token's verification, kept while fresh and at most tokenTtlMs; refusals are not kept. */
  async apiToken<T>(hash: string, verify: () => Promise<T | null>): Promise<T | null> {
    await this.settle();
    if (this.tokens.has(hash)) await this.freshNow();
    const now = this.now();
    const hit = this.tokens.get(hash);
    if (hit && this.fresh(now) && now - hit.at < this.o.tokenTtlMs) return hit.value as T;
    this.tokens.delete(hash);
    const generation = this.generation;
    const value = await verify();
    if (value !== null && generation === this.generation && this.fresh(this.now())) {
      if (this.tokens.size >= this.o.maxEntries) this.tokens.clear();
      this.tokens.set(hash, { value, at: now });
    }
    return value;
  }

  /** Writes the idle marks kept since the last flush (one request); kept for the next on failure. */
  async flush(): Promise<void> {
    if (this.touched.size === 0 || this.idleMs === 0) return;
    const batch = [...this.touched];
    this.touched.clear();
    const now = this.now();
    const live = batch.filter(([, t]) => t.endsAt > now);
    if (live.length === 0) return;
    try {
      await this.sync.touchSessions(
        live.map(([idHash, t]) => ({ idHash, agoMs: now - t.at, endsAt: t.endsAt })),
        this.idleMs,
      );
    } catch {
      for (const [idHash, t] of live) {
        const later = this.touched.get(idHash);
        if (!later || later.at < t.at) this.touched.set(idHash, t);
      }
    }
  }

  spend(key: string, ttlMs: number) {
    return this.inner.spend(key, ttlMs);
  }

  isSpent(key: string) {
    return this.inner.isSpent(key);
  }

  limiter(o: LimiterOptions) {
    return this.inner.limiter(o);
  }

  ping() {
    return this.inner.ping();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.pollTimer);
    clearInterval(this.flushTimer);
    await this.polling;
    // The last idle marks, if the store answers soon: a Redis that went silent would hold the
    // shutdown until SHUTDOWN_TIMEOUT_MS (then exit 1) for marks that only postpone an idle end.
    await within(
      this.flush().catch(() => undefined),
      2_000,
      undefined,
    );
    this.clear();
    await this.inner.close();
  }
}
