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
  return (await lookedUp(db, f, false)).query;
}

/**
 * withPositions, and, for a list whose counts are counted (not a whole scope), the sum of the
 * change counter of migration 0037 read in the same statement: while it stays the same, the
 * list's counts and matches are the same (`keptCountList`). Null for a whole scope.
 */
export async function withPositionsAndChanges(
  db: Conn,
  f: CandidateListQuery,
): Promise<{ query: CandidateListQuery; changes: string | null }> {
  return lookedUp(db, f, !isWholeScope(f));
}

async function lookedUp(db: Conn, f: CandidateListQuery, changes: boolean) {
  const words = [...new Set([...f.words, ...(f.positionWords ?? [])])];
  if (!words.length && !changes) return { query: f, changes: null };
  const columns = words.map((w, i) => sql`${vacanciesNamed(w)} as ${sql.ref(`w${i}`)}`);
  if (changes) columns.push(sql`(select sum(n)::text from listas_cambios) as cambios`);
  const { rows } = await sql`select ${sql.join(columns)}`.execute(db);
  const row = (rows[0] ?? {}) as Record<string, unknown>;
  return {
    query: words.length
      ? { ...f, positions: new Map(words.map((w, i) => [w, (row[`w${i}`] as number[] | undefined) ?? []])) }
      : f,
    changes: changes ? String(row.cambios ?? '') : null,
  };
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

/** Up to this many matches (in the tab), a search's page is read from its matches' ids. */
export const FEW_MATCHES = 1000;

/** A list's counts, read by `countList` in one statement. */
export interface ListCounts {
  /** Rows per canonical state over the filtered set, the tab not applied (countCandidates). */
  byState: Map<string, number>;
  /** Candidates per tag over the filtered set (countTags). */
  byTag: Map<number, number>;
  /**
   * A search (or a vacancy's list) with at most FEW_MATCHES matches in the tab: their ids, so the
   * page is read from them (findPage) instead of searching a second time; else null.
   */
  ids: number[] | null;
}

/**
 * countCandidates and countTags in ONE statement (issue 22: an inbox request was up to six round
 * trips to the database), and, when the search matches few rows in the tab, their ids: the old
 * page query found them by running the search again (`id = any(array(search))`).
 */
export async function countList(db: Conn, f: CandidateListQuery): Promise<ListCounts> {
  const tags = sql`(select coalesce(json_object_agg(g.etiqueta_id, g.n), '{}') from (
      select t.etiqueta_id, count(*)::int as n from postulante_etiquetas t
      where t.postulante_id in (${filtered(db, f).select('c.id')}) group by t.etiqueta_id) g)`;
  if (isWholeScope(f)) {
    const { rows } = await sql<{ conteos: Record<string, number>; etiquetas: Record<string, number> }>`
      select (select coalesce(json_object_agg(k.etapa, k.n), '{}') from (${keptCounts(db, f)}) k) as conteos,
             ${tags} as etiquetas`.execute(db);
    return { ...parsed(rows[0]), ids: null };
  }
  const inTab = f.state ? sql`n.etapa = ${f.state}` : sql`true`;
  // The ids are gathered per state as the rows are counted, and sent only when they are few.
  const { rows } = await sql<{
    conteos: Record<string, number>;
    etiquetas: Record<string, number>;
    ids: number[] | null;
  }>`
    with n as (${filtered(db, f)
      .select(['c.etapa', sql<number>`count(*)::int`.as('n'), sql<number[]>`array_agg(c.id)`.as('ids')])
      .groupBy('c.etapa')})
    select (select coalesce(json_object_agg(n.etapa, n.n), '{}') from n) as conteos,
           ${tags} as etiquetas,
           case when (select coalesce(sum(n.n), 0) from n where ${inTab}) <= ${FEW_MATCHES}
                then (select coalesce(array_agg(i), '{}') from n cross join lateral unnest(n.ids) as i where ${inTab})
           end as ids`.execute(db);
  return { ...parsed(rows[0]), ids: rows[0]?.ids ?? null };
}

function parsed(row: { conteos: Record<string, number>; etiquetas: Record<string, number> } | undefined) {
  return {
    byState: new Map(Object.entries(row?.conteos ?? {})),
    byTag: new Map(Object.entries(row?.etiquetas ?? {}).map(([id, n]) => [Number(id), n])),
  };
}

/**
 * findCandidates's window (tab applied), from the matches' ids when `countList` gave them, and
 * with a search's matching CV or cover letter text of each row in the same statement (what
 * `withCvSnippets` looked up in a query of its own).
 */
export async function findPage(
  db: Conn,
  f: CandidateListQuery,
  window: { limit: number; offset: number },
  ids: readonly number[] | null,
): Promise<{ rows: CandidateListJson[]; cvTexts: { id: number; texto: string }[] }> {
  let q: Base;
  if (ids) q = candidatesOnly(db).where(sql<SqlBool>`c.id = any(${sql.val([...ids])}::int[])`);
  else {
    q = filtered(db, f);
    if (f.state) q = q.where('c.etapa', '=', f.state);
  }
  const page = selectListColumns(joined(ordered(q, f).limit(window.limit).offset(window.offset)));
  if (!f.words.length) return { rows: (await page.execute()).map(toListJson), cvTexts: [] };
  const rows = await page.select(matchingCvText(f.words, sql.ref('c.id')).as('cv_texto')).execute();
  return {
    rows: rows.map(toListJson),
    cvTexts: rows.flatMap((r) => (r.cv_texto != null ? [{ id: r.id, texto: r.cv_texto }] : [])),
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
