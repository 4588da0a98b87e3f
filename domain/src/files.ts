/**
 * File rules of the forms (spec 1 §5.2–5.3, spec 2 §5): sizes and accepted types, with their
 * messages. The bytes are checked where the upload is (the bff's /uploads sniffs magic bytes);
 * these are the declared limits every tier quotes.
 */
export const MAX_FILE_BYTES = 5 * 1024 * 1024;

export const FILE_KINDS = {
  /** Candidate documents: CV, DPI scan, police and criminal records. */
  document: { mimeTypes: ['application/pdf'], extensions: ['.pdf'] },
  /** Candidate photo. */
  photo: { mimeTypes: ['image/jpeg', 'image/png'], extensions: ['.jpg', '.jpeg', '.png'] },
  /** Vacancy image (create: JPG, PNG, GIF; edit: any image type, issue 8). */
  vacancyImage: { mimeTypes: ['image/jpeg', 'image/png', 'image/gif'], extensions: ['.jpg', '.jpeg', '.png', '.gif'] },
} as const;
export type FileKind = keyof typeof FILE_KINDS;

export const FILE_MESSAGES = {
  pdfOnly: 'Solo se permiten archivos PDF',
  documentTooLarge: 'El archivo no puede ser mayor a 5MB',
  imageTypeTitle: 'Archivo no válido',
  imageType: 'Solo se permiten archivos JPG, PNG o GIF',
  imageTooLargeTitle: 'Archivo muy grande',
  imageTooLarge: 'El archivo no debe superar los 5MB',
  photoType: 'Solo se permiten imágenes JPG o PNG',
  openFailedTitle: 'No se pudo abrir el archivo',
  openFailedNoUrl: 'El servidor no devolvió una URL válida.',
  openError: 'Error al abrir el archivo',
  fileNotFound: 'Archivo no encontrado',
  noFile: 'No se recibió ningún archivo.',
  downloadFailed: 'No se pudo descargar',
} as const;

/** The message for a file of `kind` with `mimeType` and `size`, or null when it is accepted. */
export function checkFile(kind: FileKind, file: { mimeType: string; size: number }): string | null {
  const types = FILE_KINDS[kind].mimeTypes as readonly string[];
  if (kind === 'document') {
    if (!types.includes(file.mimeType)) return FILE_MESSAGES.pdfOnly;
    return file.size > MAX_FILE_BYTES ? FILE_MESSAGES.documentTooLarge : null;
  }
  if (!types.includes(file.mimeType)) return kind === 'photo' ? FILE_MESSAGES.photoType : FILE_MESSAGES.imageType;
  return file.size > MAX_FILE_BYTES ? FILE_MESSAGES.imageTooLarge : null;
}

/**
 * The BFF's authorised route for a candidate's file (issue 10): the only URL a browser ever gets
 * for a candidate document or photo. `scope` is 'perfil' (a registered candidate's profile file)
 * or 'postulacion' (a file of one application, postulante_archivos); `id` is that row's id.
 */
export type CandidateFileScope = 'perfil' | 'postulacion';
export const candidateFileUrl = (scope: CandidateFileScope, id: string | number) =>
  `/files/candidatos/${scope}/${encodeURIComponent(String(id))}`;
