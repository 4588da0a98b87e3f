import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

const require = createRequire(import.meta.url);

export default defineConfig({
  // graphql 16 ships both index.mjs and index.js; Vite picks the first, Node (loading
  // @graphql-tools and Apollo) the second — two realms. Point every import at Node's copy.
  resolve: { alias: [{ find: /^graphql$/, replacement: require.resolve('graphql') }] },
  test: { name: 'bff', include: ['test/**/*.test.ts'], testTimeout: 60_000, hookTimeout: 120_000 },
});
