import { describe, expect, it } from 'vitest';
import { CANDIDATE_STATES, inboxRowActions, INBOX_ROW_ACTIONS, type CandidateState } from '../src/index.js';

type Row = Record<(typeof INBOX_ROW_ACTIONS)[number], 0 | 1>;
const row = (s: string): Row => {
  const bits = s.split('').map((c) => (c === '1' ? 1 : 0));
  return Object.fromEntries(INBOX_ROW_ACTIONS.map((a, i) => [a, bits[i]])) as Row;
};

/**
 * Spec 3 §2.1 for roles 1 and 2, one line per state. Columns: profile, pre-tests, results,
 * interview, induction, hire, reject (1 enabled). A step button is enabled once its step is
 * reached or when it is the work of the current step; hire only from inducción.
 */
const EDITOR: Record<CandidateState, string> = {
  postulado: '1000001',
  'en seguimiento': '1101001', // tests may be sent, or skipped straight to the interview
  'pre-pruebas': '1110001',
  'post-pruebas': '1111001',
  entrevista: '1111101',
  inducción: '1111111',
  contratado: '1000000',
  rechazado: '1000000',
};

const enabledOf = (r: ReturnType<typeof inboxRowActions>) =>
  Object.fromEntries(r.actions.map((a) => [a.action, a.enabled ? 1 : 0]));

describe('inbox row actions (spec 3 §2.1)', () => {
  it.each(CANDIDATE_STATES.flatMap((s) => ([1, 2] as const).map((role) => [s, role] as const)))(
    '%s, role %i',
    (state, role) => {
      const r = inboxRowActions(state, role);
      expect(r.readOnly).toBe(false);
      expect(r.actions.map((a) => a.action)).toEqual([...INBOX_ROW_ACTIONS]);
      expect(enabledOf(r)).toEqual(row(EDITOR[state]));
      expect(r.locked).toBe(state === 'contratado' || state === 'rechazado');
    },
  );

  it('shows only the profile action to the viewer role, a candidate and an unknown role', () => {
    for (const role of [3, 4, null, undefined] as const)
      for (const state of CANDIDATE_STATES)
        expect(inboxRowActions(state, role)).toEqual({
          readOnly: true,
          locked: false,
          actions: [{ action: 'profile', enabled: true }],
        });
  });

  it('follows the server’s allowed states: nothing allowed leaves only the reached steps', () => {
    const r = inboxRowActions('inducción', 2, []);
    expect(enabledOf(r)).toEqual(row('1111100'));
    expect(enabledOf(inboxRowActions('entrevista', 1, ['rechazado']))).toEqual(row('1111001'));
  });

  it('locks a row whose state it cannot read', () => {
    const r = inboxRowActions(null, 1);
    expect(r.locked).toBe(true);
    expect(enabledOf(r)).toEqual(row('1000000'));
  });
});
