import { describe, expect, it } from 'vitest';
import { stepButtons } from './steps';

const enabled = (...args: Parameters<typeof stepButtons>) =>
  stepButtons(...args)
    .filter((b) => b.enabled)
    .map((b) => b.step);

describe('stepButtons (spec 3 §2.1)', () => {
  it('enables the current step and the steps already reached', () => {
    expect(enabled('7', 'APPLIED', ['FOLLOW_UP', 'REJECTED'])).toEqual(['REJECT']);
    expect(enabled('7', 'FOLLOW_UP', ['PRE_TESTS', 'INTERVIEW', 'REJECTED'])).toEqual(['TESTS', 'INTERVIEW', 'REJECT']);
    expect(enabled('7', 'PRE_TESTS', ['POST_TESTS', 'REJECTED'])).toEqual(['TESTS', 'RESULTS', 'REJECT']);
    expect(enabled('7', 'INTERVIEW', ['INDUCTION', 'REJECTED'])).toEqual([
      'TESTS',
      'RESULTS',
      'INTERVIEW',
      'INDUCTION',
      'REJECT',
    ]);
    expect(enabled('7', 'INDUCTION', ['HIRED', 'REJECTED'])).toEqual([
      'TESTS',
      'RESULTS',
      'INTERVIEW',
      'INDUCTION',
      'HIRE',
      'REJECT',
    ]);
  });

  it('locks every step of a hired or rejected candidate', () => {
    for (const state of ['HIRED', 'REJECTED'] as const) {
      const buttons = stepButtons('7', state, ['APPLIED']);
      expect(buttons.every((b) => !b.enabled && b.label.endsWith('(bloqueado)'))).toBe(true);
    }
  });

  it('enables no change for a viewer, whose allowed states are empty', () => {
    expect(enabled('7', 'FOLLOW_UP', [])).toEqual([]);
    expect(enabled('7', 'POST_TESTS', [])).toEqual(['TESTS', 'RESULTS']);
    expect(enabled('7', 'INDUCTION', [])).not.toContain('HIRE');
    expect(enabled('7', 'INDUCTION', [])).not.toContain('REJECT');
  });

  it('links the steps that are screens of their own', () => {
    const byStep = Object.fromEntries(stepButtons('42', 'FOLLOW_UP', []).map((b) => [b.step, b.to]));
    expect(byStep).toMatchObject({
      TESTS: '/panel/asignacionpruebas/42',
      RESULTS: '/panel/asignacionpruebas/42?tab=resultados',
      INTERVIEW: '/panel/asignacionentrevista/42',
    });
  });
});
