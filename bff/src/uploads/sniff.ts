/** What a file really is, from its first bytes (never from its name or the browser's word). */
export type Sniffed = 'jpeg' | 'png' | 'gif' | 'webp' | 'pdf' | 'zip' | 'ole' | null;

export function sniff(head: Uint8Array): Sniffed {
  const b = (i: number) => head[i];
  if (b(0) === 0xff && b(1) === 0xd8 && b(2) === 0xff) return 'jpeg';
  if (b(0) === 0x89 && b(1) === 0x50 && b(2) === 0x4e && b(3) === 0x47) return 'png';
  if (b(0) === 0x47 && b(1) === 0x49 && b(2) === 0x46 && b(3) === 0x38) return 'gif';
  if (
    b(0) === 0x52 &&
    b(1) === 0x49 &&
    b(2) === 0x46 &&
    b(3) === 0x46 &&
    b(8) === 0x57 &&
    b(9) === 0x45 &&
    b(10) === 0x42 &&
    b(11) === 0x50
  )
    return 'webp';
  if (b(0) === 0x25 && b(1) === 0x50 && b(2) === 0x44 && b(3) === 0x46) return 'pdf';
  if (b(0) === 0x50 && b(1) === 0x4b && b(2) === 0x03 && b(3) === 0x04) return 'zip';
  if (b(0) === 0xd0 && b(1) === 0xcf && b(2) === 0x11 && b(3) === 0xe0) return 'ole';
  return null;
}

export const MIME: Record<Exclude<Sniffed, null>, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
  zip: 'application/zip',
  ole: 'application/octet-stream',
};

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

/** Upload kinds, what each accepts, and the spec's messages when the file does not fit. */
export const UPLOAD_KINDS = {
  'vacancy-image': {
    accepts: ['jpeg', 'png', 'gif'] as Sniffed[],
    invalid: { title: 'Archivo no válido', message: 'Solo se permiten archivos JPG, PNG o GIF' },
    tooBig: { title: 'Archivo muy grande', message: 'El archivo no debe superar los 5MB' },
    roles: [1, 2],
  },
  'test-file': {
    accepts: ['pdf', 'zip', 'ole'] as Sniffed[],
    invalid: { title: 'Archivo no válido', message: 'Solo se permiten archivos PDF, Word o Excel' },
    tooBig: { title: 'Archivo muy grande', message: 'El archivo no debe superar los 5MB' },
    roles: [1, 2],
  },
} as const;
export type UploadKind = keyof typeof UPLOAD_KINDS;
