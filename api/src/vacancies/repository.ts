import { searchKey } from '@bolsa/domain';
import { sql, type Expression, type SqlBool, type Transaction } from 'kysely';
import { containsAllWords, foldSql } from '../lists.js';
import type { Database, Db } from '../db/database.js';

/** The documented vacancy shape (spec 2 §3), spelled exactly as the REST contract spells it. */
export interface VacancyJson {
  id: number;
  nombreVacante: string;
  sede: number | null;
  sedeNombre: string | null;
  lugar: string | null;
  municipioId: string | null;
  municipioNombre: string | null;
  departamentoId: string | null;
  departamentoNombre: string | null;
  NombreDepartamento: string | null;
  descripcion: string | null;
  requisitos: string[];
  beneficios: string[];
  imagen: string | null;
  imagenBase64: string | null;
  fechaPublicacion: string;
  fechaFinalizacion: string | null;
  status: string;
  destacado: boolean;
  fechaCreacion: string;
  PublicadoPor: number | null;
  ActualizadoPor: number | null;
  /** The staff user's full name, so a listing needs no GET /usuario (docs/decisions/2026-11-23-list-paging-in-the-api.md). */
  creadoPorNombre: string | null;
  actualizadoPorNombre: string | null;
}

/**
 * How a vacancy's `imagen` names its stored file key: the file host's '/archivos/<key>' spelling,
 * which readers (the BFF's imageUrl, the edit form's echo) parse back into the key. The api itself
 * serves the bytes at GET /internal/archivos/<key> (ARCHITECTURE principle 1).
 */
export const fileUrl = (key: string): string => `/archivos/${key}`;

/**
 * The vacancy with everything its JSON shows joined in. The municipality join only matches a
 * structured 'municipio:departamento' lugar; free text leaves the municipality null. The
 * department comes from the municipality, else from the one chosen in the form
 * (departamento_codigo, issue 4); NombreDepartamento prefers the form's choice.
 */
function vacancyFrom(db: Db) {
  return db
    .selectFrom('plazas as p')
    .leftJoin('sedes as s', 's.id', 'p.sede_id')
    .leftJoin('municipios as m', (join) => join.on(sql<boolean>`p.lugar = m.codigo || ':' || m.departamento_codigo`))
    .leftJoin('departamentos as d', 'd.codigo', 'm.departamento_codigo')
    .leftJoin('departamentos as pd', 'pd.codigo', 'p.departamento_codigo')
    .leftJoin('usuarios as cu', 'cu.id', 'p.publicado_por')
    .leftJoin('usuarios as uu', 'uu.id', 'p.actualizado_por');
}

type VacancyFrom = ReturnType<typeof vacancyFrom>;

/**
 * Dates are formatted in SQL: pg and PGlite would otherwise hand back JS Dates shifted by
 * the process time zone.
 */
function selectVacancy(q: VacancyFrom) {
  return q.select([
    'p.id',
    'p.nombre',
    'p.sede_id',
    's.nombre as sede_nombre',
    'p.lugar',
    'm.codigo as municipio_id',
    'm.nombre as municipio_nombre',
    sql<string | null>`coalesce(d.codigo, pd.codigo)`.as('departamento_id'),
    sql<string | null>`coalesce(d.nombre, pd.nombre)`.as('departamento_nombre'),
    sql<string | null>`coalesce(pd.codigo, d.codigo)`.as('nombre_departamento'),
    'p.descripcion',
    'p.requisitos',
    'p.beneficios',
    'p.imagen',
    sql<string>`to_char(p.fecha_publicacion, 'YYYY-MM-DD')`.as('fecha_publicacion'),
    sql<string | null>`to_char(p.fecha_finalizacion, 'YYYY-MM-DD')`.as('fecha_finalizacion'),
    'p.status',
    'p.destacado',
    sql<string>`to_char(p.fecha_creacion at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`.as('fecha_creacion'),
    'p.publicado_por',
    'p.actualizado_por',
    'cu.nombre as creado_por_nombre',
    'uu.nombre as actualizado_por_nombre',
  ]);
}

/** One query for the whole list (it is benchmarked, and tested with 1,000+ rows). */
function vacancyQuery(db: Db) {
  return selectVacancy(vacancyFrom(db))
    .orderBy('p.destacado', 'desc')
    .orderBy('p.fecha_publicacion', 'desc')
    .orderBy('p.id', 'desc');
}

type VacancyRow = Awaited<ReturnType<ReturnType<typeof vacancyQuery>['executeTakeFirstOrThrow']>>;

/** jsonb arrives parsed from both drivers; anything not a list of text (hand-edited rows) degrades to []. */
function textList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((x): x is string => typeof x === 'string') : [];
}

function toVacancyJson(r: VacancyRow): VacancyJson {
  return {
    id: r.id,
    nombreVacante: r.nombre,
    sede: r.sede_id,
    sedeNombre: r.sede_nombre,
    lugar: r.lugar,
    municipioId: r.municipio_id,
    municipioNombre: r.municipio_nombre,
    departamentoId: r.departamento_id,
    departamentoNombre: r.departamento_nombre,
    NombreDepartamento: r.nombre_departamento,
    descripcion: r.descripcion,
    requisitos: textList(r.requisitos),
    beneficios: textList(r.beneficios),
    imagen: r.imagen ? fileUrl(r.imagen) : null,
    imagenBase64: null,
    fechaPublicacion: r.fecha_publicacion,
    fechaFinalizacion: r.fecha_finalizacion,
    status: r.status,
    destacado: r.destacado,
    fechaCreacion: r.fecha_creacion,
    PublicadoPor: r.publicado_por,
    ActualizadoPor: r.actualizado_por,
    creadoPorNombre: r.creado_por_nombre,
    actualizadoPorNombre: r.actualizado_por_nombre,
  };
}

export async function listVacancies(db: Db, filter: { sedeId?: number } = {}): Promise<VacancyJson[]> {
  let q = vacancyQuery(db);
  if (filter.sedeId !== undefined) q = q.where('p.sede_id', '=', filter.sedeId);
  const rows = await q.execute();
  return rows.map(toVacancyJson);
}

export const VACANCY_SORTS = ['name', 'branch', 'publishedAt', 'createdBy', 'updatedBy', 'status'] as const;
export type VacancySort = (typeof VACANCY_SORTS)[number];

export interface VacancyListQuery {
  /** public: what the board shows (status '1', end date today or later); staff: every status. */
  scope: 'public' | 'staff';
  /** 'YYYY-MM-DD' in Guatemala, for the public scope. */
  today: string;
  branchId?: number;
  vacancyId?: number;
  /** Folded words; each must occur in name, branch, description, place, municipality or department. */
  words: string[];
  status: 'active' | 'inactive' | 'all';
  featuredOnly: boolean;
  /** null: the board's order (featured first, newest publication, newest id). */
  sort: VacancySort | null;
  desc: boolean;
}

export interface VacancyCounts {
  active: number;
  inactive: number;
  featured: number;
}

/**
 * What the BFF's keyword filter matched: free-text lugar as written (a structured one reads as
 * its municipality and department names), plus the joined names, folded like searchKey.
 */
const searchText = foldSql(
  sql`concat_ws(' ', p.nombre, s.nombre, p.descripcion,
    case when p.lugar ~ '^\s*\d{1,4}\s*:\s*\d{1,2}\s*$' then null else p.lugar end,
    m.nombre, coalesce(d.nombre, pd.nombre))`,
);

const sortKeys: Record<VacancySort, Expression<unknown>> = {
  name: sql`${foldSql(sql`p.nombre`)} collate "C"`,
  branch: sql`coalesce(${foldSql(sql`s.nombre`)}, '') collate "C"`,
  publishedAt: sql`p.fecha_publicacion`,
  createdBy: sql`coalesce(${foldSql(sql`cu.nombre`)}, '') collate "C"`,
  updatedBy: sql`coalesce(${foldSql(sql`uu.nombre`)}, '') collate "C"`,
  status: sql`p.status`,
};

/** The filters before status and featuredOnly: the set the counts describe. */
function filteredVacancies(db: Db, f: VacancyListQuery) {
  let q = vacancyFrom(db);
  if (f.scope === 'public')
    q = q
      .where('p.status', '=', '1')
      .where((eb) => eb.or([eb('p.fecha_finalizacion', 'is', null), eb('p.fecha_finalizacion', '>=', f.today)]));
  if (f.branchId !== undefined) q = q.where('p.sede_id', '=', f.branchId);
  if (f.vacancyId !== undefined) q = q.where('p.id', '=', f.vacancyId);
  if (f.words.length) q = q.where(containsAllWords(searchText, f.words));
  return q;
}

function narrowing(f: VacancyListQuery): Expression<SqlBool> {
  const parts = [sql`true`];
  if (f.status === 'active') parts.push(sql`p.status = '1'`);
  if (f.status === 'inactive') parts.push(sql`p.status <> '1'`);
  if (f.featuredOnly) parts.push(sql`p.destacado`);
  return sql<SqlBool>`(${sql.join(parts, sql` and `)})`;
}

function ordered(q: VacancyFrom, f: VacancyListQuery): VacancyFrom {
  if (f.sort === null)
    return q.orderBy('p.destacado', 'desc').orderBy('p.fecha_publicacion', 'desc').orderBy('p.id', 'desc');
  const key = sortKeys[f.sort];
  // Ties fall to the newest id whatever the direction, as the staff list always did.
  return q.orderBy(key, f.desc ? 'desc' : 'asc').orderBy('p.id', 'desc');
}

/** Counts over the filtered set, and the total after status and featuredOnly. */
export async function countVacancies(db: Db, f: VacancyListQuery): Promise<VacancyCounts & { total: number }> {
  const row = await filteredVacancies(db, f)
    .select([
      sql<number>`(count(*) filter (where p.status = '1'))::int`.as('active'),
      sql<number>`(count(*) filter (where p.status <> '1'))::int`.as('inactive'),
      sql<number>`(count(*) filter (where p.destacado))::int`.as('featured'),
      sql<number>`(count(*) filter (where ${narrowing(f)}))::int`.as('total'),
    ])
    .executeTakeFirstOrThrow();
  return { active: row.active, inactive: row.inactive, featured: row.featured, total: row.total };
}

/** The matching vacancies in order; a window when `limit` is given. */
export async function findVacancies(
  db: Db,
  f: VacancyListQuery,
  window?: { limit: number; offset: number },
): Promise<VacancyJson[]> {
  let q = ordered(filteredVacancies(db, f).where(narrowing(f)), f);
  if (window) q = q.limit(window.limit).offset(window.offset);
  const rows = await selectVacancy(q).execute();
  return rows.map(toVacancyJson);
}

export async function findVacancy(db: Db, id: number): Promise<VacancyJson | null> {
  const row = await vacancyQuery(db).where('p.id', '=', id).executeTakeFirst();
  return row ? toVacancyJson(row) : null;
}

/** The stored row an edit starts from. */
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
