import { fileTypeFromBuffer } from 'file-type';
import type { SniffedKind } from './files.js';

/**
 * What a file really is, read from its bytes by file-type — never from its name or the type
 * the browser declares. The one sniffer for the BFF's uploads and the api's files. Node only:
 * imported as '@bolsa/domain/sniff', so the web bundle, which imports '@bolsa/domain', never
 * pulls file-type in. What each upload purpose takes is in files.ts.
 */

/** file-type's extension → our kind; anything else is not a kind we take. */
const KINDS: Record<string, SniffedKind> = {
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

/** The kind of the whole file's bytes (Office formats are told apart by the parts inside the zip). */
export async function sniffKind(data: Uint8Array): Promise<SniffedKind | null> {
  if (data.length === 0) return null;
  const found = await fileTypeFromBuffer(data);
  return (found && Object.hasOwn(KINDS, found.ext) && KINDS[found.ext]) || null;
}
