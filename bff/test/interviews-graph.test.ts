import net from 'node:net';
import { todayInGuatemala } from '@bolsa/domain';
import request from 'supertest';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO, DEMO_PASSWORD } from './roles.js';
import { startStack, type Stack } from './support.js';

// Microsoft Graph configured (TEAMS_*), its authority unreachable: the api reads the variables
// at start, the BFF shows the error card. Each test file runs in its own process.
let stack: Stack;
let cookie = '';

async function closedPort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', () => r()));
  const { port } = s.address() as net.AddressInfo;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

beforeAll(async () => {
  const port = await closedPort();
  Object.assign(process.env, {
    TEAMS_TENANT_ID: 'tenant',
    TEAMS_CLIENT_ID: 'client',
    TEAMS_CLIENT_SECRET: 'secreto-que-no-debe-verse',
    GRAPH_AUTHORITY_HOST: `https://127.0.0.1:${port}`,
    GRAPH_BASE_URL: `https://127.0.0.1:${port}/v1.0`,
  });
  stack = await startStack();
  const res = await request(stack.bff.app)
    .post('/graphql')
    .send({
      query: `mutation { staffLogin(username: "${DEMO.manager}", password: "${DEMO_PASSWORD}") { viewer { id } } }`,
    });
  cookie = (res.headers['set-cookie'] as unknown as string[])
    .find((c) => c.startsWith('bolsa_sesion='))!
    .split(';')[0]!;
}, 120_000);
afterAll(async () => {
  await stack?.close();
  for (const k of [
    'TEAMS_TENANT_ID',
    'TEAMS_CLIENT_ID',
    'TEAMS_CLIENT_SECRET',
    'GRAPH_AUTHORITY_HOST',
    'GRAPH_BASE_URL',
  ])
    delete process.env[k];
});

it('a Graph failure is InterviewFailed with safe details; the candidate stays where they were', async () => {
  const plaza = await stack.api.db.selectFrom('plazas').select('id').orderBy('id').executeTakeFirstOrThrow();
  const { id } = await stack.api.db
    .insertInto('postulantes')
    .values({ plaza_id: plaza.id, nombre: 'Graph', cui: null, email: 'graph.bff@example.com', estado: 'post-pruebas' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const d = new Date(`${todayInGuatemala()}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  const res = await request(stack.bff.app)
    .post('/graphql')
    .set('cookie', cookie)
    .send({
      query: `mutation($input: InterviewInput!) { scheduleInterview(input: $input) {
        interview { id } meetingLink error { __typename ... on InterviewFailed { message details } } } }`,
      variables: {
        input: {
          candidateId: String(id),
          mode: 'VIRTUAL',
          date: d.toISOString().slice(0, 10),
          from: '09:00',
          to: '09:30',
          participants: ['jefa@ejemplo.org.gt'],
        },
      },
    });
  expect(res.body.errors).toBeUndefined();
  const p = res.body.data.scheduleInterview;
  expect(p).toMatchObject({
    interview: null,
    meetingLink: null,
    error: { __typename: 'InterviewFailed', message: 'Error del servidor' },
  });
  expect(p.error.details).toMatch(/Microsoft Graph/);
  expect(JSON.stringify(res.body)).not.toContain('secreto-que-no-debe-verse');
  const row = await stack.api.db
    .selectFrom('postulantes')
    .select('estado')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  expect(row.estado).toBe('post-pruebas');
});
