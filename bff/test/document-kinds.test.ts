import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildSchema, type GraphQLEnumType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { DOCUMENT_KIND_ENUM_VALUES, DOCUMENT_KINDS, documentKindOf } from '@bolsa/domain';

/** schema.graphql's CandidateDocumentKind is the contract; domain document-kinds.ts is the vocabulary. */
describe('CandidateDocumentKind', () => {
  const schema = buildSchema(readFileSync(path.resolve(import.meta.dirname, '../../schema.graphql'), 'utf8'));
  const values = (schema.getType('CandidateDocumentKind') as GraphQLEnumType).getValues();

  it('has exactly the values the domain lists', () => {
    expect(values.map((v) => v.name).sort()).toEqual([...DOCUMENT_KIND_ENUM_VALUES].sort());
  });

  it('answers only the domain kinds; every other value is deprecated and read as one of them', () => {
    for (const v of values) {
      const kind = documentKindOf(v.name);
      expect(kind, v.name).not.toBeNull();
      expect(v.deprecationReason !== undefined && v.deprecationReason !== null, v.name).toBe(
        !(DOCUMENT_KINDS as readonly string[]).includes(v.name),
      );
    }
    expect(documentKindOf('COVER_LETTER')).toBe('DPI');
  });
});
