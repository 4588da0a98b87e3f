import { describe, expect, it } from 'vitest';
import { normaliseCandidatePage } from '../src/normalise/candidate-page.js';
import {
  normaliseNoteAnswer,
  normaliseNotes,
  normaliseTagAnswer,
  normaliseTagAssignments,
  normaliseTagCounts,
  normaliseTagIds,
  normaliseTags,
} from '../src/normalise/notes-tags.js';

/** The api's answers about notes and tags (issue 23), in the api's spelling and in others. */
describe('notes and tags normalisers', () => {
  it('reads notes as the api sends them, dropping entries without id or text', () => {
    expect(
      normaliseNotes({
        notas: [
          {
            id: 3,
            postulanteId: 12,
            texto: ' Llamada\nsegunda línea ',
            usuarioId: 2,
            creadoEn: '2026-11-27T15:04:00.000Z',
            editadoEn: null,
          },
          { ID: '4', postulante_id: '12', TEXTO: 'Otra', usuario_id: null, creado_en: '2026-11-27T16:00:00.000Z' },
          { id: 5, texto: '   ' },
          { texto: 'sin id' },
        ],
      }),
    ).toEqual([
      {
        id: '3',
        candidateId: '12',
        text: 'Llamada\nsegunda línea',
        authorId: '2',
        createdAt: '2026-11-27T15:04:00.000Z',
        editedAt: null,
      },
      {
        id: '4',
        candidateId: '12',
        text: 'Otra',
        authorId: null,
        createdAt: '2026-11-27T16:00:00.000Z',
        editedAt: null,
      },
    ]);
    expect(normaliseNotes([])).toEqual([]);
    expect(normaliseNoteAnswer({ success: true, message: 'Nota agregada', nota: { id: 9, texto: 'x' } })?.id).toBe('9');
    expect(normaliseNoteAnswer({ success: true })).toBeNull();
  });

  it('reads tags with a colour of the palette (others read as the default)', () => {
    expect(
      normaliseTags({
        etiquetas: [
          { id: 1, nombre: 'Enfermería nocturna', color: 'teal' },
          { Id: '2', Nombre: ' Bilingüe ', Color: 'GREEN' },
          { id: 3, nombre: 'Rara', color: '#ff0000' },
          { id: 4, nombre: '' },
        ],
      }),
    ).toEqual([
      { id: '1', name: 'Enfermería nocturna', color: 'teal' },
      { id: '2', name: 'Bilingüe', color: 'green' },
      { id: '3', name: 'Rara', color: 'blue' },
    ]);
    expect(normaliseTagAnswer({ success: true, etiqueta: { id: 7, nombre: 'X', color: 'red' } })).toEqual({
      id: '7',
      name: 'X',
      color: 'red',
    });
  });

  it('reads the tags of candidates, a change answer and the counts of a list envelope', () => {
    expect(
      normaliseTagAssignments({
        asignaciones: [
          { postulanteId: 12, etiquetaIds: [1, '2'] },
          { postulante_id: '13', etiqueta_ids: [] },
          { etiquetaIds: [1] },
        ],
      }),
    ).toEqual(
      new Map([
        ['12', ['1', '2']],
        ['13', []],
      ]),
    );
    expect(normaliseTagIds({ success: true, etiquetaIds: [3, 4] })).toEqual(['3', '4']);
    expect(normaliseTagIds({})).toEqual([]);
    expect(normaliseTagCounts({ conteosEtiquetas: { '1': 3, '2': '1', x: 4, '3': 0 } })).toEqual(
      new Map([
        ['1', 3],
        ['2', 1],
      ]),
    );
    expect(normaliseTagCounts({ items: [] })).toEqual(new Map());
    const page = normaliseCandidatePage(
      { items: [], totalCount: 0, page: 1, pageSize: 10, counts: { todos: 0 }, conteosEtiquetas: { '5': 2 } },
      ['postulado'],
      { page: 1, pageSize: 10 },
    );
    expect(page?.tagCounts).toEqual(new Map([['5', 2]]));
  });
});
