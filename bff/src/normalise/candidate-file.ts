import {
  candidateFileUrl,
  DOCUMENT_KIND_INFO,
  documentKindOf,
  SNIFFED_MIME,
  type CandidateFileScope,
  type DocumentKind,
} from '@bolsa/domain';
import { fieldsOf, id, pick, text } from './fields.js';

/**
 * The kind a CandidateFile has: a document of the domain's vocabulary (document-kinds.ts). The
 * schema's enum also has COVER_LETTER, which is read as DPI and never answered.
 */
export type CandidateDocumentKind = DocumentKind;

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

/** When the api gives no type: a photo is most likely a JPEG, a document is a PDF. */
const mimeOfKind = (kind: DocumentKind): string => (kind === 'PHOTO' ? SNIFFED_MIME.jpeg : SNIFFED_MIME.pdf);

/**
 * A file record of the api ({ id, tipo, nombre, tipoContenido, tamano, creado_en } or its other spellings)
 * as a CandidateFile whose url is the BFF's authorised route. `scope` says which table the id is
 * of: 'perfil' (a registered candidate's profile file) or 'postulacion' (postulante_archivos).
 * Null when the record has no id or no kind we know.
 */
export function normaliseCandidateFile(raw: unknown, scope: CandidateFileScope): CandidateFileDto | null {
  const f = fieldsOf(raw);
  const fid = id(pick(f, 'id', 'archivoId', 'fileId'));
  // Any spelling of the vocabulary: 'carta' (an application's DPI scan) and 'dpi' are one kind.
  const kind = documentKindOf(text(pick(f, 'tipo', 'type', 'kind', 'tipoDocumento')));
  if (!fid || !kind) return null;
  const size = Number(pick(f, 'tamano', 'tamaño', 'size', 'bytes'));
  return {
    id: fid,
    kind,
    label: DOCUMENT_KIND_INFO[kind].label,
    name: text(pick(f, 'nombre', 'nombreArchivo', 'name', 'originalName')) ?? DOCUMENT_KIND_INFO[kind].label,
    mimeType: text(pick(f, 'tipoContenido', 'mimeType', 'tipoMime')) ?? mimeOfKind(kind),
    size: Number.isFinite(size) && size >= 0 ? Math.trunc(size) : 0,
    uploadedAt: text(pick(f, 'creado_en', 'creadoEn', 'fechaSubida', 'uploadedAt', 'fecha')),
    url: candidateFileUrl(scope, fid),
  };
}
