import { FUNNEL_STEPS } from '@bolsa/domain';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';

/** One aggregate of the funnel, as the single statement below answers it. */
export interface FunnelAggregate {
  /** row: a vacancy's (or the overall) totals; state: candidates now in `key`; reached: step `key`
   * (1-based, FUNNEL_STEPS order) reached; median: median days spent in step `key`. */
  kind: 'row' | 'state' | 'reached' | 'median';
  plaza_id: number | null;
  /** The overall row (every vacancy), not a vacancy's. */
  overall: boolean;
  key: string | null;
  n: number | null;
  days: number | null;
  hired: number | null;
  rejected: number | null;
  plaza_nombre: string | null;
}

export interface FunnelFilter {
  /** Application instants [from, to), already turned into Guatemala's day boundaries. */
  from: string;
  to: string;
  vacancyId: number | null;
}

const days = (later: unknown, earlier: unknown) => sql`(extract(epoch from (${later} - ${earlier})) / 86400.0)::float8`;
const median = (expr: unknown) =>
  sql`round((percentile_cont(0.5) within group (order by ${expr}))::numeric, 1)::float8`;

/**
 * The funnel over the applications of [from, to), per vacancy and overall, in one statement: no
 * candidate row leaves the database, only (vacancies + 1) × (1 + 8 + 2 × 7) aggregates at most.
 *
 * - A candidate's furthest step is the highest of its current state, the state it held before a
 *   rejection, and every state its history records; it has reached every step up to that one
 *   (a skipped test step counts as passed, so the funnel never widens).
 * - A step was entered at the application (postulado) or at the first history row that moved the
 *   candidate there; the days spent in it run until the first later step was entered. Skipped
 *   steps, and candidates with no history (data older than it), have no duration.
 * - Days to hire: from the application to the first move to contratado.
 * - The history is written only by the api, always with canonical states, so it is matched as is;
 *   `etapa` (migration 0013) is the canonical reading of the current state.
 * - Erased candidates (datos_eliminados) stay: the row is an anonymous count, its states intact.
 */
export async function funnelAggregates(db: Db, f: FunnelFilter): Promise<FunnelAggregate[]> {
  const hiredStep = FUNNEL_STEPS.indexOf('contratado') + 1;
  const result = await sql<FunnelAggregate>`
    with steps as (
      select s.estado, s.k::int as k
      from unnest(array[${sql.join(FUNNEL_STEPS.map((s) => sql`${s}`))}]::text[]) with ordinality as s(estado, k)
    ),
    c as (
      select p.id, p.plaza_id, p.etapa, p.fecha_registro,
             greatest(coalesce(cur.k, 1), coalesce(prev.k, 1)) as k0
      from postulantes p
      left join steps cur on cur.estado = p.etapa
      left join steps prev on prev.estado = p.estado_antes_rechazo
      where p.fecha_registro >= ${f.from}::timestamptz and p.fecha_registro < ${f.to}::timestamptz
        ${f.vacancyId === null ? sql`` : sql`and p.plaza_id = ${f.vacancyId}`}
    ),
    h as (
      select h.postulante_id as id, s.k, min(h.en) as en
      from postulantes_historial h
      join c on c.id = h.postulante_id
      join steps s on s.estado = h.estado_nuevo and s.k > 1
      group by h.postulante_id, s.k
    ),
    m as (
      select id, max(k) as maxk, min(en) filter (where k = ${hiredStep}) as hired_at from h group by id
    ),
    cand as (
      select c.id, c.plaza_id, c.etapa, c.fecha_registro, greatest(c.k0, coalesce(m.maxk, 1)) as furthest, m.hired_at
      from c left join m on m.id = c.id
    ),
    entered as (
      select h.id, c.plaza_id, h.k, h.en from h join c on c.id = h.id
      union all
      select c.id, c.plaza_id, 1, c.fecha_registro from c
    ),
    spent as (
      select plaza_id, k, en,
             min(en) over (partition by id order by k desc rows between unbounded preceding and 1 preceding) as next_en
      from entered
    ),
    rows_ as (
      select plaza_id, grouping(plaza_id) = 1 as overall, count(*)::int as n,
             (count(*) filter (where etapa = 'contratado'))::int as hired,
             (count(*) filter (where etapa = 'rechazado'))::int as rejected,
             ${median(days(sql`hired_at`, sql`fecha_registro`))} as days
      from cand group by grouping sets ((plaza_id), ())
    )
    select 'row' as kind, r.plaza_id, r.overall, null as key, r.n, r.days, r.hired, r.rejected, v.nombre as plaza_nombre
    from rows_ r left join plazas v on v.id = r.plaza_id and not r.overall
    union all
    select 'state', plaza_id, grouping(plaza_id) = 1, etapa, count(*)::int, null, null, null, null
    from cand group by grouping sets ((plaza_id, etapa), (etapa))
    union all
    select 'reached', cand.plaza_id, grouping(cand.plaza_id) = 1, s.k::text, count(*)::int, null, null, null, null
    from cand join steps s on s.k <= cand.furthest
    group by grouping sets ((cand.plaza_id, s.k), (s.k))
    union all
    select 'median', plaza_id, grouping(plaza_id) = 1, k::text, null, ${median(days(sql`next_en`, sql`en`))}, null, null, null
    from spent where next_en is not null and next_en >= en
    group by grouping sets ((plaza_id, k), (k))
  `.execute(db);
  return result.rows;
}
