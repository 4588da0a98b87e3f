import { foldSearch } from './search.js';

/**
 * The candidate's documents, one vocabulary for every tier (spec 1 §3, §5.3; spec 3 §2.6, §3
 * 'Document types'; docs/decisions/2026-11-26-file-rules.md): the GraphQL kind, the REST key of
 * a document-update request, the Spanish label, where the api keeps it, and every other
 * spelling the specs and older data use — all compared through one fold (foldName).
 *
 * The DPI scan is ONE document. The application form calls its part 'CartaDePresentacion' and
 * stores it as 'carta' (spec 1 §3: "Carta de presentacion (labelled in the UI as the DPI scan)");
 * the profile calls it 'DpiArchivo' and stores it as 'dpi'; the REST list of document keys names
 * it twice ('carta_presentacion', 'dpi'). All of these are the kind DPI, 'DPI escaneado'.
 */

/** A spelling folded for comparison: accents, case, spaces and separators ignored ('Antecedentes_Policiales' = 'antecedentespoliciales'). */
export const foldName = (s: string): string => foldSearch(s).replace(/[^a-z0-9]/g, '');

export const DOCUMENT_KINDS = ['PHOTO', 'CURRICULUM', 'DPI', 'POLICE_RECORD', 'CRIMINAL_RECORD'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** The four documents a profile keeps (the domain profile form's slots, spec 1 §5.3). */
export type ProfileFile = 'curriculum' | 'dpiFile' | 'policeRecord' | 'criminalRecord';
/** The REST key of each document a document-update request may ask for (spec 3 §3). */
export type DocumentKey = 'curriculum' | 'dpi' | 'antecedentes_policiales' | 'antecedentes_penales';

export interface DocumentKindInfo {
  kind: DocumentKind;
  /** How every screen and e-mail names it. */
  label: string;
  /** Its key in a document-update request; null: it cannot be requested (the photo). */
  key: DocumentKey | null;
  /** Its slot in the profile form; null for the photo, which the form keeps apart. */
  profileFile: ProfileFile | null;
  /** The tipo the api stores for a profile file (perfil_archivos) and for an application's (postulante_archivos). */
  profileType: 'fotografia' | 'curriculum' | 'dpi' | 'policiales' | 'penales';
  applicationType: 'fotografia' | 'curriculum' | 'carta' | 'policiales' | 'penales';
  /** Every other spelling: REST keys and multipart parts, id columns, legacy names, English. */
  aliases: readonly string[];
}

export const DOCUMENT_KIND_INFO: Record<DocumentKind, DocumentKindInfo> = {
  PHOTO: {
    kind: 'PHOTO',
    label: 'Fotografía',
    key: null,
    profileFile: null,
    profileType: 'fotografia',
    applicationType: 'fotografia',
    aliases: ['foto', 'FileFotografia', 'fileFotografia_name', 'photo'],
  },
  CURRICULUM: {
    kind: 'CURRICULUM',
    label: 'Currículum',
    key: 'curriculum',
    profileFile: 'curriculum',
    profileType: 'curriculum',
    applicationType: 'curriculum',
    aliases: ['curriculum_id', 'cv', 'Hoja de Vida', 'curriculum vitae'],
  },
  DPI: {
    kind: 'DPI',
    label: 'DPI escaneado',
    key: 'dpi',
    profileFile: 'dpiFile',
    profileType: 'dpi',
    applicationType: 'carta',
    aliases: [
      'carta_presentacion',
      'CartaDePresentacion',
      'carta de presentación',
      'COVER_LETTER',
      'DpiArchivo',
      'dpi_archivo_id',
      'dpi_file',
      'DPI escaneado',
    ],
  },
  POLICE_RECORD: {
    kind: 'POLICE_RECORD',
    label: 'Antecedentes policiales',
    key: 'antecedentes_policiales',
    profileFile: 'policeRecord',
    profileType: 'policiales',
    applicationType: 'policiales',
    aliases: ['AntecedentesPoliciales', 'antecedentes_policiales_id'],
  },
  CRIMINAL_RECORD: {
    kind: 'CRIMINAL_RECORD',
    label: 'Antecedentes penales',
    key: 'antecedentes_penales',
    profileFile: 'criminalRecord',
    profileType: 'penales',
    applicationType: 'penales',
    aliases: ['AntecedentesPenales', 'antecedentes_penales_id'],
  },
};

/** Every spelling of every kind, folded once. */
const KIND_OF_FOLDED: ReadonlyMap<string, DocumentKind> = (() => {
  const map = new Map<string, DocumentKind>();
  for (const info of Object.values(DOCUMENT_KIND_INFO)) {
    const names = [info.kind, info.label, info.key, info.profileFile, info.profileType, info.applicationType];
    for (const name of [...names, ...info.aliases]) {
      if (!name) continue;
      const folded = foldName(name);
      const other = map.get(folded);
      if (other && other !== info.kind) throw new Error(`'${name}' names both ${other} and ${info.kind}`);
      map.set(folded, info.kind);
    }
  }
  return map;
})();

/** The kind of any spelling ('Antecedentes_Policiales', 'fotografía', 'carta', 'COVER_LETTER'); null when none. */
export function documentKindOf(raw: unknown): DocumentKind | null {
  if (typeof raw !== 'string') return null;
  return KIND_OF_FOLDED.get(foldName(raw)) ?? null;
}

/** The label of a kind in any spelling ('COVER_LETTER' → 'DPI escaneado'); null when unknown. */
export function documentLabel(raw: unknown): string | null {
  const kind = documentKindOf(raw);
  return kind ? DOCUMENT_KIND_INFO[kind].label : null;
}

/** The documents a document-update request may ask for, in the order the dialog offers them. */
export const REQUESTABLE_KINDS = DOCUMENT_KINDS.filter((k) => DOCUMENT_KIND_INFO[k].key !== null) as Exclude<
  DocumentKind,
  'PHOTO'
>[];
export type RequestableKind = (typeof REQUESTABLE_KINDS)[number];

/** The request key of a document in any spelling ('carta_presentacion' → 'dpi'); null when it cannot be requested. */
export function documentKeyOf(raw: unknown): DocumentKey | null {
  const kind = documentKindOf(raw);
  return kind ? DOCUMENT_KIND_INFO[kind].key : null;
}

/** The requestable kinds among `raw` (any spellings), each once, in the dialog's order; unknown ones dropped. */
export function requestedKinds(raw: readonly unknown[]): RequestableKind[] {
  const found = new Set(raw.map(documentKindOf));
  return REQUESTABLE_KINDS.filter((k) => found.has(k));
}

/** The same as request keys: ['carta_presentacion', 'dpi', 'cv'] → ['curriculum', 'dpi']. */
export const requestedKeys = (raw: readonly unknown[]): DocumentKey[] =>
  requestedKinds(raw).map((k) => DOCUMENT_KIND_INFO[k].key!);

/** The kind of a request key. */
export const kindOfKey = (key: DocumentKey): RequestableKind => documentKindOf(key) as RequestableKind;

/**
 * The values of the GraphQL enum CandidateDocumentKind (schema.graphql): the kinds, plus
 * COVER_LETTER, kept (deprecated) so that older clients' queries stay valid; it reads as DPI.
 */
export const DOCUMENT_KIND_ENUM_VALUES = [...DOCUMENT_KINDS, 'COVER_LETTER'] as const;
