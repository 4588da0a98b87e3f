import { fileTypeFromBuffer } from 'file-type';

/**
 * What a file really is, read from its bytes by file-type — never from its name or the type
 * the browser declares. The one sniffer for the BFF's uploads and the api's images and
 * assessment documents. Node only: imported as '@bolsa/domain/file-kind', so the web bundle,
 * which imports '@bolsa/domain', never pulls it in.
 */
export type FileKind = 'jpeg' | 'png' | 'gif' | 'webp' | 'pdf' | 'docx' | 'xlsx' | 'cfb' | 'zip';

/** file-type's extension → our kind; anything else is not a kind we take. */
const KINDS: Record<string, FileKind> = {
  jpg: 'jpeg',
  png: 'png',
  apng: 'png',
  gif: 'gif',
  webp: 'webp',
  pdf: 'pdf',
  docx: 'docx',
  xlsx: 'xlsx',
  // OLE compound files: Word 97–2003 (.doc) and Excel 97–2003 (.xls) alike.
  cfb: 'cfb',
  zip: 'zip',
};

export const FILE_KIND_MIME: Record<FileKind, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  cfb: 'application/x-cfb',
  zip: 'application/zip',
};

/** The kind of the whole file's bytes (Office formats are told apart by the parts inside the zip). */
export async function sniffFileKind(data: Uint8Array): Promise<FileKind | null> {
  if (data.length === 0) return null;
  const found = await fileTypeFromBuffer(data);
  return (found && Object.hasOwn(KINDS, found.ext) && KINDS[found.ext]) || null;
}
