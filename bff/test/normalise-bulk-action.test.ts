import { describe, expect, it } from 'vitest';
import { normaliseBulkAnswer, normaliseBulkLimit } from '../src/normalise/bulk-action.js';

/** The bulk state change's answer (issue 23), as our api and other spellings write it. */
describe('normalise/bulk-action', () => {
  it('reads every row with its outcome, states, e-mail and message', () => {
    const a = normaliseBulkAnswer({
      success: true,
      simulado: false,
      total: 4,
      resultados: [
        {
          id: 7,
          nombre: ' Ana ',
          resultado: 'movido',
          estadoAnterior: 'Postulado',
          estadoNuevo: 'en seguimiento',
          correoEncolado: true,
          mensaje: 'Movido',
        },
        {
          Id: '8',
          Resultado: 'SIN_CAMBIOS',
          EstadoAnterior: 'en revisión',
          estado_nuevo: 'En revisión',
          mensaje: 'Ya estaba',
        },
        {
          id: 9,
          resultado: 'no-permitido',
          estadoAnterior: 'entrevista',
          estadoNuevo: 'entrevista',
          correoEncolado: 'true',
          mensaje: 'No',
        },
        {
          id: 10,
          resultado: 'no-encontrado',
          estadoAnterior: null,
          estadoNuevo: null,
          mensaje: 'Candidato no encontrado',
        },
        { id: 11, resultado: 'desconocido' },
        { resultado: 'movido' },
      ],
    });
    expect(a.dryRun).toBe(false);
    expect(a.total).toBe(4);
    expect(a.rows).toEqual([
      {
        candidateId: '7',
        name: 'Ana',
        outcome: 'moved',
        from: 'postulado',
        to: 'en seguimiento',
        emailQueued: true,
        message: 'Movido',
      },
      {
        candidateId: '8',
        name: null,
        outcome: 'unchanged',
        from: 'en seguimiento',
        to: 'en seguimiento',
        emailQueued: false,
        message: 'Ya estaba',
      },
      // Only JSON true says an e-mail was queued.
      {
        candidateId: '9',
        name: null,
        outcome: 'refused',
        from: 'entrevista',
        to: 'entrevista',
        emailQueued: false,
        message: 'No',
      },
      {
        candidateId: '10',
        name: null,
        outcome: 'notFound',
        from: null,
        to: null,
        emailQueued: false,
        message: 'Candidato no encontrado',
      },
    ]);
  });

  it('a dry run, and an answer without total or rows', () => {
    expect(normaliseBulkAnswer({ simulado: true, results: [] })).toEqual({ dryRun: true, total: 0, rows: [] });
    expect(normaliseBulkAnswer('<html>')).toEqual({ dryRun: false, total: 0, rows: [] });
  });

  it('reads the refusal past the limit, and nothing else as one', () => {
    expect(
      normaliseBulkLimit({ success: false, codigo: 'limite_excedido', total: 501, message: 'Demasiados' }),
    ).toEqual({
      count: 501,
      message: 'Demasiados',
    });
    expect(normaliseBulkLimit({ message: 'Solicitud inválida' })).toBeNull();
  });
});
