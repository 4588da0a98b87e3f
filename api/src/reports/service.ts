import { CANDIDATE_STATES, dayjs, FUNNEL_STEPS, type CandidateState } from '@bolsa/domain';
import type { Db } from '../db/database.js';
import { funnelAggregates, type FunnelAggregate } from './repository.js';

/** One step of a funnel row, as GET /reportes/embudo spells it. */
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
/** Guatemala is UTC−6 all year (no daylight saving since 2006). */
const GT_OFFSET = '-06:00';

interface Acc {
  row: FunnelAggregate | null;
  states: Map<string, number>;
  reached: Map<number, number>;
  medians: Map<number, number>;
}

function rowJson(id: number | null, name: string, a: Acc): FunnelRowJson {
  const etapas = FUNNEL_STEPS.map((estado, i): FunnelStepJson => {
    const alcanzaron = a.reached.get(i + 1) ?? 0;
    const previous = i === 0 ? null : (a.reached.get(i) ?? 0);
    return {
      estado,
      alcanzaron,
      conversion: previous ? Math.round((alcanzaron / previous) * 10_000) / 10_000 : null,
      medianaDias: a.medians.get(i + 1) ?? null,
    };
  });
  return {
    plazaId: id,
    plaza: name,
    total: a.row?.n ?? 0,
    porEstado: CANDIDATE_STATES.map((estado) => ({ estado, cantidad: a.states.get(estado) ?? 0 })),
    etapas,
    contratados: a.row?.hired ?? 0,
    rechazados: a.row?.rejected ?? 0,
    medianaDiasContratacion: a.row?.days ?? null,
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
  const aggregates = await funnelAggregates(db, {
    from: `${q.desde}T00:00:00${GT_OFFSET}`,
    to: `${dayjs(q.hasta).add(1, 'day').format('YYYY-MM-DD')}T00:00:00${GT_OFFSET}`,
    vacancyId: q.vacancyId,
  });
  const overall: Acc = { row: null, states: new Map(), reached: new Map(), medians: new Map() };
  const vacancies = new Map<number, Acc>();
  for (const g of aggregates) {
    let acc = overall;
    if (!g.overall) {
      if (g.plaza_id === null) continue;
      acc = vacancies.get(g.plaza_id) ?? { row: null, states: new Map(), reached: new Map(), medians: new Map() };
      vacancies.set(g.plaza_id, acc);
    }
    if (g.kind === 'row') acc.row = g;
    else if (g.kind === 'state' && g.key !== null) acc.states.set(g.key, g.n ?? 0);
    else if (g.kind === 'reached') acc.reached.set(Number(g.key), g.n ?? 0);
    else if (g.kind === 'median' && g.days !== null) acc.medians.set(Number(g.key), g.days);
  }
  const plazas = [...vacancies.entries()]
    .map(([id, a]) => rowJson(id, a.row?.plaza_nombre ?? 'Sin definir', a))
    .sort((a, b) => b.total - a.total || a.plaza.localeCompare(b.plaza, 'es') || a.plazaId! - b.plazaId!);
  return { desde: q.desde, hasta: q.hasta, general: rowJson(null, ALL_VACANCIES, overall), plazas };
}
