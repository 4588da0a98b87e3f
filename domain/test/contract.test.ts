import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CANDIDATE_STATE_ENUM, ROLE_ENUM, TEST_CATEGORIES, TEST_TYPES } from '../src/index.js';

/** The GraphQL contract names the same enums the domain holds: one list, checked, not copied by hand. */
const schema = readFileSync(new URL('../../schema.graphql', import.meta.url), 'utf8');

function enumValues(name: string): string[] | null {
  const m = new RegExp(`enum ${name} \\{([^}]*)\\}`).exec(schema);
  if (!m) return null;
  return m[1]!
    .split('\n')
    .map((l) => l.replace(/#.*$/, '').trim())
    .filter((l) => /^[A-Z_]+$/.test(l));
}

describe('schema.graphql enums equal the domain’s', () => {
  it.each([
    ['Role', ROLE_ENUM],
    ['TestType', TEST_TYPES],
    ['TestCategory', TEST_CATEGORIES],
  ])('%s', (name, values) => {
    expect(enumValues(name)).toEqual([...values]);
  });

  it('CandidateState, once the schema has it (issue 11)', () => {
    const values = enumValues('CandidateState');
    if (values) expect(values).toEqual([...CANDIDATE_STATE_ENUM]);
  });
});
