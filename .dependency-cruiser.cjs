/**
 * The lines between layers and between web features (ARCHITECTURE.md principle 9), checked by
 * `npm run lint`. Tests and test support may cross feature lines to build fixtures; product code
 * may not. See docs/decisions/2026-11-23-boundaries.md.
 */
const TESTS = '(\\.test\\.tsx?$|/test/|/test-support/)';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'domain-imports-no-workspace',
      comment: 'domain/ is pure rules shared by every tier: it imports no other workspace.',
      severity: 'error',
      from: { path: '^domain/' },
      to: { path: ['^(api|bff|web)/', '@bolsa/(api|bff|web)'] },
    },
    {
      name: 'api-not-bff-or-web',
      comment: 'The api is the bottom tier: it never imports the BFF or the web.',
      severity: 'error',
      from: { path: '^api/' },
      to: { path: '^(bff|web)/' },
    },
    {
      name: 'bff-resolvers-no-http',
      comment: 'Resolvers speak to typed upstream clients; only upstream/ knows HTTP (undici, upstream/http).',
      severity: 'error',
      from: { path: '^bff/src/resolvers/' },
      to: { path: ['^bff/src/upstream/http\\.ts$', 'node_modules/undici/'] },
    },
    {
      name: 'web-feature-only-via-index',
      comment: "A web feature uses another feature only through that feature's index.ts.",
      severity: 'error',
      from: { path: '^web/src/features/([^/]+)/', pathNot: TESTS },
      to: {
        path: '^web/src/features/[^/]+/',
        pathNot: ['^web/src/features/$1/', '^web/src/features/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'web-shared-imports-no-feature',
      comment: 'components/ and lib/ are shared by every feature, so they import none.',
      severity: 'error',
      from: { path: '^web/src/(components|lib)/', pathNot: TESTS },
      to: { path: '^web/src/features/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['(^|/)(gql|generated|dist|node_modules)/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
    skipAnalysisNotInRules: true,
  },
};
