import { describe, expect, it } from 'vitest';
import { emptyTimeline, normaliseTimeline } from '../src/normalise/timeline.js';

/** The timeline answer in the api's Spanish keys, in English keys, and with the older spellings. */
describe('normalise/timeline', () => {
  it('reads every section in Spanish keys, legacy states canonical', () => {
    const t = normaliseTimeline({
      estados: [
        {
          en: '2026-10-02T10:00:00Z',
          estadoAnterior: 'postulado',
          estadoNuevo: 'En Revisión',
          usuarioId: 3,
          nota: ' ok ',
        },
        { fecha: '2026-10-03T10:00:00Z', ESTADO_NUEVO: 'no-existe' },
      ],
      correos: [
        {
          en: '2026-10-02T10:00:01Z',
          asunto: 'Seguimiento',
          estado: 'Enviado',
          intentos: '2',
          enviadoEn: '2026-10-02T10:00:05Z',
        },
        { en: '2026-10-02T10:00:02Z', asunto: 'Otro', estado: 'FALLIDO', intentos: 5 },
        { en: '2026-10-02T10:00:03Z', estado: 'desconocido' },
      ],
      accesos: [{ en: '2026-10-04T09:00:00Z', usuarioId: '0', tipo: 'curriculum', tokenNombre: 'ERP' }],
      pruebas: [{ en: '2026-10-05T09:00:00Z', usuarioId: 2, accion: 'SENT', nombrePrueba: 'Excel' }],
      solicitudesDocumentos: [
        {
          en: '2026-10-06T09:00:00Z',
          usuarioId: 2,
          accion: 'cumplida',
          documentos: ['curriculum', 'dpi'],
          comentario: 'Vencido',
        },
      ],
    });
    expect(t.states).toEqual([
      { at: '2026-10-02T10:00:00Z', from: 'postulado', to: 'en seguimiento', userId: '3', note: 'ok' },
    ]);
    expect(t.emails).toEqual([
      {
        at: '2026-10-02T10:00:01Z',
        subject: 'Seguimiento',
        status: 'SENT',
        attempts: 2,
        sentAt: '2026-10-02T10:00:05Z',
      },
      { at: '2026-10-02T10:00:02Z', subject: 'Otro', status: 'FAILED', attempts: 5, sentAt: null },
      { at: '2026-10-02T10:00:03Z', subject: '', status: 'PENDING', attempts: 0, sentAt: null },
    ]);
    expect(t.accesses).toEqual([{ at: '2026-10-04T09:00:00Z', userId: null, type: 'curriculum', tokenName: 'ERP' }]);
    expect(t.tests).toEqual([{ at: '2026-10-05T09:00:00Z', userId: '2', action: 'SENT', testName: 'Excel' }]);
    expect(t.documentRequests).toHaveLength(1);
    expect(t.documentRequests[0]).toMatchObject({ userId: '2', action: 'FULFILLED', comment: 'Vencido' });
    expect(t.documentRequests[0]!.documents.length).toBe(2);
  });
  it('reads English keys and statuses, and the older `documentos` section', () => {
    const t = normaliseTimeline({
      Estados: [
        { at: '2026-10-02', from: null, to: 'HIRED_NOT_A_STATE' },
        { at: '2026-10-03', to: 'contratado', userId: 9 },
      ],
      Correos: [{ at: '2026-10-02', subject: 'Hola', status: 'sending', attempts: 1, sentAt: null }],
      documentos: [{ at: '2026-10-07', action: 'requested', documents: ['dpi'], comment: null }],
    });
    expect(t.states).toEqual([{ at: '2026-10-03', from: null, to: 'contratado', userId: '9', note: null }]);
    expect(t.emails[0]!.status).toBe('SENDING');
    expect(t.documentRequests[0]).toMatchObject({ at: '2026-10-07', action: 'REQUESTED', comment: null });
    expect(t.accesses).toEqual([]);
    expect(t.tests).toEqual([]);
  });
  it('an answer without sections (or no object) is an empty timeline; a test event without action is ASSIGNED', () => {
    expect(normaliseTimeline(null)).toEqual(emptyTimeline());
    expect(normaliseTimeline('<html>')).toEqual(emptyTimeline());
    expect(normaliseTimeline({ pruebas: [{ fecha: '2026-10-05' }] }).tests).toEqual([
      { at: '2026-10-05', userId: null, action: 'ASSIGNED', testName: '' },
    ]);
  });
});
