import path from 'node:path';
import type { Server } from 'node:http';
import type { TestProject } from 'vitest/node';
import { startApi } from '../api/src/server.js';
import { loadConfig, type Config } from '../bff/src/config.js';
import { createServer } from '../bff/src/server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The same product with a 20 s idle limit, for the inactivity journey. */
    shortIdleUrl: string;
    /** A vacancy with guest applications (none of the linking-demo person's), for the delete journey. */
    vacancyWithApplications: { name: string; applications: number };
  }
}

/** The real product for the browser journeys: api on seeded in-memory PGlite, bff serving web/dist. */
export default async function setup(project: TestProject) {
  const api = await startApi({ memory: true, port: 0, seedDemo: true, log: false });
  const common = {
    apiUrl: api.url,
    serviceToken: api.token,
    webDist: path.resolve(import.meta.dirname, '../web/dist'),
    graphiql: true,
    introspection: true,
  };
  const started: { server: Server; close(): Promise<void> }[] = [];
  async function serve(overrides: Partial<Config>): Promise<string> {
    const bff = await createServer(loadConfig({ NODE_ENV: 'test' }, { ...common, ...overrides }));
    const server: Server = await new Promise((resolve) => {
      const s = bff.app.listen(0, '127.0.0.1', () => resolve(s));
    });
    started.push({ server, close: bff.close });
    return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  }
  project.provide('baseUrl', await serve({}));
  const withApplications = await api.db
    .selectFrom('plazas')
    .innerJoin('postulantes', 'postulantes.plaza_id', 'plazas.id')
    .select(['plazas.nombre', (eb) => eb.fn.countAll<number>().as('n')])
    .where('plazas.id', 'not in', (eb) =>
      eb
        .selectFrom('postulantes')
        .select('plaza_id')
        .where('email', '=', 'maria.choc@example.com')
        .where('plaza_id', 'is not', null),
    )
    .groupBy('plazas.nombre')
    .orderBy('n', 'desc')
    .executeTakeFirstOrThrow();
  project.provide('vacancyWithApplications', {
    name: withApplications.nombre,
    applications: Number(withApplications.n),
  });
  project.provide('shortIdleUrl', await serve({ sessionIdleMs: 20_000, sessionWarningMs: 12_000 }));
  return async () => {
    for (const s of started) {
      await new Promise((r) => s.server.close(r));
      await s.close();
    }
    await api.close();
  };
}
