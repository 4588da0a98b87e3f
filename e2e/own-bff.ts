import type { Server } from 'node:http';
import path from 'node:path';
import { loadConfig, type Config } from '../bff/src/config.js';
import { createListener, createServer, type BffServer } from '../bff/src/server.js';

/** A BFF of a journey's own, serving the built web, in front of `apiUrl` (the shared api, or a hop before it). */
export interface OwnBff {
  /** Its address, for newPage(browser, …, base). */
  base: string;
  bff: BffServer;
  close: () => Promise<void>;
}

export async function startOwnBff(
  apiUrl: string,
  serviceToken: string,
  overrides: Partial<Config> = {},
): Promise<OwnBff> {
  const bff = await createServer(
    loadConfig(
      { NODE_ENV: 'test' },
      { apiUrl, serviceToken, webDist: path.resolve(import.meta.dirname, '../web/dist'), ...overrides },
    ),
  );
  const server = await new Promise<Server>((resolve) => {
    const s = createListener(bff.handler).listen(0, '127.0.0.1', () => resolve(s));
  });
  return {
    base: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    bff,
    close: async () => {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      await bff.close();
    },
  };
}
