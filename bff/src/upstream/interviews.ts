import type { CandidateState } from '@bolsa/domain';
import { unexpected } from '../errors.js';
import {
  normaliseInterviewList,
  normaliseScheduleAnswer,
  normaliseScheduleRefusal,
  type InterviewDto,
} from '../normalise/interview.js';
import { stateRefusalBody } from '../normalise/state-refusal.js';
import type { ActorRef } from './candidates.js';
import { failureOf, isRecordId, type Failure } from './failure.js';
import { UpstreamHttpError, type Upstream } from './http.js';

export interface ScheduleRequest {
  candidateId: string;
  candidateName: string;
  candidateEmail: string;
  mode: 'VIRTUAL' | 'PRESENCIAL';
  date: string;
  from: string;
  to: string;
  participants: string[];
  observations: string | null;
  branchId: string | null;
  address: string | null;
  room: string | null;
  interviewer: string | null;
  organiserEmail: string;
}

export type ScheduleResult =
  | { ok: true; interview: InterviewDto | null; meetingLink: string | null }
  | { ok: false; kind: 'invalid'; message: string; field: string | null }
  | { ok: false; kind: 'unauthorised'; title: string; message: string }
  | { ok: false; kind: 'not-found'; message: string | null }
  | { ok: false; kind: 'not-allowed'; message: string; state: CandidateState | null; allowed: CandidateState[] }
  | { ok: false; kind: 'meeting'; message: string; details: string | null }
  | { ok: false; kind: 'failed'; failure: Failure };

/** /entrevista/*: interviews of spec 3 §2.5 and §7. */
export class InterviewsClient {
  constructor(private readonly http: Upstream) {}

  /** POST /entrevista/crear-reunion-teams or crear-entrevista-presencial (time-out 60 s, spec 3 §9). */
  async schedule(r: ScheduleRequest, actor: ActorRef): Promise<ScheduleResult> {
    const path = r.mode === 'VIRTUAL' ? '/entrevista/crear-reunion-teams' : '/entrevista/crear-entrevista-presencial';
    let raw: unknown;
    try {
      raw = await this.http.request(path, {
        method: 'POST',
        timeoutMs: 60_000,
        json: {
          candidatoId: r.candidateId,
          candidatoNombre: r.candidateName,
          candidatoEmail: r.candidateEmail,
          fechaEntrevista: r.date,
          horaInicio: r.from,
          horaFin: r.to,
          participantes: r.participants,
          observaciones: r.observations ?? undefined,
          organizadorEmail: r.organiserEmail,
          ...(r.mode === 'PRESENCIAL'
            ? {
                sede: r.branchId ?? undefined,
                direccion: r.address ?? undefined,
                sala: r.room ?? undefined,
                entrevistador: r.interviewer ?? undefined,
              }
            : {}),
          usuarioId: actor.userId ?? undefined,
          rol: actor.role,
        },
      });
    } catch (err) {
      if (!(err instanceof UpstreamHttpError)) throw err;
      const { message, details, field, title } = normaliseScheduleRefusal(err.body);
      const refusal = stateRefusalBody(err.body);
      if (err.status === 400 && refusal.coded)
        return {
          ok: false,
          kind: 'not-allowed',
          message: message ?? '',
          state: refusal.state,
          allowed: refusal.allowed,
        };
      if (err.status === 400 && message) return { ok: false, kind: 'invalid', message, field };
      if (err.status === 403 && title) return { ok: false, kind: 'unauthorised', title, message: details ?? '' };
      if (err.status === 403)
        return { ok: false, kind: 'not-allowed', message: message ?? '', state: null, allowed: [] };
      if (err.status === 404) return { ok: false, kind: 'not-found', message };
      if (err.status === 424 && message) return { ok: false, kind: 'meeting', message, details };
      return { ok: false, kind: 'failed', failure: failureOf(err.status, err.body) };
    }
    return { ok: true, ...normaliseScheduleAnswer(raw) };
  }

  /** GET /internal/entrevista/postulante/{id}: newest first. */
  async forCandidate(candidateId: string): Promise<InterviewDto[]> {
    if (!isRecordId(candidateId)) return [];
    const r = await this.http.send(`/internal/entrevista/postulante/${candidateId}`);
    if (!r.ok) {
      if (r.failure.kind === 'not-found' || r.failure.kind === 'refused') return [];
      throw unexpected(r.failure);
    }
    return normaliseInterviewList(r.value);
  }
}
