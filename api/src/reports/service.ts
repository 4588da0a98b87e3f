import { CANDIDATE_STATES, dayjs, FUNNEL_STEPS, startOfGuatemalaDay, type CandidateState } from '@bolsa/domain';
import type { Db } from '../db/database.js';
import { funnelAggregates, type FunnelAggregate } from './repository.js';

/** One step of a funnel row, as GET /internal/reportes/embudo spells it. */
export interface FunnelStepJson {
  estado: CandidateState;
  /** Candidates who got at least this far. */
  alcanzaron: number;
  /** alcanzaron / the previous step's (0–1, 4 decimals); null for the first step or after 0. */
  conversion: number | null;
  /** Median days spent in the step before the next step was reached; null when nobody moved on. */
  medianaDias: number | null;
}

export interface FunnelRowJson {
  /** null: every vacancy. */
  plazaId: number | null;
  plaza: string;
  total: number;
  /** Current state of the candidates, every state present (0 included). */
  porEstado: { estado: CandidateState; cantidad: number }[];
  etapas: FunnelStepJson[];
  contratados: number;
  rechazados: number;
  medianaDiasContratacion: number | null;
}

export interface FunnelReportJson {
  desde: string;
  hasta: string;
  general: FunnelRowJson;
  /** Vacancies with at least one application in the range, most applications first. */
  plazas: FunnelRowJson[];
}

export const ALL_VACANCIES = 'Todas las plazas';
/** The first instant of a Guatemala calendar day (the range is validated before it gets here). */
const dayStart = (date: string): string => {
  const at = startOfGuatemalaDay(date);
  if (!at) throw new Error('invalid report date');
  return at.toISOString();
};

function rowJson(id: number | null, name: string, a: FunnelAggregate | undefined): FunnelRowJson {
  const reached = (i: number) => a?.reached[i] ?? 0;
  return {
    plazaId: id,
    plaza: name,
    total: a?.total ?? 0,
    porEstado: CANDIDATE_STATES.map((estado, i) => ({ estado, cantidad: a?.states[i] ?? 0 })),
    etapas: FUNNEL_STEPS.map((estado, i): FunnelStepJson => {
      const previous = i === 0 ? 0 : reached(i - 1);
      return {
        estado,
        alcanzaron: reached(i),
        conversion: previous ? Math.round((reached(i) / previous) * 10_000) / 10_000 : null,
        medianaDias: a?.medians[i] ?? null,
      };
    }),
    contratados: a?.states[CANDIDATE_STATES.indexOf('contratado')] ?? 0,
    rechazados: a?.states[CANDIDATE_STATES.indexOf('rechazado')] ?? 0,
    medianaDiasContratacion: a?.median_hire ?? null,
  };
}

/**
 * The funnel report over applications made on [desde, hasta] (calendar days in Guatemala), per
 * vacancy and overall; `vacancyId` narrows it to one vacancy. Applications without a vacancy
 * count in the overall row only.
 */
export async function funnelReport(
  db: Db,
  q: { desde: string; hasta: string; vacancyId: number | null },
): Promise<FunnelReportJson> {
  const aggregates = await db.transaction().execute((trx) =>
    funnelAggregates(trx, {
      from: dayStart(q.desde),
      to: dayStart(dayjs(q.hasta).add(1, 'day').format('YYYY-MM-DD')),
      vacancyId: q.vacancyId,
    }),
  );
  const overall = aggregates.find((g) => g.overall);
  const plazas = aggregates
    .filter((g) => !g.overall && g.plaza_id !== null)
    .map((g) => rowJson(g.plaza_id, g.plaza_nombre ?? 'Sin definir', g))
    .sort((a, b) => b.total - a.total || a.plaza.localeCompare(b.plaza, 'es') || a.plazaId! - b.plazaId!);
  return { desde: q.desde, hasta: q.hasta, general: rowJson(null, ALL_VACANCIES, overall), plazas };
}
