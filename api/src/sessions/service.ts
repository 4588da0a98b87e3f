import type { Db } from '../db/database.js';
import {
  accountState,
  deleteCounter,
  deleteSession,
  getCounter,
  insertSession,
  recentRevocations,
  recordRevocation,
  touchSessions,
  isTokenSpent,
  spendToken,
  sweepExpired,
  upsertCounter,
  useSession,
  type AccountState,
  type CounterRow,
  type SessionKind,
} from './repository.js';
export type { SessionKind } from './repository.js';

export interface LiveSession {
  tipo: SessionKind;
  usuarioId: string;
  rol: number;
  creadaEn: string;
  /** The absolute end (login + lifetime): replicas that cache the session stop serving it then. */
  expiraEn: string;
  cuenta: { activo: boolean; idrol: number; nombre: string; email: string };
}

const SWEEP_EVERY_MS = 10 * 60_000;

/**
 * Server-side sessions for the BFF replicas, and the shared counters (rate-limiter-flexible) and
 * spent single-use tokens. The BFF decides the policy (idle and absolute limits) and sends it.
 */
export class SessionService {
  private lastSweep = 0;
  constructor(private readonly db: Db) {}

  private async maybeSweep(): Promise<void> {
    const now = Date.now();
    if (now - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now;
    await sweepExpired(this.db);
  }

  /** 'unknown' when the account does not exist, 'inactive' when it may not log in now. */
  async create(s: {
    id: string;
    tipo: SessionKind;
    usuarioId: string;
    rol: number;
    vidaMs: number;
  }): Promise<'ok' | 'unknown' | 'inactive'> {
    await this.maybeSweep();
    const state = await accountState(this.db, s.tipo, s.usuarioId);
    if (!state) return 'unknown';
    if (!state.activo) return 'inactive';
    await insertSession(this.db, {
      id: s.id,
      tipo: s.tipo,
      usuario_id: s.usuarioId,
      rol: s.rol,
      sello: state.sello,
      vidaMs: s.vidaMs,
    });
    return 'ok';
  }

  /**
   * The session if it is within its limits and its account is still active with the same
   * password; anything else deletes it, so the next request of every replica finds nothing.
   */
  async use(id: string, idleMs: number): Promise<LiveSession | null> {
    const row = await useSession(this.db, id, idleMs);
    const state = row ? await accountState(this.db, row.tipo, row.usuario_id) : null;
    if (!row || !state || !state.activo || state.sello !== row.sello) {
      await deleteSession(this.db, id);
      return null;
    }
    return {
      tipo: row.tipo,
      usuarioId: row.usuario_id,
      rol: row.rol,
      creadaEn: new Date(row.creada_en).toISOString(),
      expiraEn: new Date(row.expira_en).toISOString(),
      cuenta: { activo: state.activo, idrol: state.idrol, nombre: state.nombre, email: state.email },
    };
  }

  /** Ends the session here and, through the revocation feed, in every replica's memory. */
  async end(id: string): Promise<boolean> {
    const deleted = await deleteSession(this.db, id);
    await recordRevocation(this.db, `sesion:${id}`);
    return deleted;
  }

  touch(touches: { id: string; haceMs: number }[], idleMs: number): Promise<number> {
    return touchSessions(this.db, touches, idleMs);
  }

  async revocations(windowMs: number): Promise<{ seq: string; clave: string }[]> {
    await this.maybeSweep();
    return recentRevocations(this.db, windowMs);
  }

  account(tipo: SessionKind, usuarioId: string): Promise<AccountState | null> {
    return accountState(this.db, tipo, usuarioId);
  }

  consume(c: { clave: string; puntos: number; duracionMs: number; forzar: boolean }): Promise<CounterRow> {
    return upsertCounter(this.db, c);
  }

  counter(clave: string): Promise<CounterRow | null> {
    return getCounter(this.db, clave);
  }

  resetCounter(clave: string): Promise<boolean> {
    return deleteCounter(this.db, clave);
  }

  async spend(clave: string, duracionMs: number): Promise<boolean> {
    await this.maybeSweep();
    return spendToken(this.db, clave, duracionMs);
  }

  spent(clave: string): Promise<boolean> {
    return isTokenSpent(this.db, clave);
  }
}
