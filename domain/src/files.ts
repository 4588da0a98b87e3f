import { can, type Capability, type RoleId } from './roles.js';

/**
 * The file rules of the product, in one place (spec 1 §5.2–5.3, spec 2 §5, §9;
 * docs/decisions/2026-11-26-file-rules.md): the size limit, what a file really is (its sniffed
 * kind), the formats people name, and per UPLOAD PURPOSE the formats it takes, who may upload
 * for it, its messages and the hint a form shows. Every tier reads these: the web's file
 * choosers and instant checks, the BFF's POST /uploads, the api's own checks. The bytes are
 * judged by '@bolsa/domain/sniff' (Node only, so the web bundle never pulls file-type in).
 */

/** Every upload, whatever its purpose, is at most 5 MB (spec 1 §9, spec 2 §9). */
export const MAX_FILE_MB = 5;
export const MAX_FILE_BYTES = MAX_FILE_MB * 1024 * 1024;

/** What a file really is, read from its bytes (never its name or declared type). */
export const SNIFFED_KINDS = ['jpeg', 'png', 'gif', 'webp', 'pdf', 'docx', 'xlsx', 'cfb', 'zip'] as const;
export type SniffedKind = (typeof SNIFFED_KINDS)[number];
export const isSniffedKind = (v: unknown): v is SniffedKind =>
  typeof v === 'string' && (SNIFFED_KINDS as readonly string[]).includes(v);

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The MIME type a file of each sniffed kind is stored and served with. */
export const SNIFFED_MIME: Record<SniffedKind, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
  docx: DOCX,
  xlsx: XLSX,
  // OLE compound files: Word 97–2003 (.doc) and Excel 97–2003 (.xls) alike.
  cfb: 'application/x-cfb',
  zip: 'application/zip',
};

/** The extension (without the dot) a stored file of a kind gets; a 'cfb' takes its name's (.doc or .xls). */
export const storedExtension = (kind: SniffedKind): string => (kind === 'jpeg' ? 'jpg' : kind);

/** One way a format is written: its extension (no dot), the MIME type a browser declares, the bytes it has. */
export interface FormatFile {
  ext: string;
  mime: string;
  kind: SniffedKind;
}

/** The formats people name ('JPG', 'Word'), each with its extensions, declared types and sniffed kinds. */
export const FILE_FORMATS = {
  JPG: [
    { ext: 'jpg', mime: 'image/jpeg', kind: 'jpeg' },
    { ext: 'jpeg', mime: 'image/jpeg', kind: 'jpeg' },
  ],
  PNG: [{ ext: 'png', mime: 'image/png', kind: 'png' }],
  GIF: [{ ext: 'gif', mime: 'image/gif', kind: 'gif' }],
  WebP: [{ ext: 'webp', mime: 'image/webp', kind: 'webp' }],
  PDF: [{ ext: 'pdf', mime: 'application/pdf', kind: 'pdf' }],
  // Office Open XML files are told apart by their parts (a spreadsheet renamed .docx is 'xlsx');
  // the 97–2003 formats are both OLE compound files, told apart by the name.
  Word: [
    { ext: 'doc', mime: 'application/msword', kind: 'cfb' },
    { ext: 'docx', mime: DOCX, kind: 'docx' },
  ],
  Excel: [
    { ext: 'xls', mime: 'application/vnd.ms-excel', kind: 'cfb' },
    { ext: 'xlsx', mime: XLSX, kind: 'xlsx' },
  ],
} as const satisfies Record<string, readonly FormatFile[]>;
export type FileFormat = keyof typeof FILE_FORMATS;

/** 'A', 'A o B', 'A, B o C'. */
export function joinOr(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} o ${items.at(-1)}`;
}

/**
 * Images are decoded with this pixel limit (a 746 KB PNG can decode to 16000×16000 = 256 MP): more
 * than any phone camera gives, far less than a decompression bomb.
 */
export const MAX_IMAGE_PIXELS = 40_000_000;
/** A candidate's photo is stored (and served) re-encoded as JPEG within this many pixels a side. */
export const PHOTO_MAX_SIDE = 1024;

/** Titles and messages of file problems that are not about one purpose's formats. */
export const FILE_MESSAGES = {
  /** Decoding stopped at MAX_IMAGE_PIXELS. */
  imageTooManyPixels: `La imagen es demasiado grande: no debe superar los ${MAX_IMAGE_PIXELS / 1_000_000} megapíxeles.`,
  /** Header-only, truncated or otherwise undecodable. */
  imageUnreadable: 'La imagen está dañada o incompleta. Elige otra imagen.',
  /** Too many files staged from one browser or address within the hour (or the store is full). */
  uploadBudget: (minutes: number) =>
    `Has subido demasiados archivos en poco tiempo. Intenta de nuevo en ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}.`,
  /** Every visitor's staged files together are over the global cap. */
  uploadsFull: 'En este momento no se pueden recibir más archivos. Intenta de nuevo en unos minutos.',
  invalidTitle: 'Archivo no válido',
  tooLargeTitle: 'Archivo muy grande',
  /** Documents of the candidate (spec 1 §5.3). */
  documentTooLarge: `El archivo no puede ser mayor a ${MAX_FILE_MB}MB`,
  /** Images (spec 2 §5) and the other staff files. */
  imageTooLarge: `El archivo no debe superar los ${MAX_FILE_MB}MB`,
  openFailedTitle: 'No se pudo abrir el archivo',
  openFailedNoUrl: 'El servidor no devolvió una URL válida.',
  openError: 'Error al abrir el archivo',
  fileNotFound: 'Archivo no encontrado',
  noFile: 'No se recibió ningún archivo.',
  /** A file chosen, but of 0 bytes. */
  emptyFile: 'El archivo está vacío. Elige otro archivo.',
  oneFileOnly: 'Solo se permite adjuntar un archivo.',
  downloadFailed: 'No se pudo descargar',
  /** An upload id used already, or older than an hour. */
  uploadSpent: 'El archivo ya fue utilizado o expiró. Vuelve a subirlo.',
  unknownPurpose: 'Tipo de archivo no reconocido.',
  uploadFailedTitle: 'No se pudo subir el archivo',
  uploadStatus: (status: number) => `El servidor respondió con el estado ${status}.`,
  sendFailed: 'No se pudo enviar el archivo. Verifique su conexión e intente nuevamente.',
  cancelledTitle: 'Envío cancelado',
  cancelled: 'Se canceló el envío del archivo.',
  /** The chosen file's extension is not one of the assessment type's ('El archivo debe ser .doc o .docx'). */
  wrongExtension: (extensions: readonly string[]) => `El archivo debe ser ${joinOr(extensions)}`,
} as const;

/** A problem with a file, as the forms show it: a title over a message (spec 2 §5). */
export interface FileProblem {
  title: string;
  message: string;
}

interface PurposeSpec {
  formats: readonly FileFormat[];
  /** 'Solo se permiten {noun} …' */
  noun: 'archivos' | 'imágenes';
  tooLarge: string;
  /** Who may upload for this purpose. */
  capability: Capability;
  /** Visitors without an account may upload too (the application form's short mode). */
  guests: boolean;
}

/**
 * What each upload is for. WebP is taken when editing a vacancy ('cualquier imagen', spec 2 §5)
 * and not when creating one ('Solo se permiten archivos JPG, PNG o GIF'): see the decision record.
 */
const PURPOSES = {
  /** Create vacancy, step 3 (spec 2 §5). */
  'vacancy-image': {
    formats: ['JPG', 'PNG', 'GIF'],
    noun: 'archivos',
    tooLarge: FILE_MESSAGES.imageTooLarge,
    capability: 'vacancy.create',
    guests: false,
  },
  /** Edit vacancy, 'Imagen' tab: any image the product can read (spec 2 §5). */
  'vacancy-image-edit': {
    formats: ['JPG', 'PNG', 'GIF', 'WebP'],
    noun: 'archivos',
    tooLarge: FILE_MESSAGES.imageTooLarge,
    capability: 'vacancy.edit',
    guests: false,
  },
  /** The file of a PDF, WORD or EXCEL assessment template (spec 2 §5). */
  'test-file': {
    formats: ['PDF', 'Word', 'Excel'],
    noun: 'archivos',
    tooLarge: FILE_MESSAGES.imageTooLarge,
    capability: 'testTemplate.edit',
    guests: false,
  },
  /** A document of the application form or the profile (spec 1 §5.2–5.3). */
  'candidate-document': {
    formats: ['PDF'],
    noun: 'archivos',
    tooLarge: FILE_MESSAGES.documentTooLarge,
    capability: 'candidate.apply',
    guests: true,
  },
  /** The photo of the application form or the profile. */
  'candidate-photo': {
    formats: ['JPG', 'PNG'],
    noun: 'imágenes',
    tooLarge: FILE_MESSAGES.imageTooLarge,
    capability: 'candidate.apply',
    guests: true,
  },
  /** A document sent through a document-update request's link (spec 3 §2.6): the account it was sent to. */
  'requested-document': {
    formats: ['PDF'],
    noun: 'archivos',
    tooLarge: FILE_MESSAGES.documentTooLarge,
    capability: 'candidate.ownProfile',
    guests: false,
  },
} as const satisfies Record<string, PurposeSpec>;

export type UploadPurpose = keyof typeof PURPOSES;
export const UPLOAD_PURPOSES = Object.keys(PURPOSES) as UploadPurpose[];
export const isUploadPurpose = (v: unknown): v is UploadPurpose => typeof v === 'string' && Object.hasOwn(PURPOSES, v);

/** Everything a tier needs to know about one purpose. */
export interface UploadRule {
  purpose: UploadPurpose;
  formats: readonly FileFormat[];
  /** The sniffed kinds the bytes may have. */
  kinds: readonly SniffedKind[];
  /** For a file chooser: declared MIME type → its extensions (with the dot), as react-dropzone takes it. */
  accept: Record<string, string[]>;
  /** Under the field: 'JPG, PNG o GIF, máximo 5MB.' — only formats it takes. */
  hint: string;
  invalid: FileProblem;
  tooLarge: FileProblem;
  capability: Capability;
  guests: boolean;
}

/** The files of some formats, without repeats. */
function filesOf(formats: readonly FileFormat[]): FormatFile[] {
  return formats.flatMap((f) => FILE_FORMATS[f] as readonly FormatFile[]);
}

/** The hint for a list of formats: 'Solo PDF, máximo 5MB.', 'JPG o PNG, máximo 5MB.' */
export function formatsHint(formats: readonly FileFormat[]): string {
  return `${formats.length === 1 ? 'Solo ' : ''}${joinOr(formats)}, máximo ${MAX_FILE_MB}MB.`;
}

function ruleOf(purpose: UploadPurpose): UploadRule {
  const spec: PurposeSpec = PURPOSES[purpose];
  const files = filesOf(spec.formats);
  const accept: Record<string, string[]> = {};
  for (const f of files) (accept[f.mime] ??= []).push(`.${f.ext}`);
  return {
    purpose,
    formats: spec.formats,
    kinds: [...new Set(files.map((f) => f.kind))],
    accept,
    hint: formatsHint(spec.formats),
    invalid: { title: FILE_MESSAGES.invalidTitle, message: `Solo se permiten ${spec.noun} ${joinOr(spec.formats)}` },
    tooLarge: { title: FILE_MESSAGES.tooLargeTitle, message: spec.tooLarge },
    capability: spec.capability,
    guests: spec.guests,
  };
}

export const UPLOAD_RULES: Record<UploadPurpose, UploadRule> = Object.fromEntries(
  UPLOAD_PURPOSES.map((p) => [p, ruleOf(p)]),
) as Record<UploadPurpose, UploadRule>;

/** Whether a file whose bytes are `kind` is taken for `purpose`. */
export const acceptsKind = (purpose: UploadPurpose, kind: SniffedKind | null | undefined): boolean =>
  !!kind && UPLOAD_RULES[purpose].kinds.includes(kind);

/** Whether `role` (null: a visitor without an account) may upload for `purpose`. */
export function mayUpload(purpose: UploadPurpose, role: RoleId | null): boolean {
  const rule = UPLOAD_RULES[purpose];
  return role === null ? rule.guests : can(role, rule.capability);
}

/** The lower-case extension of a file name, with its dot ('' when none). */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot).toLowerCase() : '';
}

/**
 * The extension to store a file under when both its name and its bytes are one of `formats`
 * (a PDF renamed .docx fails on the bytes, a .docx chosen as PDF on the name); else null.
 */
export function extensionFor(formats: readonly FileFormat[], name: string, kind: SniffedKind | null): string | null {
  const ext = extensionOf(name).slice(1);
  const match = filesOf(formats).find((f) => f.ext === ext);
  return match && match.kind === kind ? match.ext : null;
}

/** The extensions (with the dot) of some formats: ['.doc', '.docx']. */
export const extensionsOf = (formats: readonly FileFormat[]): string[] => filesOf(formats).map((f) => `.${f.ext}`);

/**
 * The BFF's authorised route for a candidate's file (issue 10): the only URL a browser ever gets
 * for a candidate document or photo. `scope` is 'perfil' (a registered candidate's profile file)
 * or 'postulacion' (a file of one application, postulante_archivos); `id` is that row's id.
 */
export type CandidateFileScope = 'perfil' | 'postulacion';
export const candidateFileUrl = (scope: CandidateFileScope, id: string | number) =>
  `/files/candidatos/${scope}/${encodeURIComponent(String(id))}`;
