import type { DocumentType } from '@bolsa/domain';
import type { CandidateDocumentKind } from './candidate-file.js';
import { fieldsOf, id, listOf, pick, text } from './fields.js';

/** The spec's document keys (spec 3 §3 'Document types') ↔ CandidateDocumentKind. The photo has no key. */
export const DOCUMENT_KEY_OF: Partial<Record<CandidateDocumentKind, DocumentType>> = {
  CURRICULUM: 'curriculum',
  COVER_LETTER: 'carta_presentacion',
  DPI: 'dpi',
  POLICE_RECORD: 'antecedentes_policiales',
  CRIMINAL_RECORD: 'antecedentes_penales',
};

const KIND_OF_KEY: Record<string, CandidateDocumentKind> = {
  curriculum: 'CURRICULUM',
  cv: 'CURRICULUM',
  cartapresentacion: 'COVER_LETTER',
  carta: 'COVER_LETTER',
  dpi: 'DPI',
  antecedentespoliciales: 'POLICE_RECORD',
  policiales: 'POLICE_RECORD',
  antecedentespenales: 'CRIMINAL_RECORD',
  penales: 'CRIMINAL_RECORD',
};

/** A document key in any spelling ('antecedentes_policiales', 'AntecedentesPoliciales'), or null. */
export function documentKindOfKey(raw: unknown): CandidateDocumentKind | null {
  const t = text(raw);
  return t ? (KIND_OF_KEY[t.toLowerCase().replace(/[^a-z]/g, '')] ?? null) : null;
}

const kinds = (raw: unknown): CandidateDocumentKind[] => [
  ...new Set(
    listOf(raw)
      .map(documentKindOfKey)
      .filter((k): k is CandidateDocumentKind => k !== null),
  ),
];

/** DocumentRequest of schema.graphql; `requestedById` is resolved to a name by the resolver. */
export interface DocumentRequestDto {
  id: string;
  candidateId: string;
  documents: CandidateDocumentKind[];
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
  documents: CandidateDocumentKind[];
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
