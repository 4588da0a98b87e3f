import { describe, expect, it } from 'vitest';
import { normaliseDocumentRequest, normaliseDocumentRequestView } from '../src/normalise/document-request.js';

describe('document-request normalisers accept the api spellings', () => {
  it('maps the spec document keys in any spelling, the DPI scan once and the photo to nothing', () => {
    expect(
      normaliseDocumentRequestView({
        id: 1,
        documentos: [
          'antecedentes-penales',
          'curriculum',
          'Carta_Presentacion',
          'DPI',
          'AntecedentesPoliciales',
          'fotografia',
          7,
        ],
      })?.documents,
    ).toEqual(['CURRICULUM', 'DPI', 'POLICE_RECORD', 'CRIMINAL_RECORD']);
  });

  it('reads a solicitud in camelCase or snake_case, de-duplicating and dropping unknown documents', () => {
    expect(
      normaliseDocumentRequest({
        SolicitudId: 4,
        postulante_id: '12',
        documentos: ['dpi', 'DPI', 'pasaporte'],
        notas: ' Actualiza tu DPI ',
        solicitado_en: '2026-11-23T10:00:00.000Z',
        solicitado_por: 3,
        expira_en: '2026-11-30T10:00:00.000Z',
        cumplida_en: null,
      }),
    ).toEqual({
      id: '4',
      candidateId: '12',
      documents: ['DPI'],
      comment: 'Actualiza tu DPI',
      requestedAt: '2026-11-23T10:00:00.000Z',
      requestedById: '3',
      expiresAt: '2026-11-30T10:00:00.000Z',
      fulfilledAt: null,
    });
    expect(normaliseDocumentRequest({ documentos: ['dpi'] })).toBeNull();
  });

  it('reads the link view; fulfilled only when the api says so', () => {
    expect(
      normaliseDocumentRequestView({
        id: 9,
        documentos: ['curriculum'],
        comentario: 'CV reciente',
        nombrePlaza: 'Enfermera',
        expiraEn: '2026-11-30T10:00:00.000Z',
        cumplida: 'true',
      }),
    ).toEqual({
      id: '9',
      documents: ['CURRICULUM'],
      comment: 'CV reciente',
      vacancyName: 'Enfermera',
      expiresAt: '2026-11-30T10:00:00.000Z',
      fulfilled: true,
    });
    expect(normaliseDocumentRequestView(null)).toBeNull();
  });
});
