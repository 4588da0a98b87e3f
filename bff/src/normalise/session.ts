import { fieldsOf, pick, text } from './fields.js';

/**
 * The api's internal session area (/internal/sesiones, /internal/contadores,
 * /internal/tokens-usados): its answers read once here.
 */
export type SessionKind = 'staff' | 'candidate';

/** The account behind a session, read live by the api on every use. */
export interface SessionAccount {
  active: boolean;
  roleId: number;
  name: string;
  email: string;
  /** Fingerprint of the password: a change ends older sessions. */
  stamp: string;
}

export interface UsedSession {
  kind: SessionKind;
  userId: string;
  /** Effective role chosen at login ('Forzar rol' may have lowered it). */
  role: number;
  account: SessionAccount;
  /** The absolute end (ms since the epoch): a replica that keeps the session stops serving it then. */
  endsAt: number;
}

export interface CounterState {
  points: number;
  /** ms until the count resets; null: never. */
  remainingMs: number | null;
}

/** `{ activo, idrol, nombre, email, sello }`: only `activo: true` is active. */
export function normaliseSessionAccount(raw: unknown): SessionAccount {
  const f = fieldsOf(raw);
  return {
    active: pick(f, 'activo') === true,
    roleId: Number(pick(f, 'idrol')),
    name: text(pick(f, 'nombre')) ?? '',
    email: text(pick(f, 'email')) ?? '',
    stamp: text(pick(f, 'sello')) ?? '',
  };
}

/** `{ puntos, restanteMs }`; no `restanteMs`: the count never resets. */
export function normaliseCounter(raw: unknown): CounterState {
  const f = fieldsOf(raw);
  const remaining = pick(f, 'restanteMs');
  return { points: Number(pick(f, 'puntos')), remainingMs: remaining === undefined ? null : Number(remaining) };
}

/** POST /internal/sesiones/{id}/usar: the live session, or null when its kind is not one we know. */
export function normaliseUsedSession(raw: unknown): UsedSession | null {
  const f = fieldsOf(raw);
  const kind = pick(f, 'tipo');
  if (kind !== 'staff' && kind !== 'candidate') return null;
  return {
    kind,
    userId: String(pick(f, 'usuarioId')),
    role: Number(pick(f, 'rol')),
    account: normaliseSessionAccount(pick(f, 'cuenta')),
    // An api without the field: the session is used, never kept (NaN fails every comparison).
    endsAt: Date.parse(text(pick(f, 'expiraEn')) ?? ''),
  };
}

/** GET /internal/sesiones/revocaciones: `{ revocadas: [{ seq, clave }] }`; null without the list. */
export function normaliseRevocations(raw: unknown): { seq: string; key: string }[] | null {
  const list = pick(fieldsOf(raw), 'revocadas');
  if (!Array.isArray(list)) return null;
  return list.map((r) => {
    const f = fieldsOf(r);
    return { seq: String(pick(f, 'seq')), key: String(pick(f, 'clave')) };
  });
}

/** POST /internal/contadores/{key}/eliminar: `{ eliminado: true }`. */
export const counterDeleted = (raw: unknown): boolean => pick(fieldsOf(raw), 'eliminado') === true;

/** POST /internal/tokens-usados: `{ nuevo: true }` the first time the token is spent. */
export const tokenSpentNow = (raw: unknown): boolean => pick(fieldsOf(raw), 'nuevo') === true;

/** GET /internal/tokens-usados/{key}: `{ usado: true }` once spent. */
export const tokenWasSpent = (raw: unknown): boolean => pick(fieldsOf(raw), 'usado') === true;
