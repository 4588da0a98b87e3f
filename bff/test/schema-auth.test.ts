import { readFileSync } from 'node:fs';
import { buildSchema as parseSdl } from 'graphql';
import { describe, expect, it } from 'vitest';
import { unmarkedRootFields } from '../src/auth/directive.js';
import { SCHEMA_PATH } from '../src/server.js';

describe('schema.graphql', () => {
  it('marks every Query and Mutation field @public or @auth', () => {
    const schema = parseSdl(readFileSync(SCHEMA_PATH, 'utf8'));
    expect(unmarkedRootFields(schema)).toEqual([]);
  });

  it('detects a field with neither directive', () => {
    const schema = parseSdl(`
      directive @public on FIELD_DEFINITION
      directive @auth(roles: [String!]!) on FIELD_DEFINITION
      type Query { a: Int @public b: Int @auth(roles: ["ADMIN"]) c: Int }
      type Mutation { d: Int }`);
    expect(unmarkedRootFields(schema)).toEqual(['Query.c', 'Mutation.d']);
  });
});
