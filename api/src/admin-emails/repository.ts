import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { foldSql } from '../lists.js';

/** An administrative notification e-mail (spec 2 §3), spelled as the REST contract spells it. */
export interface AdminEmailJson {
  correo_id: number;
  email: string;
  nombre: string;
  activo: boolean;
}

// Sorted here, not in SQL, so the order is Spanish whatever collation the database was created with.
const spanish = new Intl.Collator('es', { sensitivity: 'base' });

const isUniqueViolation = (err: unknown): boolean => (err as { code?: unknown })?.code === '23505';

const columns = ['correo_id', 'email', 'nombre', 'activo'] as const;

/** `search` (folded) must occur in 'email nombre', as the BFF matched it. */
export async function listAdminEmails(db: Db, onlyActive: boolean, search = ''): Promise<AdminEmailJson[]> {
  let q = db.selectFrom('correos').select(columns);
  if (onlyActive) q = q.where('activo', '=', true);
  if (search) q = q.where(sql<number>`strpos(${foldSql(sql`email || ' ' || nombre`)}, ${search})`, '>', 0);
  const rows = await q.execute();
  return rows.sort((a, b) => spanish.compare(a.nombre, b.nombre) || a.correo_id - b.correo_id);
}

/** The new record, or 'duplicate' when the address is taken (also when a concurrent create won). */
export async function createAdminEmail(db: Db, email: string, nombre: string): Promise<AdminEmailJson | 'duplicate'> {
  try {
    return await db.insertInto('correos').values({ email, nombre }).returning(columns).executeTakeFirstOrThrow();
  } catch (err) {
    if (isUniqueViolation(err)) return 'duplicate';
    throw err;
  }
}

export async function updateAdminEmail(
  db: Db,
  id: number,
  email: string,
  nombre: string,
): Promise<AdminEmailJson | 'missing' | 'duplicate'> {
  try {
    const row = await db
      .updateTable('correos')
      .set({ email, nombre })
      .where('correo_id', '=', id)
      .returning(columns)
      .executeTakeFirst();
    return row ?? 'missing';
  } catch (err) {
    if (isUniqueViolation(err)) return 'duplicate';
    throw err;
  }
}

export async function setAdminEmailActive(db: Db, id: number, activo: boolean): Promise<AdminEmailJson | null> {
  const row = await db
    .updateTable('correos')
    .set({ activo })
    .where('correo_id', '=', id)
    .returning(columns)
    .executeTakeFirst();
  return row ?? null;
}

/** Permanent (spec 2 §4). */
export async function deleteAdminEmail(db: Db, id: number): Promise<boolean> {
  const row = await db.deleteFrom('correos').where('correo_id', '=', id).returning('correo_id').executeTakeFirst();
  return row !== undefined;
}
