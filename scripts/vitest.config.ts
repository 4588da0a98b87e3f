import { defineConfig } from 'vitest/config';

// Tests of the packaging itself: build settings, Dockerfile ↔ production path, compose, configs.
export default defineConfig({
  test: { name: 'scripts', include: ['test/**/*.test.ts'], testTimeout: 60_000, hookTimeout: 60_000 },
});
