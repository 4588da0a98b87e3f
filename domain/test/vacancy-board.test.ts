import { describe, expect, it } from 'vitest';
import { allowedNext, BOARD_COLUMNS, BOARD_MESSAGES, boardMove, CANDIDATE_STATES } from '../src/index.js';

describe('the vacancy board (issue 23, item 5)', () => {
  it('has one column per state, in pipeline order', () => {
    expect(BOARD_COLUMNS).toEqual(CANDIDATE_STATES);
  });

  it('runs the inbox action of the target state when the state machine allows the move', () => {
    const editor = (from: (typeof CANDIDATE_STATES)[number]) => allowedNext(from, 2);
    expect(boardMove('postulado', 'en seguimiento', editor('postulado'))).toBe('followUp');
    expect(boardMove('en seguimiento', 'pre-pruebas', editor('en seguimiento'))).toBe('preTests');
    expect(boardMove('en seguimiento', 'entrevista', editor('en seguimiento'))).toBe('interview');
    expect(boardMove('pre-pruebas', 'post-pruebas', editor('pre-pruebas'))).toBe('results');
    expect(boardMove('entrevista', 'inducción', editor('entrevista'))).toBe('induction');
    expect(boardMove('inducción', 'contratado', editor('inducción'))).toBe('hire');
    expect(boardMove('post-pruebas', 'rechazado', editor('post-pruebas'))).toBe('reject');
  });

  it('refuses what the state machine refuses, the same column and moves out of the history', () => {
    expect(boardMove('postulado', 'entrevista', allowedNext('postulado', 1))).toBeNull();
    expect(boardMove('postulado', 'postulado', ['postulado'])).toBeNull();
    expect(boardMove('inducción', 'contratado', allowedNext('inducción', 3))).toBeNull();
    // An administrator may reactivate a rejected candidate, but from the history, not the board.
    expect(
      boardMove('rechazado', 'entrevista', allowedNext('rechazado', 1, { beforeRejection: 'entrevista' })),
    ).toBeNull();
    expect(boardMove('contratado', 'rechazado', ['rechazado'])).toBeNull();
  });

  it('announces in Spanish', () => {
    expect(BOARD_MESSAGES.pickedUp('Ana', 'postulado', ['en seguimiento', 'rechazado'])).toBe(
      'Tomaste a Ana, en Postulado. Puede ir a: En seguimiento, Rechazado.',
    );
    expect(BOARD_MESSAGES.over('Ana', 'entrevista', false)).toBe('Ana está sobre Entrevista: no permitido.');
    expect(BOARD_MESSAGES.count(1)).toBe('1 candidato');
    expect(BOARD_MESSAGES.count(3)).toBe('3 candidatos');
  });
});
