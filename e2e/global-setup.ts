import path from 'node:path';
import type { Server } from 'node:http';
import type { TestProject } from 'vitest/node';
import { startApi } from '../api/src/server.js';
import { loadConfig } from '../bff/src/config.js';
import { createServer } from '../bff/src/server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

/** The real product for the browser journeys: api on seeded in-memory PGlite, bff serving web/dist. */
export default async function setup(project: TestProject) {
  const api = await startApi({ memory: true, port: 0, seedDemo: true, log: false });
  const config = loadConfig(
    { NODE_ENV: 'test' },
    {
      apiUrl: api.url,
      serviceToken: api.token,
      webDist: path.resolve(import.meta.dirname, '../web/dist'),
      graphiql: true,
      introspection: true,
    },
  );
  const bff = await createServer(config);
  const server: Server = await new Promise((resolve) => {
    const s = bff.app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const { port } = server.address() as { port: number };
  project.provide('baseUrl', `http://127.0.0.1:${port}`);
  return async () => {
    await new Promise((r) => server.close(r));
    await bff.close();
    await api.close();
  };
}
