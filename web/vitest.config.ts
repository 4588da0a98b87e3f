import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts'],
    setupFiles: ['src/test/setup.ts'],
    // Test files share one module graph per worker instead of re-importing React, Mantine and
    // Apollo and building a new DOM for each of the 49 files: on the 2-core machine the same 56
    // tests took 45–59 s instead of 178–185 s (setup + import + environment 13 s vs 109 s).
    // setup.ts resets what outlives a test (DOM, toasts, sessionStorage); every test renders its
    // own providers and Apollo client.
    isolate: false,
    css: false,
    // A busy 2-core machine renders Mantine screens slowly: vitest's 5 s default failed under load.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
