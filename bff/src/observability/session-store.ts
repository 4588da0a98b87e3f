import type { LimiterOptions, SharedStore } from '../auth/store.js';
import type { BffMetrics } from './metrics.js';

/**
 * The session store with each operation timed (bolsa_session_store_duration_seconds): a signed-in
 * request reads its session first, so a slow store slows everything.
 */
export function timedStore(store: SharedStore, metrics: BffMetrics): SharedStore {
  const timed = async <T>(operation: string, work: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    let ok = false;
    try {
      const value = await work();
      ok = true;
      return value;
    } finally {
      metrics.sessionStore(store.name, operation, ok, (performance.now() - started) / 1e3);
    }
  };
  return {
    name: store.name,
    createSession: (idHash, s, limits) => timed('create', () => store.createSession(idHash, s, limits)),
    useSession: (idHash, limits) => timed('use', () => store.useSession(idHash, limits)),
    endSession: (idHash) => timed('end', () => store.endSession(idHash)),
    spend: (key, ttlMs) => timed('spend', () => store.spend(key, ttlMs)),
    isSpent: (key) => timed('is_spent', () => store.isSpent(key)),
    limiter: (o: LimiterOptions) => store.limiter(o),
    async ping() {
      const started = performance.now();
      const ok = await store.ping().catch(() => false);
      metrics.sessionStore(store.name, 'ping', ok, (performance.now() - started) / 1e3);
      return ok;
    },
    close: () => store.close(),
  };
}
