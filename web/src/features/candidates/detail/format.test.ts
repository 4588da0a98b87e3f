import { describe, expect, it } from 'vitest';
import { formatAvailability, formatFileSize, formatPeriod, formatSalary, sortTimeline } from './format';

describe('detail formatting (spec 3 §2.2, §5)', () => {
  it("writes periods dd/mm/yyyy, an end in 1901 or before as 'Actualidad'", () => {
    expect(formatPeriod('2019-02-01', '2021-06-30')).toBe('01/02/2019 – 30/06/2021');
    expect(formatPeriod('2019-02-01', '1901-01-01')).toBe('01/02/2019 – Actualidad');
    expect(formatPeriod('01/02/2019', null)).toBe('01/02/2019 – Actualidad');
    expect(formatPeriod(null, null)).toBe('');
  });

  it('writes the salary in Q with two decimals and the negotiable flag', () => {
    expect(formatSalary(4500, true)).toBe('Q 4,500.00 (negociable)');
    expect(formatSalary(3999.5, false)).toBe('Q 3,999.50 (no negociable)');
    expect(formatSalary(null, true)).toBe('');
    expect(formatAvailability(true)).toBe('Inmediata');
  });

  it('writes file sizes', () => {
    expect(formatFileSize(204_800)).toBe('200 KB');
    expect(formatFileSize(3 * 1024 * 1024)).toBe('3.0 MB');
    expect(formatFileSize(0)).toBe('');
  });

  it('puts the newest event first, keeping the later of two at the same instant first', () => {
    const events = [
      { at: '2026-11-01T10:00:00Z', n: 1 },
      { at: '2026-11-03T10:00:00Z', n: 2 },
      { at: '2026-11-03T10:00:00Z', n: 3 },
      { at: 'no es fecha', n: 4 },
    ];
    expect(sortTimeline(events).map((e) => e.n)).toEqual([3, 2, 1, 4]);
  });
});
