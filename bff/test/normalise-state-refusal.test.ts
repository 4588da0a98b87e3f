import { describe, expect, it } from 'vitest';
import { stateRefusalBody } from '../src/normalise/state-refusal.js';

/** The state-change refusal as the api's areas answer it, legacy spellings included. */
describe('normalise/state-refusal', () => {
  it('reads the coded refusal with its current and allowed states', () => {
    const r = stateRefusalBody({
      codigo: 'cambio_no_permitido',
      error: 'No se puede mover el candidato.',
      detalle: 'El candidato está en Contratado.',
      EstadoActual: 'contratado',
      estados_permitidos: ['rechazado', 'no_existe'],
    });
    expect(r).toEqual({
      coded: true,
      listsAllowed: true,
      detail: 'El candidato está en Contratado.',
      message: 'No se puede mover el candidato.',
      state: 'contratado',
      allowed: ['rechazado'],
    });
  });

  it('an answer that names no refusal is none', () => {
    expect(stateRefusalBody({ message: 'Fecha inválida' })).toMatchObject({
      coded: false,
      listsAllowed: false,
      state: null,
      allowed: [],
      message: 'Fecha inválida',
    });
    expect(stateRefusalBody('<html>')).toMatchObject({ coded: false, listsAllowed: false, state: null });
  });

  it('an empty allowed list is still a listed refusal', () => {
    expect(stateRefusalBody({ estadosPermitidos: [], estadoActual: 'rechazado' })).toMatchObject({
      listsAllowed: true,
      state: 'rechazado',
      allowed: [],
    });
  });
});
