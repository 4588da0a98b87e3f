import { acceptsKind } from '@bolsa/domain';
import { sniffKind } from '@bolsa/domain/sniff';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { minimalDocx, minimalPdf, minimalXlsx } from '../../api/src/demo/documents.js';
import { documentExtension } from '../../api/src/assessments/documents.js';

/** One sniffer (@bolsa/domain/sniff) for the BFF's uploads and the api's images and documents. */

const image = (format: 'png' | 'jpeg' | 'gif' | 'webp') =>
  sharp({ create: { width: 4, height: 4, channels: 3, background: '#0b6b58' } })
    .toFormat(format)
    .toBuffer();
const ole = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(1024)]);

describe('sniffKind', () => {
  it('tells every accepted kind from its bytes', async () => {
    expect(await sniffKind(await image('png'))).toBe('png');
    expect(await sniffKind(await image('jpeg'))).toBe('jpeg');
    expect(await sniffKind(await image('gif'))).toBe('gif');
    expect(await sniffKind(await image('webp'))).toBe('webp');
    expect(await sniffKind(minimalPdf('Prueba', ['uno']))).toBe('pdf');
    expect(await sniffKind(minimalDocx('Prueba', ['uno']))).toBe('docx');
    expect(await sniffKind(minimalXlsx('Hoja', [['a']]))).toBe('xlsx');
    expect(await sniffKind(ole)).toBe('cfb');
  });

  it('knows nothing of text, HTML, empty or truncated files', async () => {
    for (const data of [
      Buffer.alloc(0),
      Buffer.from('<!doctype html><script>alert(1)</script>'),
      Buffer.from('hola'),
      Buffer.from([0xff, 0xd8]),
    ])
      expect(await sniffKind(data)).toBeNull();
  });

  it('drives the api: images by bytes and purpose, documents by bytes and name together', async () => {
    expect(acceptsKind('vacancy-image-edit', await sniffKind(await image('webp')))).toBe(true);
    expect(acceptsKind('vacancy-image', await sniffKind(await image('webp')))).toBe(false);
    expect(acceptsKind('vacancy-image-edit', await sniffKind(minimalPdf('x', ['y'])))).toBe(false);
    expect(await documentExtension('WORD', 'prueba.docx', minimalDocx('x', ['y']))).toBe('docx');
    // A spreadsheet renamed .docx, a PDF renamed .docx, and a .doc/.xls pair sharing OLE bytes.
    expect(await documentExtension('WORD', 'prueba.docx', minimalXlsx('x', [['y']]))).toBeNull();
    expect(await documentExtension('WORD', 'prueba.docx', minimalPdf('x', ['y']))).toBeNull();
    expect(await documentExtension('WORD', 'prueba.doc', ole)).toBe('doc');
    expect(await documentExtension('EXCEL', 'prueba.xls', ole)).toBe('xls');
    expect(await documentExtension('PDF', 'prueba.pdf', minimalPdf('x', ['y']))).toBe('pdf');
  });
});
