import { unexpected } from '../errors.js';
import {
  normaliseCandidateScorecards,
  normaliseCriteria,
  normaliseScorecardAnswer,
  type InterviewScorecardsDto,
  type ScorecardDto,
} from '../normalise/scorecard.js';
import type { ActorRef } from './candidates.js';
import { failure, isRecordId, type Failure } from './failure.js';
import type { Upstream } from './http.js';

export type ScorecardResult =
  { ok: true; value: { card: ScorecardDto; candidateId: string } } | { ok: false; failure: Failure };

export interface ScorecardSubmission {
  interviewId: string;
  ratings: { criterion: string; score: number }[];
  recommendation: string;
  comments: string | null;
}

/**
 * Interview scorecards (issue 24): the only code that knows their api paths
 * (/internal/candidatos/{id}/evaluaciones, /internal/entrevistas/{id}/evaluacion).
 */
export class ScorecardsClient {
  constructor(private readonly http: Upstream) {}

  /** Each interview of the candidate with its cards; [] when there is none or no such candidate. */
  async forCandidate(candidateId: string): Promise<InterviewScorecardsDto[]> {
    if (!isRecordId(candidateId)) return [];
    const r = await this.http.send(`/internal/candidatos/${candidateId}/evaluaciones`);
    if (r.ok) return normaliseCandidateScorecards(r.value);
    if (r.failure.kind === 'not-found' || r.failure.kind === 'invalid' || r.failure.kind === 'refused') return [];
    throw unexpected(r.failure);
  }

  async submit(s: ScorecardSubmission, actor: ActorRef): Promise<ScorecardResult> {
    if (!isRecordId(s.interviewId)) return { ok: false, failure: failure('not-found') };
    const r = await this.http.send(`/internal/entrevistas/${s.interviewId}/evaluacion`, {
      method: 'POST',
      json: {
        calificaciones: s.ratings.map((x) => ({ criterio: x.criterion, puntaje: x.score })),
        recomendacion: s.recommendation,
        comentarios: s.comments,
        usuarioId: actor.userId ?? undefined,
        rol: actor.role,
      },
    });
    if (!r.ok) return r;
    const value = normaliseScorecardAnswer(r.value);
    return value ? { ok: true, value } : { ok: false, failure: failure('unconfirmed') };
  }
}

/** A vacancy's scorecard criteria (issue 24): /internal/plazas/{id}/criterios-evaluacion. */
export class VacancyCriteriaClient {
  constructor(private readonly http: Upstream) {}

  /** The vacancy's own criteria ([] = the default set); null when there is no such vacancy. */
  async get(vacancyId: string): Promise<string[] | null> {
    if (!isRecordId(vacancyId)) return null;
    const r = await this.http.send(`/internal/plazas/${vacancyId}/criterios-evaluacion`);
    if (r.ok) return normaliseCriteria(r.value);
    if (r.failure.kind === 'not-found' || r.failure.kind === 'invalid') return null;
    throw unexpected(r.failure);
  }

  async set(
    vacancyId: string,
    criteria: string[],
    actor: ActorRef,
  ): Promise<{ ok: true; value: string[] } | { ok: false; failure: Failure }> {
    if (!isRecordId(vacancyId)) return { ok: false, failure: failure('not-found') };
    const r = await this.http.send(`/internal/plazas/${vacancyId}/criterios-evaluacion`, {
      method: 'POST',
      json: { criterios: criteria, usuarioId: actor.userId ?? undefined, rol: actor.role },
    });
    if (!r.ok) return r;
    const value = normaliseCriteria(r.value);
    return value ? { ok: true, value } : { ok: false, failure: failure('unconfirmed') };
  }
}
