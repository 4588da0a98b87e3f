import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One `vitest run` at the root runs every workspace's unit and integration tests.
// Browser journeys live in e2e/ with their own config (npm run test:e2e).
export default defineConfig({
  test: {
    projects: ['domain', 'observability', 'api', 'bff', 'web', 'scripts'],
    // Vitest's default is one worker less than the cores: one worker on the 2-core CI machines,
    // where most files wait on PostgreSQL, sockets, child processes and argon2's threads rather
    // than on the CPU. Two files at a time there (each api file has its own schema or PGlite, each
    // server its own port); more where there are more cores.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
