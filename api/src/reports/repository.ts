import { CANDIDATE_STATES, FUNNEL_STEPS } from '@bolsa/domain';
import { sql, type RawBuilder, type Transaction } from 'kysely';
import type { Database } from '../db/database.js';

/** The funnel of one vacancy (or of all of them), as the statement below answers it. */
export interface FunnelAggregate {
  plaza_id: number | null;
  /** The overall row (every vacancy), not a vacancy's. */
  overall: boolean;
  plaza_nombre: string | null;
  total: number;
  /** Candidates now in each state, in CANDIDATE_STATES order. */
  states: number[];
  /** Candidates who reached each step, in FUNNEL_STEPS order. */
  reached: number[];
  /** Median days spent in each step before the next one was reached, FUNNEL_STEPS order. */
  medians: (number | null)[];
  median_hire: number | null;
}

export interface FunnelFilter {
  /** Application instants [from, to), already turned into Guatemala's day boundaries. */
  from: string;
  to: string;
  vacancyId: number | null;
}

const list = (parts: RawBuilder<unknown>[]) => sql.join(parts, sql`, `);
/** The 1-based FUNNEL_STEPS position of a state column; null for rechazado or anything else. */
const stepOf = (col: RawBuilder<unknown>) =>
  sql`(case ${col} ${sql.join(
    FUNNEL_STEPS.map((s, i) => sql`when ${s} then ${sql.lit(i + 1)}`),
    sql` `,
  )} else null end)`;
const days = (later: RawBuilder<unknown>, earlier: RawBuilder<unknown>) =>
  sql`(extract(epoch from (${later} - ${earlier})) / 86400.0)::float8`;
const median = (expr: RawBuilder<unknown>) =>
  sql`round((percentile_cont(0.5) within group (order by ${expr}))::numeric, 1)::float8`;
/** Column t<k>: when step k (1-based) was first entered. */
const t = (k: number) => sql.ref(`t${k}`);

/**
 * The funnel over the applications of [from, to), per vacancy and overall, in one statement that
 * reads each candidate and each history row once: no candidate row leaves the database, only one
 * row per vacancy plus the overall one.
 *
 * - A candidate's furthest step is the highest of its current state, the state it held before a
 *   rejection, and every step its history records; it has reached every step up to that one
 *   (a skipped test step counts as passed, so the funnel never widens).
 * - Step 1 (postulado) was entered at the application, any other at the first history row that
 *   moved the candidate there; the days spent in a step run until the first later step was
 *   entered. Skipped steps, the last step, and candidates without history (data older than it)
 *   have no duration.
 * - Days to hire: from the application to the first move to contratado.
 * - The history is written only by the api, always with canonical states, so it is matched as is;
 *   `etapa` (migration 0013) is the canonical reading of the current state.
 * - Erased candidates (datos_eliminados) stay: the row is an anonymous count, its states intact.
 */
export async function funnelAggregates(trx: Transaction<Database>, f: FunnelFilter): Promise<FunnelAggregate[]> {
  const n = FUNNEL_STEPS.length;
  const ks = FUNNEL_STEPS.map((_s, i) => i + 1);
  const later = (k: number) => ks.filter((j) => j > k);
  const inRange = (p: string) =>
    sql`${sql.ref(`${p}.fecha_registro`)} >= ${f.from}::timestamptz and ${sql.ref(`${p}.fecha_registro`)} < ${f.to}::timestamptz
      ${f.vacancyId === null ? sql`` : sql`and ${sql.ref(`${p}.plaza_id`)} = ${f.vacancyId}`}`;
  const statement = sql<FunnelAggregate>`
    with x as (
      select p.plaza_id, p.etapa, p.fecha_registro as t1, ${list(ks.slice(1).map((k) => sql`h.${t(k)}`))},
             greatest(1, ${stepOf(sql.ref('p.etapa'))}, ${stepOf(sql.ref('p.estado_antes_rechazo'))},
               case ${sql.join(
                 ks
                   .slice(1)
                   .reverse()
                   .map((k) => sql`when h.${t(k)} is not null then ${sql.lit(k)}`),
                 sql` `,
               )} end) as furthest
      from postulantes p
      left join (
        -- When each step was first entered, per candidate of the range with a history.
        select h.postulante_id as id,
               ${list(
                 ks
                   .slice(1)
                   .map((k) => sql`min(h.en) filter (where h.estado_nuevo = ${FUNNEL_STEPS[k - 1]!}) as ${t(k)}`),
               )}
        from postulantes_historial h
        join postulantes hp on hp.id = h.postulante_id and ${inRange('hp')}
        group by h.postulante_id
      ) h on h.id = p.id
      where ${inRange('p')}
    ),
    g as (
      select plaza_id, grouping(plaza_id) = 1 as overall, count(*)::int as total,
             array[${list(CANDIDATE_STATES.map((s) => sql`(count(*) filter (where etapa = ${s}))::int`))}] as states,
             array[${list(ks.map((k) => sql`(count(*) filter (where furthest >= ${sql.lit(k)}))::int`))}] as reached,
             array[${list(
               ks.map((k) => {
                 if (k === n) return sql`null::float8`;
                 const next = later(k).length === 1 ? t(later(k)[0]!) : sql`least(${list(later(k).map(t))})`;
                 return median(sql`case when ${next} >= ${t(k)} then ${days(next, t(k))} end`);
               }),
             )}]::float8[] as medians,
             ${median(days(t(n), t(1)))} as median_hire
      from x group by grouping sets ((plaza_id), ())
    )
    select g.*, v.nombre as plaza_nombre
    from g left join plazas v on v.id = g.plaza_id and not g.overall
  `;
  // The per-candidate aggregation and the medians' sorts of 50,000 rows fit in memory with this.
  // `set local`: run in a transaction (the service opens it).
  await sql`set local work_mem = '32MB'`.execute(trx);
  return (await statement.execute(trx)).rows;
}
