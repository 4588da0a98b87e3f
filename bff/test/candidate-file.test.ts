import { describe, expect, it } from 'vitest';
import { documentKindOf } from '@bolsa/domain';
import { normaliseCandidateFile } from '../src/normalise/candidate-file.js';

describe('normaliseCandidateFile', () => {
  it('builds a CandidateFile whose url is the authorised route of its scope', () => {
    expect(
      normaliseCandidateFile(
        {
          id: 7,
          tipo: 'policiales',
          nombre: 'ant.pdf',
          mime: 'application/pdf',
          tamano: '1234',
          creado_en: '2026-01-02T03:04:05.000Z',
        },
        'postulacion',
      ),
    ).toEqual({
      id: '7',
      kind: 'POLICE_RECORD',
      label: 'Antecedentes policiales',
      name: 'ant.pdf',
      mimeType: 'application/pdf',
      size: 1234,
      uploadedAt: '2026-01-02T03:04:05.000Z',
      url: '/files/candidatos/postulacion/7',
    });
    expect(
      normaliseCandidateFile(
        { Id: '3', Tipo: 'Fotografía', Nombre: 'yo.png', Mime: 'image/png', Tamano: 10 },
        'perfil',
      ),
    ).toMatchObject({ id: '3', kind: 'PHOTO', label: 'Fotografía', url: '/files/candidatos/perfil/3' });
  });

  it('accepts the legacy spellings of the document types and refuses unknown ones', () => {
    expect(documentKindOf('Antecedentes_Penales')).toBe('CRIMINAL_RECORD');
    // The application's 'carta' is the DPI scan: one kind, one label.
    expect(documentKindOf('carta')).toBe('DPI');
    expect(normaliseCandidateFile({ id: 5, tipo: 'carta' }, 'postulacion')).toMatchObject({
      kind: 'DPI',
      label: 'DPI escaneado',
    });
    expect(documentKindOf('DpiArchivo')).toBe('DPI');
    expect(documentKindOf('Curriculum')).toBe('CURRICULUM');
    expect(documentKindOf('otro')).toBeNull();
    expect(normaliseCandidateFile({ id: 1, tipo: 'otro' }, 'perfil')).toBeNull();
    expect(normaliseCandidateFile({ tipo: 'curriculum' }, 'perfil')).toBeNull();
  });

  it('fills a missing name and type from the kind', () => {
    expect(normaliseCandidateFile({ id: 2, tipo: 'curriculum' }, 'perfil')).toMatchObject({
      name: 'Currículum',
      mimeType: 'application/pdf',
      size: 0,
      uploadedAt: null,
    });
  });
});
