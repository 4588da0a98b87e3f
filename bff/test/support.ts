import type { Server } from 'node:http';
import request from 'supertest';
import { capturingLogger as apiLogger } from '../../api/src/observability/index.js';
import { startApi, type RunningApi } from '../../api/src/server.js';
import { TEST_SNAPSHOT_DIR } from '../../api/src/db/snapshot.js';
import { loadConfig, type Config } from '../src/config.js';
import { capturingLogger } from '../src/observability/index.js';
import { createServer, type BffServer } from '../src/server.js';

export interface Stack {
  api: RunningApi;
  bff: BffServer;
  config: Config;
  /** What each tier logged while this stack ran, one JSON line each (nothing reaches the test output). */
  logs: { api: string[]; bff: string[] };
  close(): Promise<void>;
}

export interface StackOptions {
  /** The api's per-request lines too (default: only its errors and start-up lines). */
  apiRequestLines?: boolean;
}

/** A real api on seeded in-memory PGlite and a BFF in front of it (no listener: use supertest). */
export async function startStack(overrides: Partial<Config> = {}, options: StackOptions = {}): Promise<Stack> {
  const logs = { api: [] as string[], bff: [] as string[] };
  const api = await startApi({
    memory: true,
    port: 0,
    seedDemo: true,
    snapshotDir: TEST_SNAPSHOT_DIR,
    log: options.apiRequestLines ?? false,
    logger: apiLogger('api', logs.api),
  });
  const config = loadConfig(
    { NODE_ENV: 'test' },
    // Failed logins answer at once in tests; the growing delay has its own test.
    {
      apiUrl: api.url,
      serviceToken: api.token,
      webDist: null,
      loginDelayMs: 0,
      // Every test uploads from 127.0.0.1; the budget has its own test (upload-budget.test.ts).
      uploadBudget: { filesPerHour: 100_000, megabytesPerHour: 100_000, globalMegabytesPerHour: 100_000 },
      ...overrides,
    },
  );
  const bff = await createServer(config, { logger: capturingLogger('bff', logs.bff) });
  return {
    api,
    bff,
    config,
    logs,
    async close() {
      await bff.close();
      await api.close();
    },
  };
}

/** The captured JSON log lines, parsed. */
export const records = (lines: readonly string[]) =>
  lines.map((l) => JSON.parse(l) as { level: string; msg: string; reqId?: string; [k: string]: unknown });

export function listen(server: Server): Promise<number> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)),
  );
}

/** A demo staff member's session cookie ('bolsa_sesion=…'), logged in through the BFF's GraphQL. */
export async function staffCookie(
  app: Parameters<typeof request>[0],
  username: string,
  password: string,
): Promise<string> {
  const login = await request(app)
    .post('/graphql')
    .send({
      query: 'mutation($u: String!, $p: String!) { staffLogin(username: $u, password: $p) { viewer { id } } }',
      variables: { u: username, p: password },
    });
  return (login.headers['set-cookie'] as unknown as string[])
    .find((c) => c.startsWith('bolsa_sesion='))!
    .split(';')[0]!;
}

/** An Authorization header value for a new VIEWER API token, created by an administrator's session. */
export async function apiTokenBearer(
  app: Parameters<typeof request>[0],
  adminCookie: string,
  name: string,
): Promise<string> {
  const res = await request(app)
    .post('/graphql')
    .set('cookie', adminCookie)
    .send({
      query: 'mutation($n: String!) { createApiToken(name: $n, role: VIEWER) { token } }',
      variables: { n: name },
    });
  return `Bearer ${res.body.data.createApiToken.token as string}`;
}
