import type { Server } from 'node:http';
import { startApi, type RunningApi } from '../../api/src/server.js';
import { loadConfig, type Config } from '../src/config.js';
import { createServer, type BffServer } from '../src/server.js';

export interface Stack {
  api: RunningApi;
  bff: BffServer;
  config: Config;
  close(): Promise<void>;
}

/** A real api on seeded in-memory PGlite and a BFF in front of it (no listener: use supertest). */
export async function startStack(overrides: Partial<Config> = {}): Promise<Stack> {
  const api = await startApi({ memory: true, port: 0, seedDemo: true, log: false });
  const config = loadConfig(
    { NODE_ENV: 'test' },
    // Failed logins answer at once in tests; the growing delay has its own test.
    { apiUrl: api.url, serviceToken: api.token, webDist: null, loginDelayMs: 0, ...overrides },
  );
  const bff = await createServer(config);
  return {
    api,
    bff,
    config,
    async close() {
      await bff.close();
      await api.close();
    },
  };
}

export function listen(server: Server): Promise<number> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)),
  );
}
