import type { FileKind } from '@bolsa/domain/file-kind';

/** What a file really is comes from @bolsa/domain/file-kind (its bytes, never its name). */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

/** Upload kinds, what each accepts, and the spec's messages when the file does not fit. */
export const UPLOAD_KINDS = {
  'vacancy-image': {
    accepts: ['jpeg', 'png', 'gif'] as FileKind[],
    invalid: { title: 'Archivo no válido', message: 'Solo se permiten archivos JPG, PNG o GIF' },
    tooBig: { title: 'Archivo muy grande', message: 'El archivo no debe superar los 5MB' },
    roles: [1, 2],
  },
  'test-file': {
    // Word and Excel 97–2003 are both OLE compound files ('cfb'); the api tells them apart by name.
    accepts: ['pdf', 'docx', 'xlsx', 'cfb'] as FileKind[],
    invalid: { title: 'Archivo no válido', message: 'Solo se permiten archivos PDF, Word o Excel' },
    tooBig: { title: 'Archivo muy grande', message: 'El archivo no debe superar los 5MB' },
    roles: [1, 2],
  },
  // Application form (issue 9): guests too, bound to their anonymous browser binding. A candidate's
  // file is `staged`: streamed into the api's store as it arrives, never written to the BFF's disk.
  'candidate-document': {
    accepts: ['pdf'] as FileKind[],
    invalid: { title: 'Archivo no válido', message: 'Solo se permiten archivos PDF' },
    tooBig: { title: 'Archivo muy grande', message: 'El archivo no puede ser mayor a 5MB' },
    roles: [4],
    guests: true,
    staged: 'documento',
  },
  'candidate-photo': {
    accepts: ['jpeg', 'png'] as FileKind[],
    invalid: { title: 'Archivo no válido', message: 'Solo se permiten imágenes JPG o PNG' },
    tooBig: { title: 'Archivo muy grande', message: 'El archivo no debe superar los 5MB' },
    roles: [4],
    guests: true,
    staged: 'foto',
  },
} as const;
export type UploadKind = keyof typeof UPLOAD_KINDS;
