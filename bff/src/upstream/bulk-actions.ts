import type { BulkTargetState, CandidateListFilter } from '@bolsa/domain';
import { normaliseBulkAnswer, normaliseBulkLimit, type BulkAnswerDto } from '../normalise/bulk-action.js';
import { normaliseBulkTagAnswer, type BulkTagAnswerDto } from '../normalise/bulk-tags.js';
import type { ActorRef } from './candidates.js';
import { failureOf, type Failure } from './failure.js';
import { UpstreamHttpError, type Upstream } from './http.js';

/** The rows ticked, or every row of a list as filtered on screen (the lists' one filter). */
export type BulkSelectionRequest = { ids: string[] } | { filter: CandidateListFilter };

export interface BulkChangeRequest {
  selection: BulkSelectionRequest;
  to: BulkTargetState;
  note: string | null;
  dryRun: boolean;
}

export type BulkChangeResult =
  | { ok: true; answer: BulkAnswerDto }
  | { ok: false; kind: 'too-many'; count: number; message: string | null }
  | { ok: false; kind: 'failed'; failure: Failure };

export interface BulkTagRequest {
  selection: BulkSelectionRequest;
  add: string[];
  remove: string[];
  dryRun: boolean;
}

export type BulkTagResult =
  | { ok: true; answer: BulkTagAnswerDto }
  | { ok: false; kind: 'too-many'; count: number; message: string | null }
  | { ok: false; kind: 'failed'; failure: Failure };

/** Up to 500 rows, each its own transaction and e-mail: far longer than one state change. */
const BULK_TIMEOUT_MS = 120_000;

/** `ids` or `filtro` as the bulk routes read them. */
function selectionBody(s: BulkSelectionRequest) {
  if ('ids' in s) return { ids: s.ids.map(Number) };
  return {
    filtro: {
      lista: s.filter.list === 'inbox' ? 'activos' : 'plaza',
      plazaId: s.filter.vacancyId ?? undefined,
      estado: s.filter.state ?? undefined,
      busqueda: s.filter.search ?? undefined,
      etiquetas: s.filter.tagIds?.length ? s.filter.tagIds.map(Number) : undefined,
    },
  };
}

/** POST /internal/candidatos/cambio-masivo and …/etiquetas-masivo (issue 23): the only code that knows their paths and fields. */
export class BulkActionsClient {
  constructor(private readonly http: Upstream) {}

  async changeState(req: BulkChangeRequest, actor: ActorRef): Promise<BulkChangeResult> {
    const body = {
      ...selectionBody(req.selection),
      nuevoEstado: req.to,
      mensaje: req.note ?? undefined,
      simular: req.dryRun,
      usuarioId: actor.userId ?? undefined,
      rol: actor.role,
    };
    return this.post('/internal/candidatos/cambio-masivo', body, normaliseBulkAnswer);
  }

  /** POST /internal/candidatos/etiquetas-masivo (issue 23): add and remove tags on the selection. */
  async changeTags(req: BulkTagRequest, actor: ActorRef): Promise<BulkTagResult> {
    const body = {
      ...selectionBody(req.selection),
      agregar: req.add.map(Number),
      quitar: req.remove.map(Number),
      simular: req.dryRun,
      usuarioId: actor.userId ?? undefined,
      rol: actor.role,
    };
    return this.post('/internal/candidatos/etiquetas-masivo', body, normaliseBulkTagAnswer);
  }

  /** A bulk action's call: its answer, a selection past the limit, or the api's refusal. */
  private async post<A>(
    path: string,
    body: object,
    normalise: (raw: unknown) => A,
  ): Promise<
    | { ok: true; answer: A }
    | { ok: false; kind: 'too-many'; count: number; message: string | null }
    | { ok: false; kind: 'failed'; failure: Failure }
  > {
    try {
      const raw = await this.http.request(path, { method: 'POST', json: body, timeoutMs: BULK_TIMEOUT_MS });
      return { ok: true, answer: normalise(raw) };
    } catch (err) {
      if (!(err instanceof UpstreamHttpError)) throw err;
      const limit = normaliseBulkLimit(err.body);
      if (limit) return { ok: false, kind: 'too-many', count: limit.count, message: limit.message };
      return { ok: false, kind: 'failed', failure: failureOf(err.status, err.body) };
    }
  }
}
