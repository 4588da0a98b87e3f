import path from 'node:path';
import { sniffFileKind, type FileKind } from '@bolsa/domain/file-kind';
import type { TemplateType } from '../db/database.js';

/** Assessment files are refused above this size, like every upload (spec 2 §9). */
export const DOCUMENT_MAX_BYTES = 5 * 1024 * 1024;

/** Which extensions each type takes, and the kind their bytes must have (@bolsa/domain/file-kind). */
const ACCEPTED: Record<'PDF' | 'WORD' | 'EXCEL', { ext: string; kind: FileKind }[]> = {
  PDF: [{ ext: 'pdf', kind: 'pdf' }],
  // Office Open XML files are told apart by their parts: a spreadsheet renamed .docx is 'xlsx'.
  WORD: [
    { ext: 'docx', kind: 'docx' },
    { ext: 'doc', kind: 'cfb' },
  ],
  EXCEL: [
    { ext: 'xlsx', kind: 'xlsx' },
    { ext: 'xls', kind: 'cfb' },
  ],
};

export const needsFile = (tipo: TemplateType): tipo is 'PDF' | 'WORD' | 'EXCEL' => tipo in ACCEPTED;

/**
 * The extension to store the file under when both its name and its first bytes fit the chosen
 * type (a PDF renamed .docx fails on the bytes, a .docx sent as PDF on the name); else null.
 */
export async function documentExtension(
  tipo: 'PDF' | 'WORD' | 'EXCEL',
  originalName: string,
  data: Buffer,
): Promise<string | null> {
  const ext = path.extname(originalName).slice(1).toLowerCase();
  const rule = ACCEPTED[tipo].find((r) => r.ext === ext);
  return rule && rule.kind === (await sniffFileKind(data)) ? rule.ext : null;
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
