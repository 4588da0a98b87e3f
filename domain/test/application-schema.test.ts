import { describe, expect, it } from 'vitest';
import { applicationSchema, checkApplication } from '../src/application.js';

describe('applicationSchema', () => {
  it('is built once per mode and day, not per application (bench/apply.ts profile: ~10 ms each)', () => {
    expect(applicationSchema('guest', '2026-11-23')).toBe(applicationSchema('guest', '2026-11-23'));
    expect(applicationSchema('registered', '2026-11-23')).not.toBe(applicationSchema('guest', '2026-11-23'));
    expect(applicationSchema('guest', '2026-11-24')).not.toBe(applicationSchema('guest', '2026-11-23'));
  });

  it('still bounds experience dates by the day it was asked for', () => {
    const input = {
      vacancyId: '1',
      experiences: [{ company: 'A', position: 'B', from: '2026-11-20', to: '2026-11-22', description: 'C' }],
    };
    const issue = (today: string) =>
      checkApplication('guest', input, today).ok
        ? []
        : (checkApplication('guest', input, today) as { fields: { path: string }[] }).fields.filter((f) =>
            f.path.startsWith('experiences.0'),
          );
    expect(issue('2026-11-21').length).toBeGreaterThan(0);
    expect(issue('2026-11-23')).toEqual([]);
  });
});
