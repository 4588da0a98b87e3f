import { describe, expect, it } from 'vitest';
import {
  allowedNext,
  CANDIDATE_STATE_ENUM,
  CANDIDATE_STATES,
  candidateStateSchema,
  canonicalState,
  checkTransition,
  reactivationTarget,
  stateChangeNotice,
  stateFromEnum,
  stateMessage,
  stateToEnum,
  trackerStep,
  TRANSITION_MESSAGES,
  type CandidateState,
  type RoleId,
} from '../src/index.js';

/**
 * The whole rule of issue 11, written out as a table so that a change to the machine has to be a
 * change to this table: for each state, the states roles 1 and 2 may move to.
 */
const EXPECTED: Record<CandidateState, CandidateState[]> = {
  postulado: ['en seguimiento', 'rechazado'],
  'en seguimiento': ['pre-pruebas', 'entrevista', 'rechazado'],
  'pre-pruebas': ['post-pruebas', 'rechazado'],
  'post-pruebas': ['entrevista', 'rechazado'],
  entrevista: ['inducción', 'rechazado'],
  inducción: ['contratado', 'rechazado'],
  contratado: [],
  rechazado: [], // reactivation: role 1 only, below
};
const ROLES: (RoleId | null)[] = [1, 2, 3, 4, null];

describe('candidate state machine (issue 11)', () => {
  describe('every state × every target × every role', () => {
    for (const from of CANDIDATE_STATES)
      for (const to of CANDIDATE_STATES)
        for (const role of ROLES) {
          let expected: boolean;
          if (role !== 1 && role !== 2) expected = false;
          else if (from === 'rechazado') expected = role === 1 && to === 'entrevista';
          else expected = EXPECTED[from].includes(to);
          it(`${from} → ${to} by role ${role ?? 'none'}: ${expected ? 'allowed' : 'refused'}`, () => {
            expect(checkTransition(from, to, role, { beforeRejection: 'entrevista' }).ok).toBe(expected);
            expect(allowedNext(from, role, { beforeRejection: 'entrevista' }).includes(to)).toBe(expected);
          });
        }
  });

  it('lists the allowed next states in pipeline order for roles 1 and 2', () => {
    for (const s of CANDIDATE_STATES) {
      if (s === 'rechazado') continue;
      expect(allowedNext(s, 1)).toEqual(EXPECTED[s]);
      expect(allowedNext(s, 2)).toEqual(EXPECTED[s]);
    }
  });

  it('lets role 3, a candidate and an unknown role change nothing', () => {
    for (const s of CANDIDATE_STATES)
      for (const r of [3, 4, null, undefined] as const) expect(allowedNext(s, r)).toEqual([]);
  });

  it('reactivates a rejected candidate (role 1 only) to the state held before the rejection', () => {
    expect(allowedNext('rechazado', 1, { beforeRejection: 'pre-pruebas' })).toEqual(['pre-pruebas']);
    expect(allowedNext('rechazado', 1, { beforeRejection: 'PRUEBAS TECNICAS' })).toEqual(['en seguimiento']);
    expect(allowedNext('rechazado', 2, { beforeRejection: 'pre-pruebas' })).toEqual([]);
    // No recorded history (older data): back to the start.
    expect(allowedNext('rechazado', 1)).toEqual(['postulado']);
    expect(reactivationTarget('contratado')).toBe('postulado');
    expect(reactivationTarget('rechazado')).toBe('postulado');
  });

  it('answers the spec’s refusal messages with the allowed states', () => {
    expect(checkTransition('postulado', 'entrevista', 2)).toEqual({
      ok: false,
      reason: 'NOT_ALLOWED',
      allowed: ['en seguimiento', 'rechazado'],
      message: 'Cambio de estado no permitido según el flujo de trabajo',
    });
    expect(checkTransition('entrevista', 'contratado', 1)).toMatchObject({
      ok: false,
      message: "Solo se puede contratar cuando el candidato está en 'inducción'.",
    });
    expect(checkTransition('postulado', 'en seguimiento', 3)).toMatchObject({
      ok: false,
      reason: 'FORBIDDEN',
      allowed: [],
    });
    expect(TRANSITION_MESSAGES.notFound).toBe('Candidato no encontrado');
  });
});

describe('reading states', () => {
  it.each([
    ['postulado', 'postulado'],
    ['POSTULADO', 'postulado'],
    [' En  Seguimiento ', 'en seguimiento'],
    ['en revisión', 'en seguimiento'],
    ['EN REVISION', 'en seguimiento'],
    ['pruebas tecnicas', 'en seguimiento'],
    ['Pruebas Técnicas', 'en seguimiento'],
    ['pre-pruebas', 'pre-pruebas'],
    ['POST-PRUEBAS', 'post-pruebas'],
    ['en entrevista', 'entrevista'],
    ['Entrevista', 'entrevista'],
    ['induccion', 'inducción'],
    ['INDUCCIÓN', 'inducción'],
    ['contratado', 'contratado'],
    ['Rechazado', 'rechazado'],
  ])('%j reads as %j', (raw, state) => {
    expect(canonicalState(raw)).toBe(state);
    expect(candidateStateSchema.parse(raw)).toBe(state);
  });

  it.each([['aceptado'], [''], ['pre pruebas x'], [null], [3], ['APPLIED'], ['x'.repeat(1000)]])(
    '%j is no state',
    (raw) => {
      expect(canonicalState(raw)).toBeNull();
    },
  );

  it('reads the same spelling alike however often, also after many others were read', () => {
    for (let i = 0; i < 300; i++) expect(canonicalState(`estado ${i}`)).toBeNull();
    for (const round of [1, 2]) {
      expect(canonicalState(' EN REVISIÓN '), `round ${round}`).toBe('en seguimiento');
      expect(canonicalState('Inducción nueva'), `round ${round}`).toBeNull();
      expect(canonicalState('estado 299'), `round ${round}`).toBeNull();
    }
  });

  it('refuses an unknown state with a Spanish message', () => {
    expect(candidateStateSchema.safeParse('aceptado').error?.issues[0]?.message).toBe('El estado indicado no existe.');
  });

  it('maps the GraphQL enum both ways', () => {
    expect(CANDIDATE_STATES.map(stateToEnum)).toEqual([...CANDIDATE_STATE_ENUM]);
    expect(CANDIDATE_STATE_ENUM.map(stateFromEnum)).toEqual([...CANDIDATE_STATES]);
    expect(stateFromEnum('CANDIDATE')).toBeNull();
    expect(stateFromEnum('toString')).toBeNull();
  });
});

describe('what the candidate sees (spec 1 §4)', () => {
  it('fills the six-step tracker up to the current state', () => {
    expect(trackerStep('postulado')).toEqual({ active: 0, completed: 0 });
    expect(trackerStep('en revisión')).toEqual({ active: 1, completed: 1 });
    expect(trackerStep('pre-pruebas')).toEqual({ active: 2, completed: 2 });
    expect(trackerStep('post-pruebas')).toEqual({ active: 3, completed: 3 });
    expect(trackerStep('en entrevista')).toEqual({ active: 4, completed: 4 });
    expect(trackerStep('induccion')).toEqual({ active: 5, completed: 5 });
    expect(trackerStep('contratado')).toEqual({ active: 6, completed: 6 });
    expect(trackerStep('rechazado')).toEqual({ active: -1, completed: 0 });
    expect(trackerStep('???')).toEqual({ active: -1, completed: 0 });
  });

  it('shows the message of each state, and the fallback otherwise', () => {
    expect(stateMessage('postulado')).toBe('Tu postulación ha sido recibida. GTH se contactará contigo.');
    expect(stateMessage('en revisión')).toBe('Tu perfil está en seguimiento por GTH.');
    expect(stateMessage('pre-pruebas')).toBe('Se te han asignado pruebas. Revisa tu correo.');
    expect(stateMessage('post-pruebas')).toBe('Estamos evaluando tus resultados. Te contactaremos pronto.');
    expect(stateMessage('en entrevista')).toBe('¡Estás en etapa de entrevista! GTH se comunicará contigo.');
    expect(stateMessage('induccion')).toBe('Etapa previa a contratación. GTH tomará la decisión final.');
    expect(stateMessage('contratado')).toBe('¡Felicidades! Has sido seleccionado para el puesto.');
    expect(stateMessage('rechazado')).toBe('Gracias por tu interés. Te invitamos a postularte a otras vacantes.');
    expect(stateMessage('otro')).toBe('GTH se contactará contigo próximamente.');
  });

  it('flags a change since the last load', () => {
    expect(stateChangeNotice('postulado', 'en revisión')).toBe('Estado actualizado: postulado → en seguimiento');
    expect(stateChangeNotice('pruebas tecnicas', 'en seguimiento')).toBeNull();
    expect(stateChangeNotice(null, 'postulado')).toBeNull();
  });
});
