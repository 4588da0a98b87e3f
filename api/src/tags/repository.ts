/** The tags' rows (migration 0028): the tags and the join table of candidates and tags. */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/database.js';

type Conn = Kysely<Database> | Transaction<Database>;

export interface TagJson {
  id: number;
  nombre: string;
  color: string;
}

export async function listTags(db: Conn): Promise<TagJson[]> {
  return db.selectFrom('etiquetas').select(['id', 'nombre', 'color']).orderBy('clave').orderBy('id').execute();
}

export async function countTags(db: Conn): Promise<number> {
  const r = await db
    .selectFrom('etiquetas')
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();
  return r.n;
}

/** Inserts the tag; null when its key is taken (the unique index decides, race-free). */
export async function insertTag(
  db: Conn,
  t: { name: string; key: string; color: string; userId: number | null },
): Promise<TagJson | null> {
  const row = await db
    .insertInto('etiquetas')
    .values({ nombre: t.name, clave: t.key, color: t.color, creado_por: t.userId })
    .onConflict((oc) => oc.column('clave').doNothing())
    .returning(['id', 'nombre', 'color'])
    .executeTakeFirst();
  return row ?? null;
}

/** Which of `ids` exist. */
export async function existingTagIds(db: Conn, ids: readonly number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db
    .selectFrom('etiquetas')
    .select('id')
    .where('id', 'in', [...ids])
    .execute();
  return rows.map((r) => r.id);
}

/** Tag ids per candidate, for the given candidates (a list's page). */
export async function tagIdsOf(db: Conn, candidateIds: readonly number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>(candidateIds.map((id) => [id, []]));
  if (!candidateIds.length) return out;
  const rows = await db
    .selectFrom('postulante_etiquetas as pe')
    .innerJoin('etiquetas as e', 'e.id', 'pe.etiqueta_id')
    .select(['pe.postulante_id', 'pe.etiqueta_id'])
    .where('pe.postulante_id', 'in', [...candidateIds])
    .orderBy('pe.postulante_id')
    .orderBy('e.clave')
    .execute();
  for (const r of rows) out.get(r.postulante_id)?.push(r.etiqueta_id);
  return out;
}

/** Locks the candidate's row (a concurrent deletion waits); false when there is none. */
export async function lockCandidate(trx: Transaction<Database>, id: number): Promise<boolean> {
  const row = await trx.selectFrom('postulantes').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
  return row !== undefined;
}

/** Replaces the candidate's tags with `ids` (ids that exist). */
export async function replaceCandidateTags(
  trx: Transaction<Database>,
  candidateId: number,
  ids: readonly number[],
  userId: number | null,
): Promise<void> {
  let del = trx.deleteFrom('postulante_etiquetas').where('postulante_id', '=', candidateId);
  if (ids.length) del = del.where('etiqueta_id', 'not in', [...ids]);
  await del.execute();
  if (!ids.length) return;
  await trx
    .insertInto('postulante_etiquetas')
    .values(ids.map((etiqueta_id) => ({ postulante_id: candidateId, etiqueta_id, asignada_por: userId })))
    .onConflict((oc) => oc.columns(['postulante_id', 'etiqueta_id']).doNothing())
    .execute();
}

export async function existingUser(db: Conn, id: number | null): Promise<number | null> {
  if (id === null) return null;
  const row = await db.selectFrom('usuarios').select('id').where('id', '=', id).executeTakeFirst();
  return row?.id ?? null;
}
