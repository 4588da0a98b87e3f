import { candidateFileUrl, type CandidateFileScope } from '@bolsa/domain';
import { fieldsOf, id, pick, text } from './fields.js';

/** CandidateDocumentKind of schema.graphql. */
export type CandidateDocumentKind =
  'PHOTO' | 'CURRICULUM' | 'COVER_LETTER' | 'DPI' | 'POLICE_RECORD' | 'CRIMINAL_RECORD';

/** CandidateFile of schema.graphql: built the same way for the profile and for the pipeline. */
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

export const CANDIDATE_DOCUMENT_LABEL: Record<CandidateDocumentKind, string> = {
  PHOTO: 'Fotografía',
  CURRICULUM: 'Currículum',
  // The application's 'carta' is labelled as the DPI scan (spec 1 §3).
  COVER_LETTER: 'DPI escaneado',
  DPI: 'DPI',
  POLICE_RECORD: 'Antecedentes policiales',
  CRIMINAL_RECORD: 'Antecedentes penales',
};

/** The api's tipo spellings (postulante_archivos, perfil_archivos and the legacy field names). */
const KIND_OF: Record<string, CandidateDocumentKind> = {
  fotografia: 'PHOTO',
  foto: 'PHOTO',
  filefotografia: 'PHOTO',
  photo: 'PHOTO',
  curriculum: 'CURRICULUM',
  cv: 'CURRICULUM',
  hojadevida: 'CURRICULUM',
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

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');

/** The kind of a tipo in any spelling ('Antecedentes_Policiales', 'fotografía'), or null. */
export function documentKindOf(raw: unknown): CandidateDocumentKind | null {
  const t = text(raw);
  if (!t) return null;
  return KIND_OF[fold(t)] ?? null;
}

const MIME_OF_KIND: Record<CandidateDocumentKind, string> = {
  PHOTO: 'image/jpeg',
  CURRICULUM: 'application/pdf',
  COVER_LETTER: 'application/pdf',
  DPI: 'application/pdf',
  POLICE_RECORD: 'application/pdf',
  CRIMINAL_RECORD: 'application/pdf',
};

/**
 * A file record of the api ({ id, tipo, nombre, tipoContenido, tamano, creado_en } or its other spellings)
 * as a CandidateFile whose url is the BFF's authorised route. `scope` says which table the id is
 * of: 'perfil' (a registered candidate's profile file) or 'postulacion' (postulante_archivos).
 * Null when the record has no id or no kind we know.
 */
export function normaliseCandidateFile(raw: unknown, scope: CandidateFileScope): CandidateFileDto | null {
  const f = fieldsOf(raw);
  const fid = id(pick(f, 'id', 'archivoId', 'fileId'));
  const kind = documentKindOf(pick(f, 'tipo', 'type', 'kind', 'tipoDocumento'));
  if (!fid || !kind) return null;
  const size = Number(pick(f, 'tamano', 'tamaño', 'size', 'bytes'));
  return {
    id: fid,
    kind,
    label: CANDIDATE_DOCUMENT_LABEL[kind],
    name: text(pick(f, 'nombre', 'nombreArchivo', 'name', 'originalName')) ?? CANDIDATE_DOCUMENT_LABEL[kind],
    mimeType: text(pick(f, 'tipoContenido', 'mimeType', 'tipoMime')) ?? MIME_OF_KIND[kind],
    size: Number.isFinite(size) && size >= 0 ? Math.trunc(size) : 0,
    uploadedAt: text(pick(f, 'creado_en', 'creadoEn', 'fechaSubida', 'uploadedAt', 'fecha')),
    url: candidateFileUrl(scope, fid),
  };
}
