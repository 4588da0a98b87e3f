import type { AssignedTestState, CandidateState } from '@bolsa/domain';
import {
  normaliseAssignedTestAnswer,
  normaliseAssignedTestList,
  type AssignedTestDto,
} from '../normalise/assigned-test.js';
import type { CandidateDto } from '../normalise/candidate.js';
import { normaliseStateChange } from '../normalise/state-change.js';
import { stateRefusalBody } from '../normalise/state-refusal.js';
import type { ActorRef } from './candidates.js';
import { failed, failure, failureOf, isRecordId, success, type Failure, type Result } from './failure.js';
import { UpstreamHttpError, type Upstream } from './http.js';

export interface AssignRequest {
  candidateId: string;
  templateId: string;
  deadline: string;
  credentials: string | null;
  observations: string | null;
}

/** A call that moves the candidate: done, refused by the flow (with the state), or failed. */
export type MoveResult =
  | { ok: true; candidate: CandidateDto | null; emailQueued: boolean }
  | { ok: false; kind: 'not-allowed'; message: string | null; state: CandidateState | null; allowed: CandidateState[] }
  | { ok: false; kind: 'failed'; failure: Failure };

const actorFields = (a: ActorRef) => ({ usuarioId: a.userId ?? undefined, rol: a.role });

/**
 * Pruebas del postulante (spec 3 §7: /pruebas/postulante/{id}, /pruebas/asignar-simple,
 * /pruebas/postulante-pruebas/{id}[/eliminar], /email/enviar-pruebas) and the confirmation
 * (/internal/pruebas/postulante/{id}/confirmar): the only code that knows their paths and field names.
 */
export class AssignedTestsClient {
  constructor(private readonly http: Upstream) {}

  /** The candidate's tests; an unknown candidate has none. */
  async list(candidateId: string): Promise<AssignedTestDto[]> {
    if (!isRecordId(candidateId)) return [];
    const r = await this.http.send(`/pruebas/postulante/${candidateId}`, { timeoutMs: 10_000 });
    if (!r.ok) {
      if (r.failure.kind === 'not-found' || r.failure.kind === 'invalid') return [];
      return [];
    }
    return normaliseAssignedTestList(r.value);
  }

  private one(raw: unknown): Result<AssignedTestDto> {
    const t = normaliseAssignedTestAnswer(raw);
    return t ? success(t) : failed(failure('unconfirmed'));
  }

  async assign(a: AssignRequest, actor: ActorRef): Promise<Result<AssignedTestDto>> {
    if (!isRecordId(a.candidateId)) return failed(failure('not-found'));
    const r = await this.http.send('/pruebas/asignar-simple', {
      method: 'POST',
      json: {
        PostulanteId: Number(a.candidateId),
        TemplateId: isRecordId(a.templateId) ? Number(a.templateId) : a.templateId,
        FechaLimite: a.deadline,
        Observaciones: a.observations ?? '',
        CredencialesAcceso: a.credentials ?? '',
        ...actorFields(actor),
      },
    });
    return r.ok ? this.one(r.value) : r;
  }

  async setState(testId: string, state: AssignedTestState, actor: ActorRef): Promise<Result<AssignedTestDto>> {
    if (!isRecordId(testId)) return failed(failure('not-found'));
    const r = await this.http.send(`/pruebas/postulante-pruebas/${testId}`, {
      method: 'POST',
      json: {
        Estado: state,
        FechaCompletada: state === 'COMPLETADA' ? new Date().toISOString() : null,
        Resultado: '',
        ...actorFields(actor),
      },
    });
    return r.ok ? this.one(r.value) : r;
  }

  async recordResult(
    testId: string,
    result: { text: string | null; score: number | null },
    actor: ActorRef,
  ): Promise<Result<AssignedTestDto>> {
    if (!isRecordId(testId)) return failed(failure('not-found'));
    const r = await this.http.send(`/pruebas/postulante-pruebas/${testId}`, {
      method: 'POST',
      json: {
        ...(result.text ? { Resultado: result.text } : { limpiarResultado: true }),
        Puntaje: result.score,
        ...actorFields(actor),
      },
    });
    return r.ok ? this.one(r.value) : r;
  }

  async delete(testId: string, actor: ActorRef): Promise<Result<true>> {
    if (!isRecordId(testId)) return failed(failure('not-found'));
    const r = await this.http.send(`/pruebas/postulante-pruebas/${testId}/eliminar`, {
      method: 'POST',
      json: actorFields(actor),
    });
    return r.ok ? success(true) : r;
  }

  /** POST /email/enviar-pruebas: every ASIGNADA test by e-mail; the candidate → pre-pruebas. */
  send(candidateId: string, observations: string | null, actor: ActorRef): Promise<MoveResult> {
    return this.move('/email/enviar-pruebas', candidateId, {
      postulante: { Id: Number(candidateId) },
      observacionesAdicionales: observations ?? '',
      ...actorFields(actor),
    });
  }

  /** 'Confirmar pruebas completadas': the candidate → post-pruebas with its e-mail. */
  confirm(candidateId: string, actor: ActorRef): Promise<MoveResult> {
    return this.move(`/internal/pruebas/postulante/${candidateId}/confirmar`, candidateId, actorFields(actor));
  }

  private async move(path: string, candidateId: string, body: object): Promise<MoveResult> {
    if (!isRecordId(candidateId)) return { ok: false, kind: 'failed', failure: failure('not-found') };
    let raw: unknown;
    try {
      raw = await this.http.request(path, { method: 'POST', json: body, timeoutMs: 20_000 });
    } catch (err) {
      if (!(err instanceof UpstreamHttpError)) throw err;
      const fail = failureOf(err.status, err.body);
      const refusal = stateRefusalBody(err.body);
      // A refusal of the flow names the candidate's state; other 400s are the input's problem.
      if ((err.status === 400 || err.status === 403 || err.status === 409) && refusal.listsAllowed)
        return {
          ok: false,
          kind: 'not-allowed',
          message: refusal.detail ?? fail.message,
          state: refusal.state,
          allowed: refusal.allowed,
        };
      return { ok: false, kind: 'failed', failure: fail };
    }
    return { ok: true, ...normaliseStateChange(raw) };
  }
}
