import {
  ACTIVE_STATES,
  CANDIDATE_STATES,
  searchKey,
  TERMINAL_STATES,
  type CandidateState,
  type RoleId,
} from '@bolsa/domain';
import { unexpected } from '../errors.js';
import { normaliseCandidate, type CandidateDto } from '../normalise/candidate.js';
import { normaliseCandidateList, normaliseCandidatePage, type CandidateListPage } from '../normalise/candidate-page.js';
import { normaliseStateChange } from '../normalise/state-change.js';
import { stateRefusalBody } from '../normalise/state-refusal.js';
import { emptyTimeline, normaliseTimeline, type TimelineDto } from '../normalise/timeline.js';
import { failureOf, isRecordId, type Failure } from './failure.js';
import { UpstreamHttpError, type Upstream } from './http.js';

export type CandidateSortField = 'NAME' | 'APPLIED_AT' | 'STATE';
const SORT_PARAM: Record<CandidateSortField, string> = { NAME: 'name', APPLIED_AT: 'appliedAt', STATE: 'state' };

export interface CandidateListQuery {
  /** ACTIVE: the inbox; HISTORY: hired and rejected; VACANCY: one vacancy's candidates. */
  list: 'ACTIVE' | 'HISTORY' | 'VACANCY';
  page: number;
  pageSize: number;
  /** A tab (one state); null: every state of the list. */
  state?: CandidateState | null;
  search?: string | null;
  vacancyId?: string;
  /** History only: in name/e-mail, in the position. */
  candidateSearch?: string | null;
  positionSearch?: string | null;
  /** Issue 23: candidates carrying every one of these tags. */
  tagIds?: readonly string[] | null;
  sort?: { field: CandidateSortField; direction: 'ASC' | 'DESC' } | null;
}

/** Who acts, as the api's extra body fields. */
export interface ActorRef {
  userId: string | null;
  role: RoleId;
}

export interface StateChangeRequest {
  to: CandidateState;
  expected?: CandidateState | null;
  note?: string | null;
  hire?: { date: string; time: string; place: string } | null;
  force?: boolean;
}

export type StateChangeResult =
  | { ok: true; candidate: CandidateDto | null; emailQueued: boolean }
  | { ok: false; kind: 'not-found'; message: string | null }
  | { ok: false; kind: 'not-allowed'; message: string | null; state: CandidateState | null; allowed: CandidateState[] }
  | { ok: false; kind: 'email-not-queued'; message: string | null }
  | { ok: false; kind: 'failed'; failure: Failure };

/**
 * Candidatos (spec 3 §7): the only code that knows the pipeline's REST paths, query parameters and
 * statuses (normalise/ reads the answers). Lists are asked one page at a time (the paging contract); an api that answers the
 * documented bare array is paged here.
 */
export class CandidatesClient {
  constructor(private readonly http: Upstream) {}

  async list(q: CandidateListQuery): Promise<CandidateListPage> {
    const listStates: readonly CandidateState[] =
      q.list === 'ACTIVE' ? ACTIVE_STATES : q.list === 'HISTORY' ? TERMINAL_STATES : CANDIDATE_STATES;
    const path =
      q.list === 'ACTIVE'
        ? '/candidatos/lista'
        : q.list === 'HISTORY'
          ? `/candidatos/por-estado/${q.state === 'rechazado' ? 'rechazado' : 'contratado'}`
          : `/candidatos/por-plaza/${q.vacancyId}`;
    if (q.list === 'VACANCY' && !isRecordId(q.vacancyId))
      return {
        items: [],
        totalCount: 0,
        page: 1,
        pageSize: q.pageSize,
        counts: new Map(),
        allCount: 0,
        tagCounts: new Map(),
      };
    const raw = await this.http.read(path, {
      query: {
        page: q.page,
        pageSize: q.pageSize,
        search: q.search?.trim() || undefined,
        estado: q.list === 'HISTORY' ? undefined : (q.state ?? undefined),
        tab: q.list === 'HISTORY' ? (q.state ?? 'todos') : undefined,
        candidato: q.candidateSearch?.trim() || undefined,
        puesto: q.positionSearch?.trim() || undefined,
        etiquetas: q.tagIds?.length ? q.tagIds.join(',') : undefined,
        sort: q.sort ? SORT_PARAM[q.sort.field] : undefined,
        order: q.sort ? (q.sort.direction === 'ASC' ? 'asc' : 'desc') : undefined,
      },
    });
    return normaliseCandidatePage(raw, listStates, q) ?? this.pageLocally(normaliseCandidateList(raw), q, listStates);
  }

  /** For an api that answers only the documented arrays: filter, count and page here. */
  private pageLocally(all: CandidateDto[], q: CandidateListQuery, listStates: readonly CandidateState[]) {
    const words = (s: string | null | undefined) => searchKey(s).split(/\s+/).filter(Boolean);
    const has = (hay: string, ws: string[]) => ws.every((w) => hay.includes(w));
    const who = (c: CandidateDto) => searchKey(`${c.fullName} ${c.email ?? ''}`);
    const position = (c: CandidateDto) => searchKey(c.vacancies.map((v) => v.name).join(' '));
    let list = all.filter((c) => listStates.includes(c.state));
    if (q.search) list = list.filter((c) => has(`${who(c)} ${position(c)}`, words(q.search)));
    if (q.candidateSearch) list = list.filter((c) => has(who(c), words(q.candidateSearch)));
    if (q.positionSearch) list = list.filter((c) => has(position(c), words(q.positionSearch)));
    // An api that answers bare lists has no tags: nobody carries the asked ones.
    if (q.tagIds?.length) list = [];
    const counts = new Map<CandidateState, number>(listStates.map((s) => [s, 0]));
    for (const c of list) counts.set(c.state, (counts.get(c.state) ?? 0) + 1);
    if (q.state) list = list.filter((c) => c.state === q.state);
    const last = Math.max(1, Math.ceil(list.length / q.pageSize));
    const page = Math.min(Math.max(q.page, 1), last);
    return {
      items: list.slice((page - 1) * q.pageSize, page * q.pageSize),
      totalCount: list.length,
      page,
      pageSize: q.pageSize,
      counts,
      allCount: [...counts.values()].reduce((a, b) => a + b, 0),
      // A bare list knows nothing of tags (an api without them): no counts.
      tagCounts: new Map<string, number>(),
    };
  }

  /** GET /candidatos/detalle/{id}; null when there is none. */
  async get(candidateId: string): Promise<CandidateDto | null> {
    if (!isRecordId(candidateId)) return null;
    const r = await this.http.send(`/candidatos/detalle/${candidateId}`);
    if (r.ok) return normaliseCandidate(r.value, { detail: true });
    if (r.failure.kind === 'not-found' || r.failure.kind === 'invalid') return null;
    throw unexpected(r.failure);
  }

  /** GET /internal/candidatos/{id}/linea-de-tiempo: history rows, e-mails with delivery status, file openings. */
  async timeline(candidateId: string): Promise<TimelineDto> {
    if (!isRecordId(candidateId)) return emptyTimeline();
    const r = await this.http.send(`/internal/candidatos/${candidateId}/linea-de-tiempo`);
    // An api without the timeline (404/405) shows an empty one rather than failing the detail.
    if (!r.ok) {
      if (['not-found', 'refused', 'invalid'].includes(r.failure.kind)) return emptyTimeline();
      throw unexpected(r.failure);
    }
    return normaliseTimeline(r.value);
  }

  /** POST /candidatos/cambiar-estado/{id} with the actor and the expected state (extra fields). */
  changeState(candidateId: string, change: StateChangeRequest, actor: ActorRef): Promise<StateChangeResult> {
    return this.stateCall(`/candidatos/cambiar-estado/${candidateId}`, candidateId, {
      nuevoEstado: change.to,
      estadoActual: change.expected ?? undefined,
      mensaje: change.note ?? undefined,
      fechaContratacion: change.hire?.date,
      horaContratacion: change.hire?.time,
      lugarContratacion: change.hire?.place,
      forzar: change.force ? true : undefined,
      usuarioId: actor.userId ?? undefined,
      rol: actor.role,
    });
  }

  /** POST /candidatos/reactivar/{id}: back to the state held before the rejection. */
  reactivate(candidateId: string, actor: ActorRef): Promise<StateChangeResult> {
    return this.stateCall(`/candidatos/reactivar/${candidateId}`, candidateId, {
      usuarioId: actor.userId ?? undefined,
      rol: actor.role,
    });
  }

  private async stateCall(path: string, candidateId: string, body: object): Promise<StateChangeResult> {
    if (!isRecordId(candidateId)) return { ok: false, kind: 'not-found', message: null };
    let raw: unknown;
    try {
      raw = await this.http.request(path, { method: 'POST', json: body, timeoutMs: 20_000 });
    } catch (err) {
      if (!(err instanceof UpstreamHttpError)) throw err;
      const failure = failureOf(err.status, err.body);
      if (failure.kind === 'not-found') return { ok: false, kind: 'not-found', message: failure.message };
      if (failure.code === 'correo_no_encolado')
        return { ok: false, kind: 'email-not-queued', message: failure.message };
      if (err.status === 400 || err.status === 403 || err.status === 409) {
        const refusal = stateRefusalBody(err.body);
        // 400 with no state named: the api's own validation (a bad date), not a refusal of the flow.
        if (refusal.state || err.status !== 400)
          return {
            ok: false,
            kind: 'not-allowed',
            message: refusal.detail ?? failure.message,
            state: refusal.state,
            allowed: refusal.allowed,
          };
      }
      return { ok: false, kind: 'failed', failure };
    }
    return { ok: true, ...normaliseStateChange(raw) };
  }

  /** POST /candidatos/{id}: deletes the candidate, files and queued e-mails. */
  async delete(candidateId: string): Promise<{ ok: true } | { ok: false; failure: Failure }> {
    if (!isRecordId(candidateId)) return { ok: false, failure: failureOf(404, null) };
    const r = await this.http.send(`/candidatos/${candidateId}`, { method: 'POST' });
    return r.ok ? { ok: true } : { ok: false, failure: r.failure };
  }
}
