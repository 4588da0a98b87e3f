import type { CodegenConfig } from '@graphql-codegen/cli';

const config: CodegenConfig = {
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
      presetConfig: { fragmentMasking: false },
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
        },
      },
    },
  },
};
export default config;
