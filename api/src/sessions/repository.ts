import { createHash } from 'node:crypto';
import { sql, type ColumnType } from 'kysely';
import type { Db } from '../db/database.js';

type Stamp = ColumnType<Date, string | undefined, string>;

/** The tables of migration 0004; only this area reads or writes them. */
export type SessionTables = {
  sesiones: {
    id: string;
    tipo: 'staff' | 'candidate';
    usuario_id: string;
    rol: number;
    sello: string;
    creada_en: Stamp;
    vista_en: Stamp;
    expira_en: ColumnType<Date, string, string>;
  };
  contadores: { clave: string; puntos: number; expira_en: ColumnType<Date | null, string | null, string | null> };
  tokens_usados: { clave: string; expira_en: ColumnType<Date, string, string> };
  sesiones_revocadas: { seq: ColumnType<string, never, never>; clave: string; en: Stamp };
};

const tables = (db: Db) => db.withTables<SessionTables>();

export type SessionKind = 'staff' | 'candidate';

export interface SessionRow {
  tipo: SessionKind;
  usuario_id: string;
  rol: number;
  sello: string;
  creada_en: Date;
  vista_en: Date;
  expira_en: Date;
}

const ms = (n: number) => sql<string>`now() + make_interval(secs => ${n / 1000})`;

export async function insertSession(
  db: Db,
  s: { id: string; tipo: SessionKind; usuario_id: string; rol: number; sello: string; vidaMs: number },
): Promise<void> {
  await tables(db)
    .insertInto('sesiones')
    .values({ id: s.id, tipo: s.tipo, usuario_id: s.usuario_id, rol: s.rol, sello: s.sello, expira_en: ms(s.vidaMs) })
    .execute();
}

/**
 * How stale `vista_en` may get before a use writes it again: a hundredth of the idle limit, at
 * most 30 s. Writing it on every request made each GraphQL call a committed write (a WAL flush)
 * and made concurrent requests of one session queue on its row lock (bench/inbox.ts); the idle
 * limit is kept within 1 %.
 */
export const touchEveryMs = (idleMs: number) => Math.min(idleMs / 100, 30_000);

/**
 * Returns the session only while it is within both limits (idle and absolute), otherwise null,
 * and marks it used when its mark is older than touchEveryMs; one statement, so concurrent
 * requests cannot revive an expired session. A recent mark is only read: no write, no lock.
 */
export async function useSession(db: Db, id: string, idleMs: number): Promise<SessionRow | null> {
  const { rows } = await sql<SessionRow>`
    with live as (
      select id, tipo, usuario_id, rol, sello, creada_en, vista_en, expira_en from sesiones
      where id = ${id} and expira_en > now() and vista_en > now() - make_interval(secs => ${idleMs / 1000})
    ), touched as (
      update sesiones s set vista_en = now() from live
      where s.id = live.id and live.vista_en < now() - make_interval(secs => ${touchEveryMs(idleMs) / 1000})
    )
    select tipo, usuario_id, rol, sello, creada_en, vista_en, expira_en from live`.execute(db);
  return rows[0] ?? null;
}

export async function deleteSession(db: Db, id: string): Promise<boolean> {
  const r = await tables(db).deleteFrom('sesiones').where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/**
 * Writes the idle marks the BFF replicas kept in memory (one batch per replica every few
 * seconds): each session seen `haceMs` ago gets that time, never an older one, and only while it
 * is still within both limits, so a late batch cannot revive a session that has ended.
 */
export async function touchSessions(
  db: Db,
  touches: { id: string; haceMs: number }[],
  idleMs: number,
): Promise<number> {
  if (touches.length === 0) return 0;
  const r = await sql`
    update sesiones s set vista_en = greatest(s.vista_en, now() - make_interval(secs => t.hace / 1000.0))
    from json_to_recordset(${JSON.stringify(touches.map((t) => ({ id: t.id, hace: t.haceMs })))}::json)
      as t(id text, hace float8)
    where s.id = t.id and s.expira_en > now() and s.vista_en > now() - make_interval(secs => ${idleMs / 1000})`.execute(
    db,
  );
  return Number(r.numAffectedRows ?? 0);
}

/** Names a session, account or token whose cached copies every BFF replica must drop now. */
export async function recordRevocation(db: Db, clave: string): Promise<void> {
  await tables(db).insertInto('sesiones_revocadas').values({ clave }).execute();
}

/**
 * What was revoked within the last `windowMs` (rows written by the triggers of migration 0025
 * and by logouts): every replica asks for it a few times a second and forgets what is named.
 * A window rather than "after seq N": a transaction may commit after a later-numbered one.
 */
export async function recentRevocations(db: Db, windowMs: number): Promise<{ seq: string; clave: string }[]> {
  const { rows } = await sql<{ seq: string; clave: string }>`
    select seq::text as seq, clave from sesiones_revocadas
    where en > now() - make_interval(secs => ${windowMs / 1000}) order by seq limit 5000`.execute(db);
  return rows;
}

export async function deleteSessionsOf(db: Db, tipo: SessionKind, usuarioId: string): Promise<number> {
  const r = await tables(db)
    .deleteFrom('sesiones')
    .where('tipo', '=', tipo)
    .where('usuario_id', '=', usuarioId)
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** Drops expired sessions, counters and spent tokens (called now and then, not per request). */
export async function sweepExpired(db: Db): Promise<void> {
  const t = tables(db);
  await t
    .deleteFrom('sesiones')
    .where('expira_en', '<=', sql<Date>`now()`)
    .execute();
  await t
    .deleteFrom('contadores')
    .where('expira_en', '<=', sql<Date>`now()`)
    .execute();
  await t
    .deleteFrom('tokens_usados')
    .where('expira_en', '<=', sql<Date>`now()`)
    .execute();
  // Replicas read the last few seconds; ten minutes is plenty for any of them.
  await t
    .deleteFrom('sesiones_revocadas')
    .where('en', '<', sql<Date>`now() - interval '10 minutes'`)
    .execute();
}

/** A short fingerprint of a password hash: changes whenever the password does, reveals nothing. */
export const passwordStamp = (hash: string | null | undefined): string =>
  createHash('sha256')
    .update(hash ?? '')
    .digest('hex')
    .slice(0, 32);

/** Read live from the account tables on each use: never copied into the sessions table. */
export interface AccountState {
  activo: boolean;
  idrol: number;
  sello: string;
  nombre: string;
  email: string;
}

/** Whether an account may hold a session now, its current role and password stamp. */
export async function accountState(db: Db, tipo: SessionKind, usuarioId: string): Promise<AccountState | null> {
  if (!/^\d{1,10}$/.test(usuarioId)) return null;
  const id = Number(usuarioId);
  if (tipo === 'staff') {
    const r = await db
      .selectFrom('usuarios')
      .select(['estatus', 'idrol', 'clave_hash', 'nombre', 'usuario'])
      .where('id', '=', id)
      .executeTakeFirst();
    return r
      ? { activo: r.estatus, idrol: r.idrol, sello: passwordStamp(r.clave_hash), nombre: r.nombre, email: r.usuario }
      : null;
  }
  const r = await db
    .selectFrom('usuarios_candidatos')
    .select(['activo', 'clave_hash', 'primer_nombre', 'primer_apellido', 'email'])
    .where('id', '=', id)
    .executeTakeFirst();
  return r
    ? {
        activo: r.activo,
        idrol: 4,
        sello: passwordStamp(r.clave_hash),
        nombre: `${r.primer_nombre} ${r.primer_apellido}`.trim(),
        email: r.email,
      }
    : null;
}

export interface CounterRow {
  puntos: number;
  /** Milliseconds until the count resets; null when it never does. */
  restante_ms: number | null;
}

const remaining = sql<number | null>`case when expira_en is null then null
  else greatest(0, floor(extract(epoch from (expira_en - now())) * 1000))::float8 end`;

/**
 * rate-limiter-flexible's upsert as one INSERT … ON CONFLICT: atomic on PostgreSQL (the row is
 * locked for the update) and on PGlite (one connection). An expired count starts again; `forzar`
 * overwrites points and expiry (used by block/set).
 */
export async function upsertCounter(
  db: Db,
  c: { clave: string; puntos: number; duracionMs: number; forzar: boolean },
): Promise<CounterRow> {
  const expiry = c.duracionMs > 0 ? ms(c.duracionMs) : sql<string | null>`null`;
  const { rows } = await sql<CounterRow>`
    insert into contadores as c (clave, puntos, expira_en) values (${c.clave}, ${c.puntos}, ${expiry})
    on conflict (clave) do update set
      puntos = case when ${c.forzar} or c.expira_en <= now() then excluded.puntos else c.puntos + excluded.puntos end,
      expira_en = case when ${c.forzar} or c.expira_en <= now() then excluded.expira_en else c.expira_en end
    returning puntos, ${remaining} as restante_ms`.execute(db);
  return rows[0]!;
}

export async function getCounter(db: Db, clave: string): Promise<CounterRow | null> {
  const row = await tables(db)
    .selectFrom('contadores')
    .select(['puntos', remaining.as('restante_ms')])
    .where('clave', '=', clave)
    .where((eb) => eb.or([eb('expira_en', 'is', null), eb('expira_en', '>', sql<Date>`now()`)]))
    .executeTakeFirst();
  return row ?? null;
}

export async function deleteCounter(db: Db, clave: string): Promise<boolean> {
  const r = await tables(db).deleteFrom('contadores').where('clave', '=', clave).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** True the first time `clave` is spent (until it expires); false on every later try. */
export async function spendToken(db: Db, clave: string, duracionMs: number): Promise<boolean> {
  const { rows } = await sql<{ clave: string }>`
    insert into tokens_usados as t (clave, expira_en) values (${clave}, ${ms(duracionMs)})
    on conflict (clave) do update set expira_en = excluded.expira_en where t.expira_en <= now()
    returning clave`.execute(db);
  return rows.length === 1;
}

export async function isTokenSpent(db: Db, clave: string): Promise<boolean> {
  const row = await tables(db)
    .selectFrom('tokens_usados')
    .select('clave')
    .where('clave', '=', clave)
    .where('expira_en', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return row !== undefined;
}
