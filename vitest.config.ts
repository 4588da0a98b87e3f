import { defineConfig } from 'vitest/config';

// One `vitest run` at the root runs every workspace's unit and integration tests.
// Browser journeys live in e2e/ with their own config (npm run test:e2e).
export default defineConfig({
  test: {
    projects: ['domain', 'observability', 'api', 'bff', 'web', 'scripts'],
  },
});
