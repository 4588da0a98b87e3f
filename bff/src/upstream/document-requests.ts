import type { DocumentKey } from '@bolsa/domain';
import { FormData } from 'undici';
import { unexpected } from '../errors.js';
import {
  normaliseDocumentRequestAnswer,
  normaliseDocumentRequestView,
  type DocumentRequestDto,
  type DocumentRequestViewDto,
} from '../normalise/document-request.js';
import { refusesSuccess } from '../normalise/write-answer.js';
import type { ActorRef } from './candidates.js';
import { failure, isRecordId, type Failure } from './failure.js';
import type { Upstream } from './http.js';
import { stagedQuery, type StagedFile } from './files.js';

export type RequestDocumentsResult =
  | { ok: true; request: DocumentRequestDto }
  | { ok: false; kind: 'invalid'; message: string | null; fields: { path: string; message: string }[] }
  | { ok: false; kind: 'not-found'; message: string | null }
  | { ok: false; kind: 'failed'; failure: Failure };

export type FulfilResult =
  | { ok: true }
  /** Expired, used, another account's or unknown: the api tells them apart to nobody. */
  | { ok: false; kind: 'invalid-link'; message: string | null }
  | { ok: false; kind: 'invalid'; message: string | null; fields: { path: string; message: string }[] }
  | { ok: false; kind: 'failed'; failure: Failure };

/** The api's field paths → the mutation's arguments. */
const REQUEST_PATHS: Record<string, string> = {
  documentos: 'documents',
  notas: 'comment',
  postulante: 'candidateId',
  'postulante.email': 'candidateId',
};

/** Link tokens as the api issues them (32 random bytes, base64url); anything else is not asked about. */
const isToken = (t: string) => /^[A-Za-z0-9_-]{43}$/.test(t);

/**
 * Document-update requests: POST /email/notificar-documentos (spec 3 §7) and the signed link's
 * extra calls (/internal/solicitudes-documentos/{token}, …/cumplir). The only code that knows their paths,
 * field names and statuses. The link's calls always carry the session's own user id.
 */
export class DocumentRequestsClient {
  constructor(private readonly http: Upstream) {}

  async requestDocuments(
    candidateId: string,
    documents: DocumentKey[],
    comment: string,
    actor: ActorRef,
  ): Promise<RequestDocumentsResult> {
    if (!isRecordId(candidateId)) return { ok: false, kind: 'not-found', message: null };
    const r = await this.http.send('/email/notificar-documentos', {
      method: 'POST',
      json: {
        postulante: { Id: Number(candidateId) },
        documentos: documents,
        notas: comment,
        usuarioId: actor.userId ?? undefined,
        rol: actor.role,
      },
      timeoutMs: 20_000,
    });
    if (!r.ok) {
      if (r.failure.kind === 'invalid')
        return {
          ok: false,
          kind: 'invalid',
          message: r.failure.message,
          fields: (r.failure.fields ?? []).map((f) => ({ path: REQUEST_PATHS[f.path] ?? '', message: f.message })),
        };
      if (r.failure.kind === 'not-found') return { ok: false, kind: 'not-found', message: r.failure.message };
      return { ok: false, kind: 'failed', failure: r.failure };
    }
    const request = normaliseDocumentRequestAnswer(r.value);
    return request ? { ok: true, request } : { ok: false, kind: 'failed', failure: failure('unconfirmed') };
  }

  /** What the link asks for, when it is valid for this user; null otherwise. */
  async view(token: string, userId: string): Promise<DocumentRequestViewDto | null> {
    if (!isToken(token) || !isRecordId(userId)) return null;
    const r = await this.http.send(`/internal/solicitudes-documentos/${token}`, { query: { usuarioId: userId } });
    if (!r.ok) {
      if (r.failure.kind === 'not-found' || r.failure.kind === 'invalid') return null;
      throw unexpected(r.failure);
    }
    return normaliseDocumentRequestView(r.value);
  }

  /** The re-uploaded documents, staged in the api when they were dropped: one id per document key. */
  async fulfil(token: string, userId: string, files: { key: DocumentKey; file: StagedFile }[]): Promise<FulfilResult> {
    if (!isToken(token) || !isRecordId(userId)) return { ok: false, kind: 'invalid-link', message: null };
    const form = new FormData();
    form.append('usuarioId', userId);
    const r = await this.http.send(`/internal/solicitudes-documentos/${token}/cumplir`, {
      method: 'POST',
      query: stagedQuery(files.map(({ key, file }) => [key, file])),
      form,
      timeoutMs: 60_000,
    });
    if (!r.ok) {
      if (r.failure.kind === 'not-found') return { ok: false, kind: 'invalid-link', message: r.failure.message };
      if (r.failure.kind === 'invalid')
        return { ok: false, kind: 'invalid', message: r.failure.message, fields: r.failure.fields ?? [] };
      return { ok: false, kind: 'failed', failure: r.failure };
    }
    return refusesSuccess(r.value) ? { ok: false, kind: 'failed', failure: failure('unconfirmed') } : { ok: true };
  }
}
