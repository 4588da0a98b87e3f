/**
 * Issue 24, item 4: interview scorecards. After an interview each staff participant rates the
 * candidate (criteria 1–5, the vacancy's or the default set), recommends and comments. Rules,
 * limits, labels and messages for every tier (ADR docs/decisions/2026-11-27-scorecards.md).
 */
import { z } from 'zod';
import { guatemalaToInstant } from './time.js';

/** The criteria of a vacancy without its own list. */
export const DEFAULT_SCORECARD_CRITERIA = [
  'Conocimientos técnicos',
  'Comunicación',
  'Experiencia relevante',
  'Trabajo en equipo',
  'Actitud de servicio',
] as const;

export const SCORECARD_LIMITS = {
  scoreMin: 1,
  scoreMax: 5,
  /** Characters of the comments (after trimming). */
  comments: 2_000,
  /** Criteria a vacancy may define. */
  criteria: 10,
  /** Characters of one criterion's name. */
  criterionName: 80,
} as const;

export const SCORECARD_RECOMMENDATIONS = ['CONTRATAR', 'NO_CONTRATAR', 'DUDOSO'] as const;
export type ScorecardRecommendation = (typeof SCORECARD_RECOMMENDATIONS)[number];
export const SCORECARD_RECOMMENDATION_LABEL: Record<ScorecardRecommendation, string> = {
  CONTRATAR: 'Contratar',
  NO_CONTRATAR: 'No contratar',
  DUDOSO: 'Dudoso',
};
export const isScorecardRecommendation = (v: unknown): v is ScorecardRecommendation =>
  typeof v === 'string' && (SCORECARD_RECOMMENDATIONS as readonly string[]).includes(v);

export const SCORECARD_MESSAGES = {
  title: 'Evaluaciones de la entrevista',
  empty: 'Aún no hay evaluaciones',
  fill: 'Llenar evaluación',
  edit: 'Editar mi evaluación',
  save: 'Guardar evaluación',
  cancel: 'Cancelar',
  saved: 'Evaluación guardada',
  readOnly: 'Solo lectura',
  average: 'Promedio',
  overall: 'Promedio general',
  recommendation: 'Recomendación',
  comments: 'Comentarios',
  criterion: 'Criterio',
  ratingRequired: (criterion: string) => `Califica «${criterion}» del 1 al 5.`,
  ratingInvalid: 'Cada criterio se califica con un número entero del 1 al 5.',
  criteriaMismatch: 'Califica exactamente los criterios de la evaluación.',
  recommendationRequired: 'Elige una recomendación: Contratar, No contratar o Dudoso.',
  commentsTooLong: `Los comentarios no pueden tener más de ${SCORECARD_LIMITS.comments} caracteres.`,
  notStarted: 'La evaluación se habilita cuando inicia la entrevista.',
  notParticipant: 'Solo los participantes de la entrevista pueden llenar su evaluación.',
  notAllowed: 'Tu rol solo permite ver las evaluaciones.',
  interviewNotFound: 'La entrevista no existe.',
  failed: 'No se pudo guardar la evaluación. Inténtalo de nuevo.',
  loadFailed: 'No se pudieron cargar las evaluaciones.',
  criterionEmpty: 'Los criterios no pueden estar vacíos.',
  criterionTooLong: `Cada criterio admite como máximo ${SCORECARD_LIMITS.criterionName} caracteres.`,
  criteriaTooMany: `Una plaza admite como máximo ${SCORECARD_LIMITS.criteria} criterios.`,
  criteriaRepeated: 'Hay criterios repetidos.',
  criteriaFailed: 'No se pudieron guardar los criterios. Inténtalo de nuevo.',
  criteriaTitle: 'Criterios de evaluación de entrevistas',
  criteriaLabel: 'Un criterio por línea',
  criteriaHint: 'Vacío: se usan los criterios predeterminados.',
  criteriaSave: 'Guardar criterios',
  criteriaSaved: 'Criterios guardados',
} as const;

const M = SCORECARD_MESSAGES;

/** A vacancy's own criteria (empty: the default set); trimmed, 1–80 characters, at most 10, no repeats. */
export const scorecardCriteriaSchema = z
  .array(
    z
      .string()
      .transform((s) => s.trim().replace(/\s+/g, ' '))
      .pipe(z.string().min(1, M.criterionEmpty).max(SCORECARD_LIMITS.criterionName, M.criterionTooLong)),
  )
  .max(SCORECARD_LIMITS.criteria, M.criteriaTooMany)
  .refine((l) => new Set(l.map((c) => c.toLocaleLowerCase('es'))).size === l.length, M.criteriaRepeated);

/** The criteria a vacancy's interviews are rated on. */
export const criteriaOf = (own: readonly string[] | null | undefined): string[] =>
  own && own.length > 0 ? [...own] : [...DEFAULT_SCORECARD_CRITERIA];

export interface ScorecardRating {
  criterion: string;
  score: number;
}

export interface ScorecardInput {
  ratings: ScorecardRating[];
  recommendation: ScorecardRecommendation;
  comments: string | null;
}

/** A card for these criteria: each rated once (1–5), a recommendation, optional comments (every problem reported at once). */
export function scorecardSchema(criteria: readonly string[]) {
  return z
    .object(
      { ratings: z.unknown().optional(), recommendation: z.unknown().optional(), comments: z.unknown().optional() },
      { error: M.ratingInvalid },
    )
    .transform((v, ctx): ScorecardInput => {
      const list = Array.isArray(v.ratings) ? (v.ratings as unknown[]) : [];
      if (!Array.isArray(v.ratings)) ctx.addIssue({ code: 'custom', message: M.ratingInvalid, path: ['ratings'] });
      const given = new Map<string, unknown>();
      for (const r of list) {
        const f = (r && typeof r === 'object' ? r : {}) as { criterion?: unknown; score?: unknown };
        given.set(typeof f.criterion === 'string' ? f.criterion.trim() : '', f.score);
      }
      if ([...given.keys()].some((k) => !criteria.includes(k)) || given.size !== list.length)
        ctx.addIssue({ code: 'custom', message: M.criteriaMismatch, path: ['ratings'] });
      const ratings: ScorecardRating[] = [];
      for (const [i, c] of criteria.entries()) {
        const s = given.get(c);
        if (s === undefined || s === null || s === '')
          ctx.addIssue({ code: 'custom', message: M.ratingRequired(c), path: ['ratings', i] });
        else if (
          typeof s !== 'number' ||
          !Number.isInteger(s) ||
          s < SCORECARD_LIMITS.scoreMin ||
          s > SCORECARD_LIMITS.scoreMax
        )
          ctx.addIssue({ code: 'custom', message: M.ratingInvalid, path: ['ratings', i] });
        else ratings.push({ criterion: c, score: s });
      }
      const recommendation = isScorecardRecommendation(v.recommendation) ? v.recommendation : null;
      if (!recommendation)
        ctx.addIssue({ code: 'custom', message: M.recommendationRequired, path: ['recommendation'] });
      let comments: string | null = null;
      if (v.comments !== undefined && v.comments !== null && typeof v.comments !== 'string')
        ctx.addIssue({ code: 'custom', message: M.commentsTooLong, path: ['comments'] });
      else comments = v.comments?.trim() || null;
      if (comments && comments.length > SCORECARD_LIMITS.comments)
        ctx.addIssue({ code: 'custom', message: M.commentsTooLong, path: ['comments'] });
      return { ratings, recommendation: recommendation ?? 'DUDOSO', comments };
    });
}

/** The instant an interview starts (its Guatemala wall-clock date and time). */
export const interviewStartsAt = (date: string, start: string): Date | null => guatemalaToInstant(date, start);
/** The instant an interview ends. */
export const interviewEndsAt = (date: string, end: string): Date | null => guatemalaToInstant(date, end);

/** Cards may be filled once the interview has started. */
export function scorecardOpen(i: { date: string; start: string }, now: Date = new Date()): boolean {
  const at = interviewStartsAt(i.date, i.start);
  return at !== null && at.getTime() <= now.getTime();
}

export interface ScorecardSummary {
  count: number;
  /** Per criterion in the criteria's order; null when no card rated it. */
  criteria: { criterion: string; average: number | null }[];
  /** The average of every rating of every card; null without cards. */
  overall: number | null;
  recommendations: Record<ScorecardRecommendation, number>;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** Averages per criterion and overall (2 decimals), and the count of each recommendation. */
export function summariseScorecards(
  criteria: readonly string[],
  cards: readonly { ratings: readonly ScorecardRating[]; recommendation: ScorecardRecommendation }[],
): ScorecardSummary {
  const recommendations: Record<ScorecardRecommendation, number> = { CONTRATAR: 0, NO_CONTRATAR: 0, DUDOSO: 0 };
  let sum = 0;
  let n = 0;
  const per = new Map<string, { sum: number; n: number }>();
  for (const card of cards) {
    recommendations[card.recommendation]++;
    for (const r of card.ratings) {
      const p = per.get(r.criterion) ?? { sum: 0, n: 0 };
      p.sum += r.score;
      p.n++;
      per.set(r.criterion, p);
      sum += r.score;
      n++;
    }
  }
  // Criteria a card was rated on before the vacancy's list changed still count, after the current ones.
  const names = [...criteria, ...[...per.keys()].filter((k) => !criteria.includes(k))];
  return {
    count: cards.length,
    criteria: names.map((criterion) => {
      const p = per.get(criterion);
      return { criterion, average: p ? round2(p.sum / p.n) : null };
    }),
    overall: n ? round2(sum / n) : null,
    recommendations,
  };
}

/** An average as es-GT writes it ('4.25'), or '—'. */
export const formatScore = (n: number | null | undefined): string =>
  n === null || n === undefined ? '—' : n.toLocaleString('es-GT', { maximumFractionDigits: 2 });
