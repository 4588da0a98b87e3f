/**
 * The vacancies' writes (create, edit, delete, feature) and the checks a save makes. The reads are
 * in list-repository.ts, the vacancy's JSON and columns in vacancy-row.ts.
 */
import { searchKey } from '@bolsa/domain';
import { sql, type Transaction } from 'kysely';
import type { Database, Db } from '../db/database.js';

export async function findVacancyRow(db: Db, id: number) {
  return (
    (await db
      .selectFrom('plazas as p')
      .leftJoin('municipios as m', (join) => join.on(sql<boolean>`p.lugar = m.codigo || ':' || m.departamento_codigo`))
      .select([
        'p.id',
        'p.nombre',
        'p.sede_id',
        'p.lugar',
        'p.descripcion',
        'p.imagen',
        sql<string | null>`to_char(p.fecha_finalizacion, 'YYYY-MM-DD')`.as('fecha_finalizacion'),
        'p.status',
        sql<string | null>`coalesce(p.departamento_codigo, m.departamento_codigo)`.as('departamento_codigo'),
      ])
      .where('p.id', '=', id)
      .executeTakeFirst()) ?? null
  );
}

/**
 * How many ACTIVE vacancies (status '1') of a branch are called `nombre`, ignoring case, accents
 * and surrounding spaces. A branch has tens of vacancies, so the comparison runs here with the
 * same searchKey the board's search uses, whatever extensions or collations the database has.
 */
export async function countActiveNamed(db: Db, sedeId: number, nombre: string): Promise<number> {
  const key = searchKey(nombre);
  const rows = await db
    .selectFrom('plazas')
    .select('nombre')
    .where('sede_id', '=', sedeId)
    .where('status', '=', '1')
    .execute();
  return rows.filter((r) => searchKey(r.nombre) === key).length;
}

export async function branchExists(db: Db, id: number): Promise<boolean> {
  return (await db.selectFrom('sedes').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

export async function departmentExists(db: Db, code: string): Promise<boolean> {
  return (
    (await db.selectFrom('departamentos').select('codigo').where('codigo', '=', code).executeTakeFirst()) !== undefined
  );
}

export async function municipalityInDepartment(db: Db, municipio: string, departamento: string): Promise<boolean> {
  const row = await db
    .selectFrom('municipios')
    .select('codigo')
    .where('codigo', '=', municipio)
    .where('departamento_codigo', '=', departamento)
    .executeTakeFirst();
  return row !== undefined;
}

/** The id when such a staff user exists, else null (a vacancy then records nobody). */
export async function existingUserId(db: Db, id: number | null): Promise<number | null> {
  if (id === null) return null;
  const row = await db.selectFrom('usuarios').select('id').where('id', '=', id).executeTakeFirst();
  return row?.id ?? null;
}

export interface NewVacancy {
  nombre: string;
  sedeId: number;
  lugar: string;
  departamento: string;
  descripcion: string;
  requisitos: string[];
  beneficios: string[];
  imagen: string;
  fechaPublicacion: string;
  fechaFinalizacion: string;
  status: '1' | '0';
  publicadoPor: number | null;
  actualizadoPor: number | null;
}

/** One statement: atomic on its own. */
export async function createVacancy(db: Db, v: NewVacancy): Promise<number> {
  const { id } = await db
    .insertInto('plazas')
    .values({
      nombre: v.nombre,
      sede_id: v.sedeId,
      lugar: v.lugar,
      departamento_codigo: v.departamento,
      descripcion: v.descripcion,
      requisitos: JSON.stringify(v.requisitos),
      beneficios: JSON.stringify(v.beneficios),
      imagen: v.imagen,
      fecha_publicacion: v.fechaPublicacion,
      fecha_finalizacion: v.fechaFinalizacion,
      status: v.status,
      publicado_por: v.publicadoPor,
      actualizado_por: v.actualizadoPor,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** What an edit writes; the publication date and the publisher are never part of it. */
export interface VacancyChanges {
  nombre: string;
  sedeId: number;
  lugar: string | null;
  departamento: string;
  descripcion: string | null;
  requisitos: string[];
  beneficios: string[];
  fechaFinalizacion: string | null;
  status: '1' | '0';
  actualizadoPor: number | null;
  /** A new image key, or undefined to keep the current one. */
  imagen?: string;
}

/** The image key the edit replaced (null when none or kept), or 'missing'. Locks the row: run in a transaction. */
export async function updateVacancy(
  trx: Transaction<Database>,
  id: number,
  c: VacancyChanges,
): Promise<{ replacedImage: string | null } | 'missing'> {
  const current = await trx.selectFrom('plazas').select('imagen').where('id', '=', id).forUpdate().executeTakeFirst();
  if (!current) return 'missing' as const;
  await trx
    .updateTable('plazas')
    .set({
      nombre: c.nombre,
      sede_id: c.sedeId,
      lugar: c.lugar,
      departamento_codigo: c.departamento,
      descripcion: c.descripcion,
      requisitos: JSON.stringify(c.requisitos),
      beneficios: JSON.stringify(c.beneficios),
      fecha_finalizacion: c.fechaFinalizacion,
      status: c.status,
      actualizado_por: c.actualizadoPor,
      actualizado_en: sql<string>`now()`,
      ...(c.imagen !== undefined && { imagen: c.imagen }),
    })
    .where('id', '=', id)
    .execute();
  return { replacedImage: c.imagen !== undefined && current.imagen !== c.imagen ? current.imagen : null };
}

/**
 * Deletes a vacancy; its applications go with it (postulantes.plaza_id is ON DELETE CASCADE),
 * counted first inside the same transaction so the number reported is the number deleted.
 */
export async function deleteVacancy(
  trx: Transaction<Database>,
  id: number,
): Promise<{ imagen: string | null; candidatosEliminados: number } | null> {
  const row = await trx.selectFrom('plazas').select('imagen').where('id', '=', id).forUpdate().executeTakeFirst();
  if (!row) return null;
  const { n } = await trx
    .selectFrom('postulantes')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('plaza_id', '=', id)
    .executeTakeFirstOrThrow();
  await trx.deleteFrom('plazas').where('id', '=', id).execute();
  return { imagen: row.imagen, candidatosEliminados: n };
}

/** The new flag, or null when there is no such vacancy. */
export async function setFeatured(db: Db, id: number, destacado: boolean): Promise<boolean | null> {
  const row = await db
    .updateTable('plazas')
    .set({ destacado })
    .where('id', '=', id)
    .returning('destacado')
    .executeTakeFirst();
  return row ? row.destacado : null;
}
