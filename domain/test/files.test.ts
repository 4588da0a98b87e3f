import { describe, expect, it } from 'vitest';
import {
  acceptsKind,
  DOCUMENT_KIND_ENUM_VALUES,
  DOCUMENT_KIND_INFO,
  DOCUMENT_KINDS,
  documentKeyOf,
  documentKindOf,
  documentLabel,
  documentRequestSchema,
  extensionFor,
  FILE_FORMATS,
  MAX_FILE_BYTES,
  mayUpload,
  PROFILE_FILE_LABEL,
  PROFILE_FILES,
  REQUESTABLE_KINDS,
  requestedKeys,
  requestedKinds,
  TEST_TYPE_EXTENSIONS,
  UPLOAD_PURPOSES,
  UPLOAD_RULES,
  type DocumentKind,
  type FileFormat,
} from '../src/index.js';

const MB = 1024 * 1024;

describe('file rules (spec 1 §5.2–5.3, spec 2 §5, §9)', () => {
  it('has one size limit: 5 MB', () => {
    expect(MAX_FILE_BYTES).toBe(5 * MB);
  });

  it.each([
    [
      'vacancy-image',
      ['jpeg', 'png', 'gif'],
      'Solo se permiten archivos JPG, PNG o GIF',
      'El archivo no debe superar los 5MB',
    ],
    [
      'vacancy-image-edit',
      ['jpeg', 'png', 'gif', 'webp'],
      'Solo se permiten archivos JPG, PNG, GIF o WebP',
      'El archivo no debe superar los 5MB',
    ],
    [
      'test-file',
      ['pdf', 'cfb', 'docx', 'xlsx'],
      'Solo se permiten archivos PDF, Word o Excel',
      'El archivo no debe superar los 5MB',
    ],
    ['candidate-document', ['pdf'], 'Solo se permiten archivos PDF', 'El archivo no puede ser mayor a 5MB'],
    ['candidate-photo', ['jpeg', 'png'], 'Solo se permiten imágenes JPG o PNG', 'El archivo no debe superar los 5MB'],
    ['requested-document', ['pdf'], 'Solo se permiten archivos PDF', 'El archivo no puede ser mayor a 5MB'],
  ] as const)('%s takes %j with the spec wording', (purpose, kinds, invalid, tooLarge) => {
    const rule = UPLOAD_RULES[purpose];
    expect(rule.kinds).toEqual(kinds);
    expect(rule.invalid).toEqual({ title: 'Archivo no válido', message: invalid });
    expect(rule.tooLarge).toEqual({ title: 'Archivo muy grande', message: tooLarge });
  });

  it('decides WebP once: edit takes it, create does not', () => {
    expect(acceptsKind('vacancy-image', 'webp')).toBe(false);
    expect(acceptsKind('vacancy-image-edit', 'webp')).toBe(true);
    expect(UPLOAD_RULES['vacancy-image'].hint).toBe('JPG, PNG o GIF, máximo 5MB.');
    expect(UPLOAD_RULES['vacancy-image-edit'].hint).toBe('JPG, PNG, GIF o WebP, máximo 5MB.');
  });

  it('never hints, offers or names a format whose bytes it refuses', () => {
    for (const purpose of UPLOAD_PURPOSES) {
      const rule = UPLOAD_RULES[purpose];
      const named = (Object.keys(FILE_FORMATS) as FileFormat[]).filter(
        (f) => rule.hint.includes(f) || rule.invalid.message.includes(f),
      );
      expect(named, purpose).toEqual([...rule.formats]);
      for (const f of rule.formats)
        for (const file of FILE_FORMATS[f]) {
          expect(acceptsKind(purpose, file.kind), `${purpose} ${file.ext}`).toBe(true);
          expect(rule.accept[file.mime], `${purpose} ${file.mime}`).toContain(`.${file.ext}`);
        }
    }
  });

  it('says who may upload for each purpose (guests only where the application form takes them)', () => {
    expect(mayUpload('vacancy-image', 1)).toBe(true);
    expect(mayUpload('vacancy-image-edit', 2)).toBe(true);
    expect(mayUpload('vacancy-image', 3)).toBe(false);
    expect(mayUpload('test-file', 3)).toBe(false);
    expect(mayUpload('candidate-document', null)).toBe(true);
    expect(mayUpload('candidate-photo', 4)).toBe(true);
    expect(mayUpload('candidate-photo', 2)).toBe(false);
    expect(mayUpload('requested-document', null)).toBe(false);
    expect(mayUpload('requested-document', 4)).toBe(true);
    expect(mayUpload('requested-document', 1)).toBe(false);
  });

  it('stores an assessment file only when its name and its bytes are the chosen format', () => {
    expect(extensionFor(['Word'], 'prueba.DOCX', 'docx')).toBe('docx');
    expect(extensionFor(['Word'], 'prueba.doc', 'cfb')).toBe('doc');
    expect(extensionFor(['Word'], 'prueba.docx', 'xlsx')).toBeNull();
    expect(extensionFor(['PDF'], 'prueba.docx', 'pdf')).toBeNull();
    expect(TEST_TYPE_EXTENSIONS).toEqual({
      PDF: ['.pdf'],
      WORD: ['.doc', '.docx'],
      EXCEL: ['.xls', '.xlsx'],
      LINK: [],
      FORMULARIO: [],
    });
  });
});

describe('document kinds (spec 1 §3, §5.3; spec 3 §2.6, §3)', () => {
  // Every spelling the specs and older data use, with the kind it is.
  const ALIASES: [string, DocumentKind][] = [
    ['PHOTO', 'PHOTO'],
    ['fotografia', 'PHOTO'],
    ['Fotografía', 'PHOTO'],
    ['foto', 'PHOTO'],
    ['FileFotografia', 'PHOTO'],
    ['fileFotografia_name', 'PHOTO'],
    ['photo', 'PHOTO'],
    ['CURRICULUM', 'CURRICULUM'],
    ['curriculum', 'CURRICULUM'],
    ['Currículum', 'CURRICULUM'],
    ['curriculum_id', 'CURRICULUM'],
    ['CV', 'CURRICULUM'],
    ['Hoja de Vida', 'CURRICULUM'],
    ['hojadevida', 'CURRICULUM'],
    ['DPI', 'DPI'],
    ['dpi', 'DPI'],
    ['DpiArchivo', 'DPI'],
    ['dpi_archivo_id', 'DPI'],
    ['dpiFile', 'DPI'],
    ['carta', 'DPI'],
    ['carta_presentacion', 'DPI'],
    ['CartaDePresentacion', 'DPI'],
    ['Carta de presentación', 'DPI'],
    ['COVER_LETTER', 'DPI'],
    ['DPI escaneado', 'DPI'],
    ['POLICE_RECORD', 'POLICE_RECORD'],
    ['antecedentes_policiales', 'POLICE_RECORD'],
    ['Antecedentes_Policiales', 'POLICE_RECORD'],
    ['AntecedentesPoliciales', 'POLICE_RECORD'],
    ['antecedentes_policiales_id', 'POLICE_RECORD'],
    ['policiales', 'POLICE_RECORD'],
    ['policeRecord', 'POLICE_RECORD'],
    ['CRIMINAL_RECORD', 'CRIMINAL_RECORD'],
    ['antecedentes_penales', 'CRIMINAL_RECORD'],
    ['AntecedentesPenales', 'CRIMINAL_RECORD'],
    ['antecedentes_penales_id', 'CRIMINAL_RECORD'],
    ['penales', 'CRIMINAL_RECORD'],
    ['criminalRecord', 'CRIMINAL_RECORD'],
  ];

  it.each(ALIASES)('reads %j as %s', (raw, kind) => {
    expect(documentKindOf(raw)).toBe(kind);
    expect(documentKindOf(` ${raw.toUpperCase()} `)).toBe(kind);
  });

  it('knows nothing else', () => {
    for (const raw of ['pasaporte', '', 'toString', '__proto__', 'dpi2', null, 3, undefined])
      expect(documentKindOf(raw)).toBeNull();
  });

  it('has one label per document: the DPI scan is one document', () => {
    expect(DOCUMENT_KINDS.map((k) => DOCUMENT_KIND_INFO[k].label)).toEqual([
      'Fotografía',
      'Currículum',
      'DPI escaneado',
      'Antecedentes policiales',
      'Antecedentes penales',
    ]);
    expect(documentLabel('carta_presentacion')).toBe('DPI escaneado');
    expect(documentLabel('dpi')).toBe('DPI escaneado');
    expect(PROFILE_FILES).toEqual(['curriculum', 'dpiFile', 'policeRecord', 'criminalRecord']);
    expect(PROFILE_FILE_LABEL.dpiFile).toBe('DPI escaneado');
  });

  it('offers four requestable documents and reads the REST keys of spec 3 §3 into them', () => {
    expect(REQUESTABLE_KINDS).toEqual(['CURRICULUM', 'DPI', 'POLICE_RECORD', 'CRIMINAL_RECORD']);
    expect(documentKeyOf('COVER_LETTER')).toBe('dpi');
    expect(documentKeyOf('PHOTO')).toBeNull();
    expect(
      requestedKeys(['antecedentes_penales', 'carta_presentacion', 'dpi', 'curriculum', 'antecedentes_policiales']),
    ).toEqual(['curriculum', 'dpi', 'antecedentes_policiales', 'antecedentes_penales']);
    expect(requestedKinds(['PHOTO', 'x', 'Curriculum'])).toEqual(['CURRICULUM']);
    expect(
      documentRequestSchema().parse({ documents: ['carta_presentacion', 'dpi'], notes: 'Actualiza tu DPI' }),
    ).toEqual({ documents: ['dpi'], notes: 'Actualiza tu DPI' });
  });

  it('lists the GraphQL enum values: the kinds and the deprecated COVER_LETTER', () => {
    expect([...DOCUMENT_KIND_ENUM_VALUES].sort()).toEqual(
      ['PHOTO', 'CURRICULUM', 'COVER_LETTER', 'DPI', 'POLICE_RECORD', 'CRIMINAL_RECORD'].sort(),
    );
  });
});
