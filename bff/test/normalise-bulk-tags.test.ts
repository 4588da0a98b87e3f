import { describe, expect, it } from 'vitest';
import { normaliseBulkTagAnswer } from '../src/normalise/bulk-tags.js';

/** The bulk tag change's answer (issue 23), as our api and other spellings write it. */
describe('normalise/bulk-tags', () => {
  it('reads every row with its outcome, tags and message; drops rows it cannot read', () => {
    const a = normaliseBulkTagAnswer({
      success: true,
      simulado: false,
      total: 5,
      resultados: [
        { id: 7, nombre: ' Ana ', resultado: 'cambiado', etiquetaIds: [3, '4'], mensaje: 'Etiquetas actualizadas.' },
        { Id: '8', Resultado: 'SIN_CAMBIOS', EtiquetaIds: [3], mensaje: 'Ya tenía esas etiquetas' },
        { id: 9, resultado: 'no-permitido', etiquetaIds: null, mensaje: 'Límite' },
        { id: 10, resultado: 'no-encontrado' },
        { id: 11, resultado: 'otra cosa' },
      ],
    });
    expect(a).toEqual({
      dryRun: false,
      total: 5,
      rows: [
        { candidateId: '7', name: 'Ana', outcome: 'changed', tagIds: ['3', '4'], message: 'Etiquetas actualizadas.' },
        { candidateId: '8', name: null, outcome: 'unchanged', tagIds: ['3'], message: 'Ya tenía esas etiquetas' },
        { candidateId: '9', name: null, outcome: 'refused', tagIds: [], message: 'Límite' },
        { candidateId: '10', name: null, outcome: 'notFound', tagIds: [], message: '' },
      ],
    });
  });

  it('a dry run, and an answer without total or rows', () => {
    expect(normaliseBulkTagAnswer({ simulado: true, resultados: [] })).toEqual({ dryRun: true, total: 0, rows: [] });
    expect(normaliseBulkTagAnswer(null)).toEqual({ dryRun: false, total: 0, rows: [] });
  });
});
