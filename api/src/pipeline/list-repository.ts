/**
 * The lists of candidates (spec 3 §3): the inbox, the history and a vacancy's list, with their
 * searches, sorts and per-state counts.
 */
import { likePattern } from '@bolsa/domain';
import { sql, type Expression, type SqlBool } from 'kysely';
import { foldSql } from '../lists.js';
import { matchingCvText, orInCv } from './cv-search.js';
import {
  candidatesOnly,
  joined,
  selectListColumns,
  TERMINAL,
  toListJson,
  type Base,
  type CandidateListJson,
  type Conn,
} from './candidate-row.js';

type ListRow = Parameters<typeof toListJson>[0];

export type CandidateSort = 'name' | 'appliedAt' | 'state';
export const CANDIDATE_SORTS = ['name', 'appliedAt', 'state'] as const satisfies readonly CandidateSort[];

export interface CandidateListQuery {
  /** active: the inbox (not hired nor rejected); history: hired and rejected; all: a vacancy's list. */
  scope: 'active' | 'history' | 'all';
  /** One state (a tab), canonical; the counts ignore it. */
  state?: string;
  vacancyId?: number;
  /** Folded words; each must occur in name, e-mail or position (vacancy name). */
  words: string[];
  /** History: folded words in name or e-mail only / in the position only. */
  candidateWords?: string[];
  positionWords?: string[];
  /** Tag ids (issue 23): the candidate carries every one. */
  tagIds?: number[];
  sort: CandidateSort;
  desc: boolean;
  /**
   * The vacancies whose folded name holds each word, per word (see `withPositions`); without
   * them the queries look the vacancies up themselves.
   */
  positions?: Map<string, readonly number[]>;
}

const vacanciesNamed = (w: string) =>
  sql<number[]>`array(select p.id from plazas p where strpos(${foldSql(sql`p.nombre`)}, ${w}) > 0)`;

/**
 * The query with the vacancies each word names looked up first (one small query over the
 * vacancies). Then a word that names no vacancy is a plain name search, which the planner serves
 * from the trigram index with a true estimate; `plaza_id = any(array(subquery))` inside the
 * candidates' query hides that, and a search inside a tab then walked the whole tab in date order.
 */
export const isSearch = (f: CandidateListQuery) =>
  f.words.length > 0 || !!f.candidateWords?.length || !!f.positionWords?.length || !!f.tagIds?.length;

export async function withPositions(db: Conn, f: CandidateListQuery): Promise<CandidateListQuery> {
  const words = [...new Set([...f.words, ...(f.positionWords ?? [])])];
  if (!words.length) return f;
  const { rows } = await sql<{ ids: number[] }>`select ${sql.join(
    words.map((w, i) => sql`${vacanciesNamed(w)} as ${sql.ref(`w${i}`)}`),
  )}`.execute(db);
  const row = (rows[0] ?? {}) as unknown as Record<string, number[]>;
  return { ...f, positions: new Map(words.map((w, i) => [w, row[`w${i}`] ?? []])) };
}

/** The candidate applied to a vacancy whose folded name holds `w`; false when none does. */
function positionHas(f: CandidateListQuery, w: string): Expression<SqlBool> {
  const known = f.positions?.get(w);
  if (!known) return sql<SqlBool>`c.plaza_id = any(${vacanciesNamed(w)})`;
  return known.length ? sql<SqlBool>`c.plaza_id = any(${sql.val(known)}::int[])` : sql<SqlBool>`false`;
}
/**
 * LIKE (not strpos) so the trigram index of migration 0019 serves it; the domain's pattern: '%'
 * literal, a joiner ('maria.ramirez') any one character, so the name 'maria ramirez' matches too.
 */
const nameHas = (w: string) => sql<SqlBool>`c.busqueda like ${likePattern(w)}`;
const all = (parts: Expression<SqlBool>[]) => sql<SqlBool>`(${sql.join(parts, sql` and `)})`;

/** Scope, vacancy and searches over the candidates alone: the set the counts describe. */
function filtered(db: Conn, f: CandidateListQuery): Base {
  let q = candidatesOnly(db);
  if (f.scope === 'active') q = q.where('c.etapa', 'not in', [...TERMINAL]);
  if (f.scope === 'history') q = q.where('c.etapa', 'in', [...TERMINAL]);
  if (f.vacancyId !== undefined) q = q.where('c.plaza_id', '=', f.vacancyId);
  // Every word in the name, the e-mail or the position.
  const nameOrPosition = (w: string) =>
    f.positions?.get(w)?.length === 0 ? nameHas(w) : sql<SqlBool>`(${nameHas(w)} or ${positionHas(f, w)})`;
  // …or every word in the CV or cover letter (issue 23).
  if (f.words.length) q = q.where(orInCv(f.words, all(f.words.map(nameOrPosition))));
  if (f.candidateWords?.length) q = q.where(all(f.candidateWords.map(nameHas)));
  if (f.positionWords?.length) q = q.where(all(f.positionWords.map((w) => positionHas(f, w))));
  // Every tag: the candidates of the rarest tag are found from the join table's (etiqueta_id,
  // postulante_id) index, the others checked by its primary key.
  if (f.tagIds?.length) {
    const ids = [...new Set(f.tagIds)];
    q = q.where(
      all(
        ids.map(
          (t) =>
            sql<SqlBool>`exists (select 1 from postulante_etiquetas pe where pe.postulante_id = c.id and pe.etiqueta_id = ${t})`,
        ),
      ),
    );
  }
  return q;
}

/**
 * Candidates per tag over the filtered set (scope, vacancy, searches and tags applied; the tab
 * not), like the counts per state. Tags no candidate of the set carries are absent.
 */
export async function countTags(db: Conn, f: CandidateListQuery): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('postulante_etiquetas as t')
    .where('t.postulante_id', 'in', filtered(db, f).select('c.id'))
    .select(['t.etiqueta_id', sql<number>`count(*)::int`.as('n')])
    .groupBy('t.etiqueta_id')
    .execute();
  return new Map(rows.map((r) => [r.etiqueta_id, r.n]));
}

/** Pipeline order for the 'state' sort. */
const STATE_ORDER = sql<number>`case c.etapa when 'postulado' then 1 when 'en seguimiento' then 2
  when 'pre-pruebas' then 3 when 'post-pruebas' then 4 when 'entrevista' then 5 when 'inducción' then 6
  when 'contratado' then 7 when 'rechazado' then 8 else 9 end`;

/**
 * The list's order as an ORDER BY list over `c` (the candidates or their matches): the same keys
 * as `ordered`, for a window's row numbers (listPage).
 */
function orderList(f: CandidateListQuery) {
  const dir = sql.raw(f.desc ? 'desc' : 'asc');
  switch (f.sort) {
    case 'name':
      return sql`c.busqueda collate "C" ${dir}, c.id ${dir}`;
    case 'state':
      return sql`${STATE_ORDER} ${dir}, c.fecha_registro desc, c.id desc`;
    default:
      return sql`c.fecha_registro ${dir}, c.id ${dir}`;
  }
}

function ordered(q: Base, f: CandidateListQuery): Base {
  const dir = f.desc ? 'desc' : 'asc';
  switch (f.sort) {
    case 'name':
      return q.orderBy(sql`c.busqueda collate "C"`, dir).orderBy('c.id', dir);
    case 'state':
      return q.orderBy(STATE_ORDER, dir).orderBy('c.fecha_registro', 'desc').orderBy('c.id', 'desc');
    default:
      return q.orderBy('c.fecha_registro', dir).orderBy('c.id', dir);
  }
}

/** A whole scope (no search, no vacancy): its counts are the ones the database keeps. */
const isWholeScope = (f: CandidateListQuery) => !isSearch(f) && f.vacancyId === undefined;

/** The counts the database keeps (migration 0020) for a whole scope, per state. */
function keptCounts(db: Conn, f: CandidateListQuery) {
  let q = db.selectFrom('postulantes_conteo').select(['etapa', sql<number>`sum(n)::int`.as('n')]);
  if (f.scope === 'active') q = q.where('etapa', 'not in', [...TERMINAL]);
  if (f.scope === 'history') q = q.where('etapa', 'in', [...TERMINAL]);
  return q.groupBy('etapa').having(sql<number>`sum(n)`, '>', 0);
}

/** Rows per canonical state (etapa) over the filtered set, the tab not applied. */
export async function countCandidates(db: Conn, f: CandidateListQuery): Promise<Map<string, number>> {
  // A whole scope: the counts the database keeps (migration 0020) instead of counting every row.
  if (isWholeScope(f)) {
    const rows = await keptCounts(db, f).execute();
    return new Map(rows.map((r) => [r.etapa, r.n]));
  }
  const rows = await filtered(db, f)
    .select(['c.etapa', sql<number>`count(*)::int`.as('n')])
    .groupBy('c.etapa')
    .execute();
  return new Map(rows.map((r) => [r.etapa, r.n]));
}

/**
 * The matching candidates in order; a window when `window` is given. `few`: the caller knows the
 * search matches few rows (its count): they are found first and then sorted, because the planner,
 * asked for the first 10 in date order, would rather walk the whole date index hoping to meet 10
 * matches early (13 ms for a search in a tab that matches none, against 1.5 ms).
 */
export async function findCandidates(
  db: Conn,
  f: CandidateListQuery,
  window?: { limit: number; offset: number },
  few = false,
): Promise<CandidateListJson[]> {
  let q = filtered(db, f);
  if (f.state) q = q.where('c.etapa', '=', f.state);
  if (few) q = candidatesOnly(db).where(sql<SqlBool>`c.id = any(array(${q.select('c.id')}))`);
  q = ordered(q, f);
  if (window) q = q.limit(window.limit).offset(window.offset);
  const rows = await selectListColumns(joined(q)).execute();
  return rows.map(toListJson);
}

/** Up to this many matches (in the tab), a search's page is sorted from its matches (listPage). */
export const FEW_MATCHES = 1000;

/** One page of a list with its counts, read by `listPage`. */
export interface ListPage {
  /** Rows per canonical state over the filtered set, the tab not applied (countCandidates). */
  byState: Map<string, number>;
  /** Candidates per tag over the filtered set (countTags). */
  byTag: Map<number, number>;
  /** The window's rows in the list's order, tab applied (findCandidates). */
  rows: CandidateListJson[];
  /** A search's page: the matching CV or cover letter text of each row that has one. */
  cvTexts: { id: number; texto: string }[];
}

/**
 * countCandidates, countTags and findCandidates's window in ONE statement (issue 22: an inbox
 * request was up to six round trips to the database, and a search that matched few rows ran its
 * search twice). A whole scope reads the counts the database keeps and walks the date index for
 * its page; a search or a vacancy's list finds its matches once (a materialised CTE) and counts,
 * tags and pages those. The window is taken as asked: a page past the last comes back empty and
 * the caller asks again for the last one (it knows the counts then).
 */
export async function listPage(
  db: Conn,
  f: CandidateListQuery,
  window: { limit: number; offset: number },
): Promise<ListPage> {
  const whole = isWholeScope(f);
  // What the counts and the order need of each match (the folded name only to sort by it).
  const keys = f.sort === 'name' ? sql<string>`c.busqueda` : sql<string>`null::text`;
  const matches = filtered(db, f).select(['c.id', 'c.etapa', 'c.fecha_registro', keys.as('busqueda')]);
  const source = whole ? sql`(${matches})` : sql`m`;
  const counts = whole ? keptCounts(db, f) : sql`select etapa, count(*)::int as n from m group by etapa`;
  const ids = whole ? filtered(db, f).select('c.id') : sql`select id from m`;
  const order = orderList(f);
  const inTab = f.state ? sql`c.etapa = ${f.state}` : sql`true`;
  const window_ = sql`order by ${order} limit ${window.limit} offset ${window.offset}`;
  // The page: a whole scope walks its date (or name) index and stops at the window. A search
  // with at most FEW_MATCHES matches in the tab sorts its matches (m); with more, it walks the
  // index as a whole scope does, checking each row, and meets the window early (the planner,
  // asked for the first rows in order, would otherwise walk the whole index of a search that
  // matches none). Only the branch the count chose runs (a one-time filter).
  const few = sql`(select coalesce(sum(n.n), 0) from n ${f.state ? sql`where n.etapa = ${f.state}` : sql``}) <= ${FEW_MATCHES}`;
  const pageOf = whole
    ? sql`select c.id, c.etapa, c.fecha_registro, c.busqueda from ${source} c where ${inTab} ${window_}`
    : sql`(select c.id, c.etapa, c.fecha_registro, c.busqueda from m c where ${inTab} and ${few} ${window_})
          union all
          (select c.id, c.etapa, c.fecha_registro, c.busqueda from (${matches}) c where ${inTab} and not ${few} ${window_})`;
  let rows = selectListColumns(
    joined(
      candidatesOnly(db).innerJoin(sql<{ id: number; ord: number }>`p`.as('p'), (j) => j.onRef('p.id', '=', 'c.id')),
    ),
  ).select(sql<number>`p.ord`.as('ord'));
  const withText = f.words.length > 0;
  if (withText) rows = rows.select(matchingCvText(f.words, sql.ref('c.id')).as('cv_texto'));
  const { rows: found } = await sql<
    ListRow & {
      conteos: Record<string, number>;
      etiquetas: Record<string, number>;
      ord: number | null;
      cv_texto?: string | null;
    }
  >`${whole ? sql`` : sql`with m as materialized (${matches}),`}
    ${whole ? sql`with ` : sql``}n as (${counts}),
    g as (select t.etiqueta_id, count(*)::int as n from postulante_etiquetas t
          where t.postulante_id in (${ids}) group by t.etiqueta_id),
    w as (${pageOf}),
    p as (select c.id, row_number() over (order by ${order}) as ord from w c)
    select (select coalesce(json_object_agg(n.etapa, n.n), '{}') from n) as conteos,
           (select coalesce(json_object_agg(g.etiqueta_id, g.n), '{}') from g) as etiquetas,
           r.*
    from (select 1) as one left join (${rows}) as r on true
    order by r.ord`.execute(db);
  const first = found[0];
  const page = found.filter((r) => r.ord !== null);
  return {
    byState: new Map(Object.entries(first?.conteos ?? {})),
    byTag: new Map(Object.entries(first?.etiquetas ?? {}).map(([id, n]) => [Number(id), n])),
    rows: page.map(toListJson),
    cvTexts: withText ? page.flatMap((r) => (r.cv_texto != null ? [{ id: r.id, texto: r.cv_texto }] : [])) : [],
  };
}

/** The ids of the matching candidates in the list's order, tab applied: an export's snapshot. */
export async function findCandidateIds(db: Conn, f: CandidateListQuery): Promise<number[]> {
  let q = filtered(db, f);
  if (f.state) q = q.where('c.etapa', '=', f.state);
  const rows = await ordered(q, f).select('c.id').execute();
  return rows.map((r) => r.id);
}

/** These candidates in the order given; one deleted meanwhile is left out. */
export async function findCandidatesByIds(db: Conn, ids: readonly number[]): Promise<CandidateListJson[]> {
  if (!ids.length) return [];
  const rows = await selectListColumns(
    joined(candidatesOnly(db).where(sql<SqlBool>`c.id = any(${sql.val([...ids])}::int[])`)),
  ).execute();
  const byId = new Map(rows.map((r) => [r.id, toListJson(r)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
