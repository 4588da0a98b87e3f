import { candidateFileUrl, DOCUMENT_LABEL, type CandidateFileScope } from '@bolsa/domain';
import type { CandidateDocumentKind } from '../generated/resolvers.js';
import { fieldsOf, id, pick, text } from './fields.js';

/** A candidate's stored file as the schema's CandidateFile (CONTRACT.md: one shape for both areas). */
export interface CandidateFileDto {
  id: string;
  kind: CandidateDocumentKind;
  label: string;
  name: string;
  mimeType: string;
  size: number;
  uploadedAt: string | null;
  url: string;
}

const KIND_OF: Record<string, CandidateDocumentKind> = {
  fotografia: 'PHOTO',
  foto: 'PHOTO',
  photo: 'PHOTO',
  curriculum: 'CURRICULUM',
  cv: 'CURRICULUM',
  carta: 'COVER_LETTER',
  cartapresentacion: 'COVER_LETTER',
  cartadepresentacion: 'COVER_LETTER',
  dpi: 'DPI',
  dpiarchivo: 'DPI',
  policiales: 'POLICE_RECORD',
  antecedentespoliciales: 'POLICE_RECORD',
  penales: 'CRIMINAL_RECORD',
  antecedentespenales: 'CRIMINAL_RECORD',
};

export const CANDIDATE_FILE_LABEL: Record<CandidateDocumentKind, string> = {
  PHOTO: 'Fotografía',
  CURRICULUM: DOCUMENT_LABEL.curriculum,
  COVER_LETTER: DOCUMENT_LABEL.carta_presentacion,
  DPI: DOCUMENT_LABEL.dpi,
  POLICE_RECORD: DOCUMENT_LABEL.antecedentes_policiales,
  CRIMINAL_RECORD: DOCUMENT_LABEL.antecedentes_penales,
};

/** The kind of a document type in any spelling ('antecedentes_policiales', 'Policiales', 'CV'). */
export function candidateFileKind(raw: unknown): CandidateDocumentKind | null {
  const t = text(raw);
  if (!t) return null;
  return KIND_OF[t.toLowerCase().replace(/[\s_-]/g, '')] ?? null;
}

/**
 * One file row of the api (id, tipo, nombre|archivo, mime, tamano, fechaSubida) as a
 * CandidateFile whose url is the BFF's authorised route; null for a row without id or kind.
 */
export function normaliseCandidateFile(raw: unknown, scope: CandidateFileScope): CandidateFileDto | null {
  const f = fieldsOf(raw);
  const fileId = id(pick(f, 'id', 'archivoId', 'fileId'));
  const kind = candidateFileKind(pick(f, 'tipo', 'kind', 'type', 'tipoDocumento'));
  if (!fileId || !kind) return null;
  const size = Number(pick(f, 'tamano', 'size', 'tamaño'));
  return {
    id: fileId,
    kind,
    label: CANDIDATE_FILE_LABEL[kind],
    name: text(pick(f, 'nombre', 'archivo', 'name', 'fileName')) ?? CANDIDATE_FILE_LABEL[kind],
    mimeType: text(pick(f, 'mime', 'mimeType', 'contentType')) ?? 'application/octet-stream',
    size: Number.isFinite(size) && size >= 0 ? Math.trunc(size) : 0,
    uploadedAt: text(pick(f, 'fechaSubida', 'creadoEn', 'uploadedAt', 'fecha')),
    url: candidateFileUrl(scope, fileId),
  };
}
