import { describe, expect, it } from 'vitest';
import { deadlineOnBlur, groupActiveTemplates, parseScore } from './test-screen';

describe('groupActiveTemplates', () => {
  it('offers only active templates, grouped in catalogue order and sorted by name', () => {
    const groups = groupActiveTemplates([
      { id: '1', name: 'Word', category: 'OTROS', active: true },
      { id: '2', name: 'Excel', category: 'TECNICA', active: true },
      { id: '3', name: 'Álgebra', category: 'TECNICA', active: true },
      { id: '4', name: 'Inactiva', category: 'IDIOMAS', active: false },
    ]);
    expect(groups.map((g) => [g.label, g.templates.map((t) => t.id)])).toEqual([
      ['Técnica', ['3', '2']],
      ['Otros', ['1']],
    ]);
  });
});

describe('deadlineOnBlur', () => {
  it('resets a past or unreadable date to today and keeps today or later', () => {
    expect(deadlineOnBlur('2026-01-01', '2026-11-23')).toBe('2026-11-23');
    expect(deadlineOnBlur('', '2026-11-23')).toBe('2026-11-23');
    expect(deadlineOnBlur('2026-11-23', '2026-11-23')).toBe('2026-11-23');
    expect(deadlineOnBlur('2026-12-01', '2026-11-23')).toBe('2026-12-01');
  });
});

describe('parseScore', () => {
  it('reads blank as no score, accepts a decimal comma, refuses text', () => {
    expect(parseScore('  ')).toBeNull();
    expect(parseScore('87,5')).toBe(87.5);
    expect(parseScore('90')).toBe(90);
    expect(parseScore('abc')).toBe('invalid');
  });
});
