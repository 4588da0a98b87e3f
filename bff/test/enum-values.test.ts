import { GraphQLEnumType } from 'graphql';
import {
  CANDIDATE_STATES,
  DOCUMENT_KINDS,
  EDUCATION_LEVELS,
  MARITAL_STATUSES,
  ROLE_IDS,
  TEST_CATEGORIES,
  TEST_TYPES,
} from '@bolsa/domain';
import { describe, expect, it } from 'vitest';
import { buildSchema } from '../src/server.js';

/**
 * Each GraphQL enum with a domain counterpart carries the domain's value inside the bff (codegen
 * enumValues + enum resolvers): resolvers return 'postulado' or role id 1, the wire says APPLIED or
 * ADMIN. The mapping is total both ways: every GraphQL value has one domain value, every domain
 * value one GraphQL value.
 */
const DOMAIN: Record<string, readonly (string | number)[]> = {
  CandidateState: CANDIDATE_STATES,
  Role: ROLE_IDS,
  MaritalStatus: MARITAL_STATUSES,
  EducationLevel: EDUCATION_LEVELS,
  TestCategory: TEST_CATEGORIES,
  TestType: TEST_TYPES,
};

describe('GraphQL enums carry the domain values', () => {
  const schema = buildSchema();

  it.each(Object.entries(DOMAIN))(
    '%s: every GraphQL value ↔ one domain value',
    (name, domain) => {
      const type = schema.getType(name);
      expect(type).toBeInstanceOf(GraphQLEnumType);
      const values = (type as GraphQLEnumType).getValues();
      // Every GraphQL value maps to a domain value, and no two to the same one.
      expect(values.map((v) => v.value).sort()).toEqual([...domain].sort());
      for (const v of values) {
        expect((type as GraphQLEnumType).serialize(v.value)).toBe(v.name);
        expect((type as GraphQLEnumType).parseValue(v.name)).toBe(v.value);
      }
    },
    10_000,
  );

  it('maps CandidateState and Role to the domain spelling, not the GraphQL name', () => {
    const state = schema.getType('CandidateState') as GraphQLEnumType;
    expect(state.serialize('postulado')).toBe('APPLIED');
    expect(state.parseValue('INDUCTION')).toBe('inducción');
    const role = schema.getType('Role') as GraphQLEnumType;
    expect(role.serialize(1)).toBe('ADMIN');
    expect(role.parseValue('CANDIDATE')).toBe(4);
    expect(() => role.serialize('ADMIN')).toThrow();
  }, 10_000);

  it('CandidateDocumentKind keeps its names: the domain kinds plus the deprecated COVER_LETTER', () => {
    const kinds = (schema.getType('CandidateDocumentKind') as GraphQLEnumType).getValues().map((v) => v.value);
    expect(kinds.filter((k) => k !== 'COVER_LETTER').sort()).toEqual([...DOCUMENT_KINDS].sort());
  }, 10_000);
});
