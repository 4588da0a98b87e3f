import { sniffFileKind } from '@bolsa/domain/file-kind';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { minimalDocx, minimalPdf, minimalXlsx } from '../../api/src/demo/documents.js';
import { sniffImageType } from '../../api/src/vacancies/images.js';
import { documentExtension } from '../../api/src/assessments/documents.js';

/** One sniffer (@bolsa/domain/file-kind) for the BFF's uploads and the api's images and documents. */

const image = (format: 'png' | 'jpeg' | 'gif' | 'webp') =>
  sharp({ create: { width: 4, height: 4, channels: 3, background: '#0b6b58' } })
    .toFormat(format)
    .toBuffer();
const ole = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(1024)]);

describe('sniffFileKind', () => {
  it('tells every accepted kind from its bytes', async () => {
    expect(await sniffFileKind(await image('png'))).toBe('png');
    expect(await sniffFileKind(await image('jpeg'))).toBe('jpeg');
    expect(await sniffFileKind(await image('gif'))).toBe('gif');
    expect(await sniffFileKind(await image('webp'))).toBe('webp');
    expect(await sniffFileKind(minimalPdf('Prueba', ['uno']))).toBe('pdf');
    expect(await sniffFileKind(minimalDocx('Prueba', ['uno']))).toBe('docx');
    expect(await sniffFileKind(minimalXlsx('Hoja', [['a']]))).toBe('xlsx');
    expect(await sniffFileKind(ole)).toBe('cfb');
  });

  it('knows nothing of text, HTML, empty or truncated files', async () => {
    for (const data of [
      Buffer.alloc(0),
      Buffer.from('<!doctype html><script>alert(1)</script>'),
      Buffer.from('hola'),
      Buffer.from([0xff, 0xd8]),
    ])
      expect(await sniffFileKind(data)).toBeNull();
  });

  it('drives the api: images by bytes, documents by bytes and name together', async () => {
    expect(await sniffImageType(await image('webp'))).toBe('webp');
    expect(await sniffImageType(minimalPdf('x', ['y']))).toBeNull();
    expect(await documentExtension('WORD', 'prueba.docx', minimalDocx('x', ['y']))).toBe('docx');
    // A spreadsheet renamed .docx, a PDF renamed .docx, and a .doc/.xls pair sharing OLE bytes.
    expect(await documentExtension('WORD', 'prueba.docx', minimalXlsx('x', [['y']]))).toBeNull();
    expect(await documentExtension('WORD', 'prueba.docx', minimalPdf('x', ['y']))).toBeNull();
    expect(await documentExtension('WORD', 'prueba.doc', ole)).toBe('doc');
    expect(await documentExtension('EXCEL', 'prueba.xls', ole)).toBe('xls');
    expect(await documentExtension('PDF', 'prueba.pdf', minimalPdf('x', ['y']))).toBe('pdf');
  });
});
