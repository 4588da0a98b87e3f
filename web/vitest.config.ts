import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    setupFiles: ['src/test/setup.ts'],
    css: false,
    // A busy 2-core machine renders Mantine screens slowly: vitest's 5 s default failed under load.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
