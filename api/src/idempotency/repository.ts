import { sql } from 'kysely';
import type { Db } from '../db/database.js';

/** What a claim found: the row is ours to run, or an earlier request holds the key. */
export type Claim =
  | { kind: 'claimed' }
  | { kind: 'in-progress'; huella: string }
  | { kind: 'completed'; huella: string; codigo: number | null; cuerpo: string | null };

/**
 * Takes (scope, key) for this request: a new row 'en_curso', or the one already there. A row left
 * 'en_curso' longer than `staleMs` (its process died mid-request) is taken over, so a crash does
 * not block the key for a day.
 */
export async function claim(db: Db, ambito: string, clave: string, huella: string, staleMs: number): Promise<Claim> {
  const inserted = await db
    .insertInto('solicitudes_idempotentes')
    .values({ ambito, clave, huella, estado: 'en_curso' })
    .onConflict((oc) => oc.columns(['ambito', 'clave']).doNothing())
    .returning('clave')
    .executeTakeFirst();
  if (inserted) return { kind: 'claimed' };
  const taken = await db
    .updateTable('solicitudes_idempotentes')
    .set({ huella, creada_en: sql<string>`now()` })
    .where('ambito', '=', ambito)
    .where('clave', '=', clave)
    .where('estado', '=', 'en_curso')
    .where('creada_en', '<', sql<Date>`now() - make_interval(secs => ${staleMs / 1000})`)
    .returning('clave')
    .executeTakeFirst();
  if (taken) return { kind: 'claimed' };
  const row = await db
    .selectFrom('solicitudes_idempotentes')
    .select(['huella', 'estado', 'codigo', 'cuerpo'])
    .where('ambito', '=', ambito)
    .where('clave', '=', clave)
    .executeTakeFirst();
  // Swept between the two statements: the request runs as a new one.
  if (!row) return claim(db, ambito, clave, huella, staleMs);
  return row.estado === 'completada'
    ? { kind: 'completed', huella: row.huella, codigo: row.codigo, cuerpo: row.cuerpo }
    : { kind: 'in-progress', huella: row.huella };
}

/** The answer to give again (`cuerpo` null: an answer that cannot be replayed). */
export async function complete(db: Db, ambito: string, clave: string, codigo: number, cuerpo: string | null) {
  await db
    .updateTable('solicitudes_idempotentes')
    .set({ estado: 'completada', codigo, cuerpo, completada_en: sql<string>`now()` })
    .where('ambito', '=', ambito)
    .where('clave', '=', clave)
    .execute();
}

/** The write failed (5xx, crash): forget the key so a retry runs again. */
export async function release(db: Db, ambito: string, clave: string) {
  await db
    .deleteFrom('solicitudes_idempotentes')
    .where('ambito', '=', ambito)
    .where('clave', '=', clave)
    .where('estado', '=', 'en_curso')
    .execute();
}

/** Drops keys older than `olderThanMs`; returns how many. */
export async function sweepIdempotentRequests(db: Db, olderThanMs: number): Promise<number> {
  const r = await db
    .deleteFrom('solicitudes_idempotentes')
    .where('creada_en', '<', sql<Date>`now() - make_interval(secs => ${olderThanMs / 1000})`)
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}
