import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** Where `vite` (dev) and `vite preview` send API calls; BFF_URL points them at another BFF. */
const bff = process.env.BFF_URL ?? 'http://127.0.0.1:4000';
// The BFF refuses cross-origin requests: keep the browser's Host so that its Origin matches.
const proxy = Object.fromEntries(
  ['/graphql', '/images', '/uploads', '/files', '/healthz'].map((p) => [p, { target: bff, changeOrigin: false }]),
);
const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  plugins: [react()],
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      // @bolsa/domain is pure functions and constants (no import-time effects that matter): let
      // the bundler drop the modules the web does not use, such as the zod rules of other screens.
      treeshake: { moduleSideEffects: [{ test: /[\\/]domain[\\/]src[\\/]/, sideEffects: false }] },
      input: {
        main: fileURLToPath(new URL('index.html', import.meta.url)),
        graphiql: fileURLToPath(new URL('graphiql.html', import.meta.url)),
      },
    },
  },
});
