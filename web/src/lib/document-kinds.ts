import { DOCUMENT_LABEL, type DocumentType } from '@bolsa/domain';
import type { CandidateDocumentKind } from '../gql/graphql';

/**
 * The five documents a document-update request may ask for (spec 3 §2.6), in the spec's order:
 * the GraphQL kind and the domain's key (whose label and rules the domain keeps).
 */
export const REQUESTABLE_DOCUMENTS = [
  ['CURRICULUM', 'curriculum'],
  ['COVER_LETTER', 'carta_presentacion'],
  ['DPI', 'dpi'],
  ['POLICE_RECORD', 'antecedentes_policiales'],
  ['CRIMINAL_RECORD', 'antecedentes_penales'],
] as const satisfies readonly (readonly [CandidateDocumentKind, DocumentType])[];

export type RequestableKind = (typeof REQUESTABLE_DOCUMENTS)[number][0];

export const DOCUMENT_KEY_OF = Object.fromEntries(REQUESTABLE_DOCUMENTS) as Record<RequestableKind, DocumentType>;

export const isRequestable = (kind: CandidateDocumentKind): kind is RequestableKind => kind in DOCUMENT_KEY_OF;

/** 'Currículum', 'DPI escaneado', … as the profile and the detail name them. */
export function requestableLabel(kind: RequestableKind): string {
  return DOCUMENT_LABEL[DOCUMENT_KEY_OF[kind]];
}

/** The requested kinds in the spec's order, whatever order they came in. */
export function inRequestOrder(kinds: readonly CandidateDocumentKind[]): RequestableKind[] {
  return REQUESTABLE_DOCUMENTS.map(([k]) => k).filter((k) => kinds.includes(k));
}
