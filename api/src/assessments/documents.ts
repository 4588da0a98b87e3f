import { extensionFor, TEST_TYPE_FORMATS } from '@bolsa/domain';
import { sniffKind } from '@bolsa/domain/sniff';
import type { TemplateType } from '../db/database.js';

/** PDF, WORD and EXCEL carry a file; LINK and FORMULARIO a link (domain TEST_TYPE_FORMATS). */
export const needsFile = (tipo: TemplateType): tipo is 'PDF' | 'WORD' | 'EXCEL' => TEST_TYPE_FORMATS[tipo].length > 0;

/**
 * The extension to store the file under when both its name and its first bytes fit the chosen
 * type (a PDF renamed .docx fails on the bytes, a .docx sent as PDF on the name); else null.
 */
export async function documentExtension(
  tipo: 'PDF' | 'WORD' | 'EXCEL',
  originalName: string,
  data: Buffer,
): Promise<string | null> {
  return extensionFor(TEST_TYPE_FORMATS[tipo], originalName, await sniffKind(data));
}

/**
 * The client's file name reduced to something safe to store and to send back in a header:
 * no folders, no control characters, at most 150 characters, the extension kept.
 */
export function displayName(originalName: string, ext: string): string {
  const base = originalName.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  let name = base.replace(/[\u0000-\u001f\u007f"]/g, '').trim();
  if (name.length > 150) {
    const stem = name
      .slice(0, name.length - ext.length - 1)
      .slice(0, 140)
      .trim();
    name = `${stem}.${ext}`;
  }
  return name && name !== `.${ext}` ? name : `prueba.${ext}`;
}

/** RFC 8187 value for filename*: UTF-8, percent-encoded, including the characters RFC 5987 reserves. */
export function contentDisposition(fileName: string): string {
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename*=UTF-8''${encoded}`;
}
