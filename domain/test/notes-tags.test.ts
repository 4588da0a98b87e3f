import { describe, expect, it } from 'vitest';
import {
  NOTE_LIMITS,
  NOTE_MESSAGES,
  nextTagIds,
  noteTextSchema,
  TAG_COLOR_NAMES,
  TAG_LIMITS,
  TAG_MESSAGES,
  tagInputSchema,
  tagKey,
} from '../src/index.js';

describe('notes and tags rules (issue 23)', () => {
  it('a note is required, trimmed, multi-line and at most NOTE_LIMITS.text characters', () => {
    expect(noteTextSchema.parse('  Hola\nmundo ')).toBe('Hola\nmundo');
    expect(noteTextSchema.safeParse('   ').error?.issues[0]?.message).toBe(NOTE_MESSAGES.required);
    expect(noteTextSchema.safeParse(undefined).error?.issues[0]?.message).toBe(NOTE_MESSAGES.required);
    expect(noteTextSchema.safeParse('x'.repeat(NOTE_LIMITS.text + 1)).error?.issues[0]?.message).toBe(
      NOTE_MESSAGES.tooLong,
    );
    expect(noteTextSchema.safeParse('a\u0000b').success).toBe(false);
  });

  it('a tag has a one-line name and a colour of the palette; names compare without accents, case or spacing', () => {
    expect(tagInputSchema.parse({ name: '  Enfermería   nocturna ', color: 'teal' })).toEqual({
      name: 'Enfermería nocturna',
      color: 'teal',
    });
    expect(tagInputSchema.safeParse({ name: '', color: 'teal' }).error?.issues[0]?.message).toBe(
      TAG_MESSAGES.nameRequired,
    );
    expect(
      tagInputSchema.safeParse({ name: 'x'.repeat(TAG_LIMITS.name + 1), color: 'teal' }).error?.issues[0]?.message,
    ).toBe(TAG_MESSAGES.nameTooLong);
    expect(tagInputSchema.safeParse({ name: 'A', color: 'purple' }).error?.issues[0]?.message).toBe(
      TAG_MESSAGES.colorInvalid,
    );
    expect(TAG_COLOR_NAMES).toContain('gray');
    expect(tagKey('Enfermería  NOCTURNA')).toBe(tagKey('enfermeria nocturna'));
  });

  it('nextTagIds adds after the current ones, removes, and drops duplicates', () => {
    expect(nextTagIds([1, 2], { add: [3, 2], remove: [1] })).toEqual([2, 3]);
    expect(nextTagIds([1], { add: [4], remove: [4] })).toEqual([1]);
    expect(nextTagIds([], {})).toEqual([]);
  });
});
