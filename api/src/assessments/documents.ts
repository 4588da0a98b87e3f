import path from 'node:path';
import type { TemplateType } from '../db/database.js';

/** Assessment files are refused above this size, like every upload (spec 2 §9). */
export const DOCUMENT_MAX_BYTES = 5 * 1024 * 1024;

const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

const startsWith = (data: Buffer, magic: Buffer) =>
  data.length >= magic.length && data.subarray(0, magic.length).equals(magic);
// Office Open XML files are zips whose entry names (stored uncompressed in each local header)
// say which application they belong to: a spreadsheet renamed .docx has no 'word/' part.
const zipHas = (data: Buffer, prefix: string) => startsWith(data, ZIP) && data.includes(Buffer.from(prefix, 'latin1'));

const ACCEPTED: Record<'PDF' | 'WORD' | 'EXCEL', { ext: string; matches: (data: Buffer) => boolean }[]> = {
  PDF: [{ ext: 'pdf', matches: (d) => startsWith(d, Buffer.from('%PDF', 'latin1')) }],
  WORD: [
    { ext: 'docx', matches: (d) => zipHas(d, 'word/') },
    { ext: 'doc', matches: (d) => startsWith(d, OLE) },
  ],
  EXCEL: [
    { ext: 'xlsx', matches: (d) => zipHas(d, 'xl/') },
    { ext: 'xls', matches: (d) => startsWith(d, OLE) },
  ],
};

export const needsFile = (tipo: TemplateType): tipo is 'PDF' | 'WORD' | 'EXCEL' => tipo in ACCEPTED;

/**
 * The extension to store the file under when both its name and its first bytes fit the chosen
 * type (a PDF renamed .docx fails on the bytes, a .docx sent as PDF on the name); else null.
 */
export function documentExtension(tipo: 'PDF' | 'WORD' | 'EXCEL', originalName: string, data: Buffer): string | null {
  const ext = path.extname(originalName).slice(1).toLowerCase();
  const rule = ACCEPTED[tipo].find((r) => r.ext === ext);
  return rule && rule.matches(data) ? rule.ext : null;
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
