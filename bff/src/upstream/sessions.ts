import {
  counterDeleted,
  normaliseCounter,
  normaliseRevocations,
  normaliseSessionAccount,
  normaliseUsedSession,
  tokenSpentNow,
  tokenWasSpent,
  type CounterState,
  type SessionAccount,
  type SessionKind,
  type UsedSession,
} from '../normalise/session.js';
import { orNull, UpstreamHttpError, type Upstream } from './http.js';

const TIMEOUT_MS = 5_000;

/**
 * The api's internal session area (/internal/sesiones, /internal/contadores,
 * /internal/tokens-usados): sessions, rate-limit counters and spent single-use tokens shared by
 * every BFF replica when Redis is not configured.
 */
export class SessionsClient {
  constructor(private readonly http: Upstream) {}

  /** Whether the api (and so the session tables) answers now. */
  reachable(): Promise<boolean> {
    return this.http.healthy();
  }

  /** 'inactive' when the account may not log in now; 'unknown' when it does not exist. */
  async create(s: {
    idHash: string;
    kind: SessionKind;
    userId: string;
    role: number;
    lifetimeMs: number;
  }): Promise<'ok' | 'inactive' | 'unknown'> {
    try {
      await this.http.request('/internal/sesiones', {
        method: 'POST',
        json: { id: s.idHash, tipo: s.kind, usuarioId: s.userId, rol: s.role, vidaMs: s.lifetimeMs },
        timeoutMs: TIMEOUT_MS,
        // Done late, it leaves a session nobody holds the cookie of: it expires.
        abandonable: true,
      });
      return 'ok';
    } catch (err) {
      if (err instanceof UpstreamHttpError && err.status === 409) return 'inactive';
      if (err instanceof UpstreamHttpError && err.status === 404) return 'unknown';
      throw err;
    }
  }

  /** The live session (touched now), or null when it has ended for any reason. */
  async use(idHash: string, idleMs: number): Promise<UsedSession | null> {
    const body = await orNull(
      this.http.request(`/internal/sesiones/${idHash}/usar`, {
        method: 'POST',
        json: { inactividadMs: idleMs },
        timeoutMs: TIMEOUT_MS,
        abandonable: true, // a lookup that also renews the idle mark
      }),
    );
    return body === null ? null : normaliseUsedSession(body);
  }

  /** Writes in one batch when each session was last used (ms ago), within its limits only. */
  async touch(touches: { idHash: string; agoMs: number }[], idleMs: number): Promise<void> {
    await this.http.request('/internal/sesiones/vistas', {
      method: 'POST',
      json: {
        vistas: touches.map((t) => ({ id: t.idHash, haceMs: Math.max(0, Math.round(t.agoMs)) })),
        inactividadMs: idleMs,
      },
      timeoutMs: TIMEOUT_MS,
      lane: 'control',
      abandonable: true,
    });
  }

  /** What was revoked within the last `windowMs`: sessions, accounts and API tokens, by key. */
  async revocations(windowMs: number, timeoutMs: number): Promise<{ seq: string; key: string }[]> {
    const body = await this.http.request('/internal/sesiones/revocaciones', {
      query: { ventanaMs: Math.round(windowMs) },
      timeoutMs,
      lane: 'control',
    });
    const list = normaliseRevocations(body);
    if (!list) throw new Error('revocaciones: respuesta sin lista');
    return list;
  }

  async end(idHash: string): Promise<void> {
    await this.http.request(`/internal/sesiones/${idHash}/eliminar`, {
      method: 'POST',
      timeoutMs: TIMEOUT_MS,
      idempotent: false, // the BFF's own bookkeeping
    });
  }

  /** The account's live state (used when sessions themselves live in Redis). */
  async account(kind: SessionKind, userId: string): Promise<SessionAccount | null> {
    const body = await orNull(
      this.http.request(`/internal/sesiones/cuentas/${kind}/${encodeURIComponent(userId)}`, { timeoutMs: TIMEOUT_MS }),
    );
    return body === null ? null : normaliseSessionAccount(body);
  }

  async consume(key: string, points: number, durationMs: number, force: boolean): Promise<CounterState> {
    return normaliseCounter(
      await this.http.request('/internal/contadores', {
        method: 'POST',
        json: { clave: key, puntos: points, duracionMs: durationMs, forzar: force },
        timeoutMs: TIMEOUT_MS,
        abandonable: true, // a rate-limit count: one more or less does not matter
      }),
    );
  }

  async counter(key: string): Promise<CounterState | null> {
    const body = await orNull(this.http.request(`/internal/contadores/${key}`, { timeoutMs: TIMEOUT_MS }));
    return body === null ? null : normaliseCounter(body);
  }

  async resetCounter(key: string): Promise<boolean> {
    const body = await this.http.request(`/internal/contadores/${key}/eliminar`, {
      method: 'POST',
      timeoutMs: TIMEOUT_MS,
      idempotent: false, // the BFF's own bookkeeping
    });
    return counterDeleted(body);
  }

  /** True the first time `key` is spent; false if it already was. */
  async spend(key: string, ttlMs: number): Promise<boolean> {
    const body = await this.http.request('/internal/tokens-usados', {
      method: 'POST',
      json: { clave: key, duracionMs: Math.max(1_000, Math.ceil(ttlMs)) },
      timeoutMs: TIMEOUT_MS,
      // A single-use token is spent once by its nature; a replayed 'spent now' would let it be used twice.
      idempotent: false,
    });
    return tokenSpentNow(body);
  }

  async isSpent(key: string): Promise<boolean> {
    const body = await this.http.request(`/internal/tokens-usados/${key}`, { timeoutMs: TIMEOUT_MS });
    return tokenWasSpent(body);
  }
}
