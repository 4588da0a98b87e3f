/** The vacancies' reads: the public list, the back office's searched, sorted and counted list, one vacancy. */
import { sql, type Expression, type SqlBool } from 'kysely';
import { containsAllWords, foldSql } from '../lists.js';
import type { Db } from '../db/database.js';
import {
  selectVacancy,
  toVacancyJson,
  vacancyFrom,
  vacancyQuery,
  type VacancyFrom,
  type VacancyJson,
} from './vacancy-row.js';

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
