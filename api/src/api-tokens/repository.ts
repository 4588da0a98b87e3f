import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { utcInstant } from '../db/instant.js';

export interface ApiTokenJson {
  id: number;
  nombre: string;
  idrol: number;
  creado_en: string;
  usado_en: string | null;
  revocado: boolean;
}

/** Newest first; never the hashes. */
export async function listApiTokens(db: Db): Promise<ApiTokenJson[]> {
  return db
    .selectFrom('api_tokens')
    .select([
      'id',
      'nombre',
      'idrol',
      utcInstant('creado_en').as('creado_en'),
      utcInstant('usado_en').$castTo<string | null>().as('usado_en'),
      'revocado',
    ])
    .orderBy('creado_en', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** The new id, or 'duplicate' when the hash is already stored. */
export async function createApiToken(
  db: Db,
  t: { nombre: string; idrol: number; hash: string },
): Promise<number | 'duplicate'> {
  try {
    const { id } = await db.insertInto('api_tokens').values(t).returning('id').executeTakeFirstOrThrow();
    return id;
  } catch (err) {
    if ((err as { code?: unknown })?.code === '23505') return 'duplicate';
    throw err;
  }
}

export async function revokeApiToken(db: Db, id: number): Promise<boolean> {
  const row = await db
    .updateTable('api_tokens')
    .set({ revocado: true })
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Looks a token up by its hash and records the use in one statement; a revoked token's use is not recorded. */
export async function useApiToken(db: Db, hash: string) {
  return (
    (await db
      .updateTable('api_tokens')
      .set({ usado_en: sql<string | null>`case when revocado then usado_en else now() end` })
      .where('hash', '=', hash)
      .returning(['id', 'nombre', 'idrol', 'revocado'])
      .executeTakeFirst()) ?? null
  );
}
