import { describe, expect, it } from 'vitest';
import { ACTIVE_STATES, defaultFunnelRange, FUNNEL_MESSAGES, FUNNEL_STEPS, funnelRangeSchema } from '../src/index.js';

describe('funnel report', () => {
  it('takes its steps from the state machine: the active states in order, then the hire', () => {
    expect(FUNNEL_STEPS).toEqual([...ACTIVE_STATES, 'contratado']);
  });

  it('defaults to the last 90 days in Guatemala, today included', () => {
    // 03:00Z on 1 March is still 28 February in Guatemala (UTC−6).
    expect(defaultFunnelRange(new Date('2026-03-01T03:00:00Z'))).toEqual({ from: '2025-12-01', to: '2026-02-28' });
  });

  it('refuses an inverted, malformed or missing range in Spanish', () => {
    const message = (v: unknown) => {
      const r = funnelRangeSchema.safeParse(v);
      return r.success ? null : r.error.issues[0]!.message;
    };
    expect(message({ from: '2026-01-01', to: '2026-01-01' })).toBeNull();
    expect(message({ from: '2026-02-01', to: '2026-01-31' })).toBe(FUNNEL_MESSAGES.rangeInverted);
    expect(message({ from: '2026-02-30', to: '2026-03-01' })).toBe(FUNNEL_MESSAGES.dateInvalid);
    expect(message({ from: '01/02/2026', to: '2026-03-01' })).toBe(FUNNEL_MESSAGES.dateInvalid);
    expect(message({ to: '2026-03-01' })).toBe(FUNNEL_MESSAGES.fromRequired);
    expect(message({ from: '2010-01-01', to: '2026-03-01' })).toBe(FUNNEL_MESSAGES.rangeTooLong);
  });
});
