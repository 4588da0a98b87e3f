import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-bench/**',
      'web/src/gql/**',
      'bff/src/generated/**',
      'data/**',
      'e2e/artifacts/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { module: 'writable', require: 'readonly' } },
  },
  {
    languageOptions: {
      globals: { process: 'readonly', console: 'readonly', URL: 'readonly', fetch: 'readonly', setTimeout: 'readonly' },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      'no-console': 'off',
    },
  },
  {
    // Legacy url.parse(): deprecated (DEP0169) and not standardised; bff/src/url-parse-check.ts
    // calls it once on purpose (see there).
    ignores: ['bff/src/url-parse-check.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        ...['url', 'node:url'].map((name) => ({
          name,
          importNames: ['parse'],
          message: 'url.parse() is deprecated (DEP0169): use the WHATWG URL API (new URL(…)).',
        })),
      ],
    },
  },
);
