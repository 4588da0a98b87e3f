import { requestedKinds, type RequestableKind } from '@bolsa/domain';
import { fieldsOf, id, listOf, pick, text } from './fields.js';

/** The requested documents in any spelling (domain document-kinds.ts), each once: 'carta_presentacion' and 'dpi' are one. */
const kinds = (raw: unknown): RequestableKind[] => requestedKinds(listOf(raw).map(text));

/** DocumentRequest of schema.graphql; `requestedById` is resolved to a name by the resolver. */
export interface DocumentRequestDto {
  id: string;
  candidateId: string;
  documents: RequestableKind[];
  comment: string;
  requestedAt: string;
  requestedById: string | null;
  expiresAt: string;
  fulfilledAt: string | null;
}

/** The api's solicitud ({ id, postulanteId, documentos, comentario, solicitadoEn, expiraEn, cumplidaEn }). */
export function normaliseDocumentRequest(raw: unknown): DocumentRequestDto | null {
  const f = fieldsOf(raw);
  const rid = id(pick(f, 'id', 'solicitudId'));
  const candidateId = id(pick(f, 'postulanteId', 'candidatoId', 'candidateId'));
  if (!rid || !candidateId) return null;
  return {
    id: rid,
    candidateId,
    documents: kinds(pick(f, 'documentos', 'documents')),
    comment: text(pick(f, 'comentario', 'notas', 'comment')) ?? '',
    requestedAt: text(pick(f, 'solicitadoEn', 'fecha', 'requestedAt')) ?? '',
    requestedById: id(pick(f, 'solicitadoPor', 'usuarioId', 'requestedBy')),
    expiresAt: text(pick(f, 'expiraEn', 'expiresAt')) ?? '',
    fulfilledAt: text(pick(f, 'cumplidaEn', 'fulfilledAt')),
  };
}

/** DocumentRequestView of schema.graphql. */
export interface DocumentRequestViewDto {
  id: string;
  documents: RequestableKind[];
  comment: string;
  vacancyName: string | null;
  expiresAt: string;
  fulfilled: boolean;
}

export function normaliseDocumentRequestView(raw: unknown): DocumentRequestViewDto | null {
  const f = fieldsOf(raw);
  const rid = id(pick(f, 'id', 'solicitudId'));
  if (!rid) return null;
  const fulfilled = pick(f, 'cumplida', 'fulfilled');
  return {
    id: rid,
    documents: kinds(pick(f, 'documentos', 'documents')),
    comment: text(pick(f, 'comentario', 'notas', 'comment')) ?? '',
    vacancyName: text(pick(f, 'nombrePlaza', 'plaza', 'vacancyName')),
    expiresAt: text(pick(f, 'expiraEn', 'expiresAt')) ?? '',
    fulfilled: fulfilled === true || fulfilled === 'true' || fulfilled === 1,
  };
}

/**
 * POST /email/notificar-documentos: the request under `solicitud`; null when the api says
 * `success: false` or sent no request.
 */
export function normaliseDocumentRequestAnswer(raw: unknown): DocumentRequestDto | null {
  const f = fieldsOf(raw);
  return pick(f, 'success') === false ? null : normaliseDocumentRequest(pick(f, 'solicitud'));
}
