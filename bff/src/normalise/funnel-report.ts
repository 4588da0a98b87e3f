import { canonicalState, CANDIDATE_STATES, FUNNEL_STEPS, toCalendarDate, type CandidateState } from '@bolsa/domain';
import { fieldsOf, id, listOf, pick, text } from './fields.js';

export interface FunnelStepDto {
  state: CandidateState;
  reached: number;
  conversion: number | null;
  medianDays: number | null;
}

export interface FunnelRowDto {
  vacancyId: string | null;
  vacancyName: string;
  total: number;
  byState: { state: CandidateState; count: number }[];
  steps: FunnelStepDto[];
  hired: number;
  rejected: number;
  medianDaysToHire: number | null;
}

export interface FunnelReportDto {
  from: string;
  to: string;
  overall: FunnelRowDto;
  vacancies: FunnelRowDto[];
}

const count = (v: unknown): number => {
  const n = typeof v === 'string' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) && n >= 0 ? Math.round(n) : 0;
};
const decimal = (v: unknown): number | null => {
  if (v === null || v === undefined || v === '') return null;
  const n = typeof v === 'string' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
};

/** One row of GET /internal/reportes/embudo: every state and every step present, in the domain's order. */
export function normaliseFunnelRow(raw: unknown, fallbackName: string): FunnelRowDto {
  const f = fieldsOf(raw);
  const states = new Map<string, number>();
  for (const s of listOf(pick(f, 'porEstado', 'estados'))) {
    const g = fieldsOf(s);
    const state = canonicalState(pick(g, 'estado', 'state'));
    if (state) states.set(state, (states.get(state) ?? 0) + count(pick(g, 'cantidad', 'count', 'total')));
  }
  const steps = new Map<string, FunnelStepDto>();
  for (const s of listOf(pick(f, 'etapas', 'pasos', 'steps'))) {
    const g = fieldsOf(s);
    const state = canonicalState(pick(g, 'estado', 'state'));
    if (state)
      steps.set(state, {
        state,
        reached: count(pick(g, 'alcanzaron', 'reached')),
        conversion: decimal(pick(g, 'conversion')),
        medianDays: decimal(pick(g, 'medianaDias', 'medianDays')),
      });
  }
  return {
    vacancyId: id(pick(f, 'plazaId', 'vacanteId', 'idPlaza')),
    vacancyName: text(pick(f, 'plaza', 'nombrePlaza', 'nombreVacante', 'nombre')) ?? fallbackName,
    total: count(pick(f, 'total')),
    byState: CANDIDATE_STATES.map((s) => ({ state: s, count: states.get(s) ?? 0 })),
    steps: FUNNEL_STEPS.map((s) => steps.get(s) ?? { state: s, reached: 0, conversion: null, medianDays: null }),
    hired: count(pick(f, 'contratados', 'hired')),
    rejected: count(pick(f, 'rechazados', 'rejected')),
    medianDaysToHire: decimal(pick(f, 'medianaDiasContratacion', 'medianDaysToHire')),
  };
}

export function normaliseFunnelReport(raw: unknown, asked: { from: string; to: string }): FunnelReportDto {
  const f = fieldsOf(raw);
  return {
    from: toCalendarDate(pick(f, 'desde', 'from')) ?? asked.from,
    to: toCalendarDate(pick(f, 'hasta', 'to')) ?? asked.to,
    overall: { ...normaliseFunnelRow(pick(f, 'general', 'overall'), 'Todas las plazas'), vacancyId: null },
    vacancies: listOf(pick(f, 'plazas', 'vacantes'))
      .map((r) => normaliseFunnelRow(r, 'Sin definir'))
      .filter((r) => r.vacancyId !== null),
  };
}
