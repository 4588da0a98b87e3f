import {
  isScorecardRecommendation,
  summariseScorecards,
  type ScorecardRecommendation,
  type ScorecardSummary,
} from '@bolsa/domain';
import { fieldsOf, id, listOf, pick, text } from './fields.js';

/** A scorecard of the api (issue 24), in the schema's names. */
export interface ScorecardDto {
  id: string;
  interviewId: string;
  authorId: string | null;
  author: string | null;
  ratings: { criterion: string; score: number }[];
  recommendation: ScorecardRecommendation;
  comments: string | null;
  createdAt: string;
  editedAt: string | null;
}

/** An interview's cards with what the detail needs to show and offer them. */
export interface InterviewScorecardsDto {
  interviewId: string;
  criteria: string[];
  /** Staff user ids who may fill a card. */
  evaluators: string[];
  open: boolean;
  scorecards: ScorecardDto[];
  summary: ScorecardSummary;
}

export function normaliseScorecard(raw: unknown): ScorecardDto | null {
  const f = fieldsOf(raw);
  const key = id(pick(f, 'id'));
  const interviewId = id(pick(f, 'entrevistaId'));
  const recommendation = text(pick(f, 'recomendacion'));
  if (!key || !interviewId || !isScorecardRecommendation(recommendation)) return null;
  return {
    id: key,
    interviewId,
    authorId: id(pick(f, 'usuarioId')),
    author: text(pick(f, 'autor')),
    ratings: listOf(pick(f, 'calificaciones')).flatMap((r) => {
      const g = fieldsOf(r);
      const criterion = text(pick(g, 'criterio'));
      const score = Number(pick(g, 'puntaje'));
      return criterion && Number.isInteger(score) ? [{ criterion, score }] : [];
    }),
    recommendation,
    comments: text(pick(f, 'comentarios')),
    createdAt: text(pick(f, 'creadoEn')) ?? '',
    editedAt: text(pick(f, 'editadoEn')),
  };
}

const strings = (raw: unknown): string[] => listOf(raw).flatMap((v) => (typeof v === 'string' ? [v] : []));

/** GET /internal/candidatos/{id}/evaluaciones → each interview's cards; the summary recomputed by the domain. */
export function normaliseCandidateScorecards(raw: unknown): InterviewScorecardsDto[] {
  return listOf(pick(fieldsOf(raw), 'entrevistas')).flatMap((e) => {
    const f = fieldsOf(e);
    const interviewId = id(pick(f, 'entrevistaId'));
    if (!interviewId) return [];
    const criteria = strings(pick(f, 'criterios'));
    const scorecards = listOf(pick(f, 'evaluaciones')).flatMap((c) => {
      const n = normaliseScorecard(c);
      return n ? [n] : [];
    });
    return [
      {
        interviewId,
        criteria,
        evaluators: listOf(pick(f, 'evaluadores')).flatMap((u) => {
          const i = id(u);
          return i ? [i] : [];
        }),
        open: pick(f, 'iniciada') === true,
        scorecards,
        summary: summariseScorecards(
          criteria,
          scorecards.map((s) => ({ ratings: s.ratings, recommendation: s.recommendation })),
        ),
      },
    ];
  });
}

/** POST …/evaluacion → the saved card and its candidate. */
export function normaliseScorecardAnswer(raw: unknown): { card: ScorecardDto; candidateId: string } | null {
  const f = fieldsOf(raw);
  const card = normaliseScorecard(pick(f, 'evaluacion'));
  const candidateId = id(pick(f, 'postulanteId'));
  return card && candidateId ? { card, candidateId } : null;
}

/** `{ criterios: [...] }` → the list; null when the answer has none. */
export function normaliseCriteria(raw: unknown): string[] | null {
  const list = pick(fieldsOf(raw), 'criterios');
  return Array.isArray(list) ? list.flatMap((v) => (typeof v === 'string' && v.trim() ? [v.trim()] : [])) : null;
}
