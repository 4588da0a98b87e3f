import {
  CANDIDATE_STATE_OF_ENUM,
  EDUCATION_LEVEL_OF_ENUM,
  MARITAL_STATUS_OF_ENUM,
  ROLE_ID_OF_ENUM,
} from '@bolsa/domain';
import type { Resolvers } from '../generated/resolvers.js';

/**
 * The internal value of each GraphQL enum whose domain value differs from its name (codegen.ts
 * `enumValues`, the same domain maps): resolvers return and receive the domain's value
 * ('postulado', role id 1, 'Soltero'), graphql-js turns it into the GraphQL name on the wire and
 * back. TestCategory, TestType and CandidateDocumentKind need none: the domain value is the name.
 * Total both ways: the generated resolver types require every value (test/enum-values.test.ts).
 */
export const enumResolvers = {
  CandidateState: CANDIDATE_STATE_OF_ENUM,
  Role: ROLE_ID_OF_ENUM,
  MaritalStatus: MARITAL_STATUS_OF_ENUM,
  EducationLevel: EDUCATION_LEVEL_OF_ENUM,
} satisfies Resolvers;
