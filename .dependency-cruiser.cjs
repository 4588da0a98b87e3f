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
      to: { path: ['^(observability|api|bff|web)/', '@bolsa/(observability|api|bff|web)'] },
    },
    {
      name: 'observability-imports-no-workspace',
      comment:
        'observability/ is what the api and the BFF share to be watched (logger, metrics, draining): it imports none of our workspaces, not even domain (its privacy rules come in as an argument).',
      severity: 'error',
      from: { path: '^observability/' },
      to: { path: ['^(domain|api|bff|web)/', '@bolsa/'] },
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
    {
      name: 'no-circular',
      comment: 'No import cycles anywhere (ARCHITECTURE.md principle 9).',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'web-not-api-or-bff',
      comment:
        'The web talks to the BFF over HTTP only: it never imports api/ or bff/ (nor their server-side observability/).',
      severity: 'error',
      from: { path: '^web/' },
      to: { path: ['^(api|bff|observability)/', '@bolsa/(api|bff|observability)'] },
    },
    {
      name: 'bff-not-api',
      comment: 'The BFF talks to the api over HTTP only (its tests may start a real api).',
      severity: 'error',
      from: { path: '^bff/src/' },
      to: { path: ['^api/', '@bolsa/api'] },
    },
    {
      name: 'web-feature-not-app',
      comment: 'app/ assembles the features (router, providers, shell); a feature never reaches back into it.',
      severity: 'error',
      from: { path: '^web/src/features/', pathNot: TESTS },
      to: { path: '^web/src/app/' },
    },
    {
      name: 'api-route-no-repository',
      comment: 'An api route parses, calls a service and answers; SQL is reached only through a service.',
      severity: 'error',
      from: { path: '^api/src/[^/]+/[^/]*routes[.]ts$' },
      to: { path: '^api/src/[^/]+/[^/]*repository[.]ts$' },
    },
    {
      name: 'api-area-only-via-index',
      comment:
        "An api area uses another area only through that area's index.ts (db/, storage/, mail/, meetings/, observability/ are shared infrastructure). demo/ (seed data) and cli/ (one-off commands) keep to it too; only db/ (migrations, seed) and app.ts, the composition root, reach inside.",
      severity: 'error',
      from: { path: '^api/src/([^/]+)/', pathNot: '^api/src/db/' },
      to: {
        path: '^api/src/[^/]+/',
        pathNot: ['^api/src/$1/', '^api/src/[^/]+/index\\.ts$', '^api/src/(db|storage|mail|meetings|observability)/'],
      },
    },
    {
      name: 'bff-resolver-not-resolver',
      comment:
        'One resolver file per GraphQL type; resolvers share code through normalise/ or a helper, not each other (index.ts assembles them).',
      severity: 'error',
      from: { path: '^bff/src/resolvers/', pathNot: '^bff/src/resolvers/index\\.ts$' },
      to: { path: '^bff/src/resolvers/' },
    },
    {
      name: 'bff-normalise-pure',
      comment: 'Normalisers are pure functions of upstream answers: no upstream, resolvers, auth, files or uploads.',
      severity: 'error',
      from: { path: '^bff/src/normalise/' },
      to: { path: '^bff/src/(upstream|resolvers|auth|files|uploads)/' },
    },
    {
      name: 'bff-upstream-reads-no-fields',
      comment:
        'upstream/ knows paths, query parameters, request bodies and HTTP statuses; only normalise/ reads response field names and legacy spellings (the field helpers of normalise/fields.ts).',
      severity: 'error',
      from: { path: '^bff/src/upstream/' },
      to: { path: '^bff/src/normalise/fields\\.ts$' },
    },
    {
      name: 'bff-undici-only-in-upstream',
      comment: 'Only upstream/ speaks HTTP to the api (undici pool, timeouts, error mapping).',
      severity: 'error',
      from: { path: '^bff/src/', pathNot: '^bff/src/upstream/' },
      to: { path: 'node_modules/undici/' },
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
