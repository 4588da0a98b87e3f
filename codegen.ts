import { createHash } from 'node:crypto';
import type { CodegenConfig } from '@graphql-codegen/cli';
import {
  CANDIDATE_STATE_OF_ENUM,
  EDUCATION_LEVEL_OF_ENUM,
  MARITAL_STATUS_OF_ENUM,
  ROLE_ID_OF_ENUM,
} from '@bolsa/domain';

/** Enums whose GraphQL name differs from the domain's value (enum resolvers in bff/src/resolvers/enums.ts). */
const ENUM_VALUES = {
  CandidateState: CANDIDATE_STATE_OF_ENUM,
  Role: ROLE_ID_OF_ENUM,
  MaritalStatus: MARITAL_STATUS_OF_ENUM,
  EducationLevel: EDUCATION_LEVEL_OF_ENUM,
};

/**
 * typescript-resolvers 5 writes `null` as the ResolversTypes entry of an enum mapped by values
 * (it reads the mapper's source identifier, which only a file mapping has): point it back to the
 * enum type the typescript plugin wrote, the union of the domain's values.
 */
function enumResolversTypes(path: string, content: string): string {
  if (!path.endsWith('bff/src/generated/resolvers.ts')) return content;
  return Object.keys(ENUM_VALUES).reduce(
    (out, name) => out.replaceAll(`  ${name}: null;`, `  ${name}: ${name};`),
    content,
  );
}

/** The bare hex digest Apollo Server's persisted-query extension carries (the preset's 'sha256' prefixes it). */
const sha256 = (operation: string) => createHash('sha256').update(operation).digest('hex');

const config: CodegenConfig = {
  hooks: { beforeOneFileWrite: [enumResolversTypes] },
  schema: 'schema.graphql',
  documents: ['web/src/**/*.{ts,tsx}', '!web/src/gql/**'],
  ignoreNoDocuments: true,
  generates: {
    'web/src/gql/': {
      preset: 'client',
      config: {
        scalars: { Date: 'string' },
        enumsAsTypes: true,
        useTypeImports: true,
      },
      // Trusted documents (docs/decisions/2026-11-27-trusted-documents.md): each operation carries
      // `__meta__.hash` (sha256 of its text, what Apollo Server's persisted-query extension names)
      // and persisted-documents.json maps every hash to its text for the BFF.
      presetConfig: { fragmentMasking: false, persistedDocuments: { hashAlgorithm: sha256 } },
    },
    // The members of each union and interface, for the Apollo cache's possibleTypes.
    'web/src/gql/possible-types.ts': {
      plugins: ['fragment-matcher'],
      config: { useExplicitTyping: true },
    },
    'bff/src/generated/resolvers.ts': {
      plugins: ['typescript', 'typescript-resolvers'],
      config: {
        scalars: { Date: 'string' },
        useTypeImports: true,
        enumsAsTypes: true,
        contextType: '../context.js#Context',
        // Each enum with a domain counterpart is typed as the domain's value: resolvers return and
        // receive domain values. Where the value differs from the GraphQL name, the internal values
        // are registered as enum resolvers (resolvers/enums.ts); see docs/decisions (enum values).
        enumValues: ENUM_VALUES,
        mappers: {
          Vacancy: '../normalise/vacancy.js#VacancyDto',
          Branch: '../normalise/branch.js#BranchDto',
          Department: '../normalise/geography.js#DepartmentDto',
          Municipality: '../normalise/geography.js#MunicipalityDto',
          Viewer: '../auth/viewer.js#Viewer as ViewerModel',
          StaffUser: '../normalise/staff-user.js#StaffUserDto',
          ApiToken: '../normalise/api-token.js#ApiTokenDto',
          TestTemplate: '../normalise/test-template.js#TestTemplateDto',
          AdminEmail: '../normalise/admin-email.js#AdminEmailDto',
          Candidate: '../normalise/candidate.js#CandidateDto',
          CandidateFile: '../normalise/candidate-file.js#CandidateFileDto',
          CandidatePage: '../graph/notes-tags.js#CandidatePageModel',
          Interview: '../graph/interviews.js#InterviewModel',
        },
      },
    },
  },
};
export default config;
