import { ROLE_LABEL, searchKey, STAFF_ROLE_IDS } from '@bolsa/domain';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { foldSql } from '../lists.js';

/** A system user as GET /usuario lists it (spec 2 §3); never the password hash. */
export interface StaffUserJson {
  id: number;
  nombre: string;
  usuario_: string;
  estatus: boolean;
  idrol: number;
}

export interface StaffUserInput {
  nombre: string;
  /** Trimmed, lower-case e-mail. */
  usuario: string;
  /** Undefined on update keeps the current password. */
  claveHash?: string;
  /** Undefined on update keeps the current value. */
  idrol?: number;
  estatus?: boolean;
}

// Sorted here, not in SQL, so the order is Spanish whatever collation the database was created with.
const spanish = new Intl.Collator('es', { sensitivity: 'base' });

export const isUniqueViolation = (err: unknown): boolean => (err as { code?: unknown })?.code === '23505';

/**
 * Every user, or those whose name, e-mail or role label contains `search` (folded, as the
 * users screen matched it).
 */
export async function listUsers(db: Db, search = ''): Promise<StaffUserJson[]> {
  let q = db.selectFrom('usuarios').select(['id', 'nombre', 'usuario as usuario_', 'estatus', 'idrol']);
  if (search) {
    const roles = STAFF_ROLE_IDS.filter((r) => searchKey(ROLE_LABEL[r]).includes(search));
    q = q.where((eb) =>
      eb.or([
        eb(sql<number>`strpos(${foldSql(sql`nombre`)}, ${search})`, '>', 0),
        eb(sql<number>`strpos(${foldSql(sql`usuario`)}, ${search})`, '>', 0),
        ...(roles.length ? [eb('idrol', 'in', roles)] : []),
      ]),
    );
  }
  const rows = await q.execute();
  return rows.sort((a, b) => spanish.compare(a.nombre, b.nombre) || a.id - b.id);
}

export async function findUserForLogin(db: Db, usuario: string) {
  return (
    (await db
      .selectFrom('usuarios')
      .select(['id', 'nombre', 'usuario', 'idrol', 'estatus', 'clave_hash'])
      .where('usuario', '=', usuario)
      .executeTakeFirst()) ?? null
  );
}

/** For the BFF's session re-check every 30 s: one primary-key lookup. */
export async function findUserSession(db: Db, id: number) {
  const row = await db
    .selectFrom('usuarios')
    .select(['estatus', 'idrol', 'nombre', 'usuario'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? { activo: row.estatus, idrol: row.idrol, nombre: row.nombre, usuario_: row.usuario } : null;
}

/** The new id, or 'duplicate' when the e-mail is taken (also when a concurrent create won). */
export async function createUser(db: Db, u: Required<StaffUserInput>): Promise<number | 'duplicate'> {
  try {
    const { id } = await db
      .insertInto('usuarios')
      .values({ nombre: u.nombre, usuario: u.usuario, clave_hash: u.claveHash, idrol: u.idrol, estatus: u.estatus })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  } catch (err) {
    if (isUniqueViolation(err)) return 'duplicate';
    throw err;
  }
}

/** Throws the unique violation of a taken e-mail: inside a transaction only its owner can recover. */
export async function updateUser(db: Db, id: number, u: StaffUserInput): Promise<'ok' | 'missing'> {
  {
    const row = await db
      .updateTable('usuarios')
      .set({
        nombre: u.nombre,
        usuario: u.usuario,
        ...(u.claveHash !== undefined && { clave_hash: u.claveHash }),
        ...(u.idrol !== undefined && { idrol: u.idrol }),
        ...(u.estatus !== undefined && { estatus: u.estatus }),
      })
      .where('id', '=', id)
      .returning('id')
      .executeTakeFirst();
    return row ? 'ok' : 'missing';
  }
}

/**
 * The ids of the active administrators, locked until the transaction ends, so two requests
 * cannot each remove "one of two" and leave none. Always taken before any other user row.
 */
export async function lockActiveAdmins(trx: Db): Promise<number[]> {
  const rows = await trx
    .selectFrom('usuarios')
    .select('id')
    .where('idrol', '=', 1)
    .where('estatus', '=', true)
    .orderBy('id')
    .forUpdate()
    .execute();
  return rows.map((r) => r.id);
}

/** The new estatus, or null when there is no such user. */
export async function toggleUser(db: Db, id: number): Promise<boolean | null> {
  const row = await db
    .updateTable('usuarios')
    .set((eb) => ({ estatus: eb.not('estatus') }))
    .where('id', '=', id)
    .returning('estatus')
    .executeTakeFirst();
  return row ? row.estatus : null;
}

/** Vacancies they published or updated keep existing with PublicadoPor/ActualizadoPor null. */
export async function deleteUser(db: Db, id: number): Promise<boolean> {
  const row = await db.deleteFrom('usuarios').where('id', '=', id).returning('id').executeTakeFirst();
  return row !== undefined;
}

/** The role and status an update starts from (locked with the row), for the audit log. */
export async function userFacts(trx: Db, id: number): Promise<{ idrol: number; estatus: boolean } | null> {
  const row = await trx
    .selectFrom('usuarios')
    .select(['idrol', 'estatus'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  return row ? { idrol: row.idrol, estatus: row.estatus } : null;
}
