import { randomUUID } from 'node:crypto';
import { IDEMPOTENCY_MESSAGES } from '@bolsa/domain';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, DEMO_PASSWORD } from './roles.js';
import { loadConfig } from '../src/config.js';
import { capturingLogger } from '../src/observability/index.js';
import { createServer as createBff } from '../src/server.js';
import { LateAnswers } from './late-answers.js';
import { staffCookie, startStack, type Stack } from './support.js';

// Idempotent writes (docs/decisions/2026-11-29-idempotent-writes.md) through the real BFF and the
// real api (PGlite): a mutation sent again with the same Idempotency-Key is carried out once.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Data = Record<string, any>;
interface Answer {
  status: number;
  body: { data?: Data; errors?: { message: string; extensions?: { code?: string } }[] };
}

const ERR = `error { __typename ... on ValidationFailed { message } ... on NotFound { message } ... on Conflict { message } ... on OperationFailed { message } }`;
const ADD = `mutation AddNote($c: ID!, $t: String!) { addCandidateNote(candidateId: $c, text: $t) { note { id text author createdAt } ${ERR} } }`;
const SAVE = `mutation SaveTemplate($k: ID!, $s: String!, $b: String!) { updateEmailTemplate(key: $k, subject: $s, body: $b) { template { key subject versionId } ${ERR} } }`;

function client(stack: () => Stack) {
  return async (query: string, variables: Record<string, unknown>, cookie: string, key?: string): Promise<Answer> => {
    const r = request(stack().bff.app).post('/graphql').set('content-type', 'application/json').set('cookie', cookie);
    if (key !== undefined) r.set('idempotency-key', key);
    const res = await r.send({ query, variables });
    return { status: res.status, body: res.body as Answer['body'] };
  };
}

async function newCandidate(stack: Stack, name: string) {
  const plaza = await stack.api.db.selectFrom('plazas').select('id').orderBy('id').executeTakeFirstOrThrow();
  const { id } = await stack.api.db
    .insertInto('postulantes')
    .values({ plaza_id: plaza.id, nombre: name, cui: null, email: null, estado: 'postulado' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(id);
}

const notesOf = async (stack: Stack, candidateId: string) =>
  (
    await stack.api.db
      .selectFrom('postulante_notas')
      .select('id')
      .where('postulante_id', '=', Number(candidateId))
      .execute()
  ).length;

describe('idempotent mutations through the BFF', () => {
  let stack: Stack;
  let manager = '';
  let admin = '';
  const gql = client(() => stack);

  beforeAll(async () => {
    stack = await startStack();
    manager = await staffCookie(stack.bff.app, DEMO.manager, DEMO_PASSWORD);
    admin = await staffCookie(stack.bff.app, DEMO.admin, DEMO_PASSWORD);
  }, 120_000);
  afterAll(() => stack?.close());

  it('adds one note for a mutation sent twice with the same key, and answers both alike', async () => {
    const c = await newCandidate(stack, 'Irene Reintento');
    const key = randomUUID();
    const first = await gql(ADD, { c, t: 'Llamada: disponible el lunes.' }, manager, key);
    const second = await gql(ADD, { c, t: 'Llamada: disponible el lunes.' }, manager, key);
    expect(first.body.errors).toBeUndefined();
    expect(first.body.data!.addCandidateNote.note.text).toBe('Llamada: disponible el lunes.');
    expect(second.body).toEqual(first.body);
    expect(await notesOf(stack, c)).toBe(1);
  });

  it('answers a retry made while the first attempt is still being carried out with that attempt’s answer, once stored', async () => {
    const c = await newCandidate(stack, 'Irene En Curso');
    const key = randomUUID();
    const first = await gql(ADD, { c, t: 'Todavía en curso' }, manager, key);
    // The api's row as it is while the first attempt's handler runs (an api paused mid-write)...
    const row = stack.api.db
      .updateTable('solicitudes_idempotentes')
      .where('ambito', 'like', `%/internal/candidatos/${c}/notas`);
    const stored = await stack.api.db
      .selectFrom('solicitudes_idempotentes')
      .select(['codigo', 'cuerpo'])
      .where('ambito', 'like', `%/internal/candidatos/${c}/notas`)
      .executeTakeFirstOrThrow();
    await row.set({ estado: 'en_curso', codigo: null, cuerpo: null }).execute();
    const started = performance.now();
    const retry = gql(ADD, { c, t: 'Todavía en curso' }, manager, key);
    // ...until it finishes a second later: the retry waited for it rather than say 'try later'.
    await new Promise((r) => setTimeout(r, 1_000));
    await row.set({ estado: 'completada', ...stored }).execute();
    const retried = await retry;
    expect(performance.now() - started).toBeGreaterThanOrEqual(1_000);
    expect(retried.body).toEqual(first.body);
    expect(await notesOf(stack, c)).toBe(1);
  }, 30_000);

  it('makes one API token for a creation sent twice with the same key, and says the first went through', async () => {
    const TOKEN = `mutation NewToken($n: String!, $r: Role!) { createApiToken(name: $n, role: $r) { token apiToken { id name } ${ERR} } }`;
    const count = async () =>
      (await stack.api.db.selectFrom('api_tokens').select('id').where('nombre', '=', 'Reintento RRHH').execute())
        .length;
    const key = randomUUID();
    const first = await gql(TOKEN, { n: 'Reintento RRHH', r: 'VIEWER' }, admin, key);
    expect(first.body.data!.createApiToken.token).toMatch(/^bolsa_/);
    // The BFF makes a new secret per attempt, so the retry's api call differs from the first:
    // refused, with words a person understands, rather than a second token nobody asked for.
    const again = await gql(TOKEN, { n: 'Reintento RRHH', r: 'VIEWER' }, admin, key);
    expect(again.body.data!.createApiToken).toMatchObject({ token: null, apiToken: null });
    expect(JSON.stringify(again.body.data!.createApiToken.error)).toContain(IDEMPOTENCY_MESSAGES.keyReused);
    expect(await count()).toBe(1);
  });

  it('adds two notes without a key (today’s behaviour)', async () => {
    const c = await newCandidate(stack, 'Irene Sin Clave');
    await gql(ADD, { c, t: 'Dos veces' }, manager);
    await gql(ADD, { c, t: 'Dos veces' }, manager);
    expect(await notesOf(stack, c)).toBe(2);
  });

  it('saves one template version for a save sent twice with the same key', async () => {
    const versions = async () =>
      (
        await stack.api.db
          .selectFrom('plantillas_correo_versiones')
          .select('id')
          .where('clave', '=', 'postulacion-recibida')
          .execute()
      ).length;
    const before = await versions();
    const key = randomUUID();
    const vars = { k: 'postulacion-recibida', s: 'Recibida: {{vacante}}', b: 'Hola, {{nombre}}.\n\n{{cuenta}}' };
    const first = await gql(SAVE, vars, admin, key);
    const second = await gql(SAVE, vars, admin, key);
    expect(first.body.errors).toBeUndefined();
    expect(first.body.data!.updateEmailTemplate.error).toBeNull();
    expect(second.body).toEqual(first.body);
    expect(await versions()).toBe(before + 1);
    // A deliberate save later (another text, a new key) is a new version.
    await gql(SAVE, { ...vars, s: 'Postulación recibida: {{vacante}}' }, admin, randomUUID());
    expect(await versions()).toBe(before + 2);
  });

  it('rejects a candidate and e-mails them once for a rejection sent twice with the same key', async () => {
    const plaza = await stack.api.db.selectFrom('plazas').select('id').orderBy('id').executeTakeFirstOrThrow();
    const { id } = await stack.api.db
      .insertInto('postulantes')
      .values({
        plaza_id: plaza.id,
        nombre: 'Irene Rechazada',
        cui: null,
        email: 'irene.rechazada@example.com',
        estado: 'en seguimiento',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const REJECT = `mutation Reject($id: ID!, $o: String) { rejectCandidate(id: $id, observation: $o) {
      candidate { id state } emailQueued error { __typename ... on TransitionNotAllowed { message } } } }`;
    const key = randomUUID();
    const first = await gql(REJECT, { id: String(id), o: 'Perfil no compatible' }, manager, key);
    const second = await gql(REJECT, { id: String(id), o: 'Perfil no compatible' }, manager, key);
    expect(first.body.data!.rejectCandidate).toMatchObject({
      error: null,
      emailQueued: true,
      candidate: { state: 'REJECTED' },
    });
    // The retry reads as the success it was, not as 'already rejected'.
    expect(second.body).toEqual(first.body);
    const mails = await stack.api.db
      .selectFrom('correos_salientes')
      .select('id')
      .where('postulante_id', '=', id)
      .execute();
    expect(mails).toHaveLength(1);
  });

  it('refuses a malformed key with a Spanish message, before running anything', async () => {
    const c = await newCandidate(stack, 'Irene Clave Mala');
    const bad = await gql(ADD, { c, t: 'No' }, manager, 'corta');
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]).toMatchObject({
      message: IDEMPOTENCY_MESSAGES.keyInvalid,
      extensions: { code: 'BAD_USER_INPUT' },
    });
    expect(await notesOf(stack, c)).toBe(0);
  });

  it('never sends a key with the BFF’s own bookkeeping (logins, sessions)', async () => {
    await stack.api.db.deleteFrom('solicitudes_idempotentes').execute();
    const login = await request(stack.bff.app)
      .post('/graphql')
      .set('idempotency-key', randomUUID())
      .send({
        query: 'mutation($u: String!, $p: String!) { staffLogin(username: $u, password: $p) { viewer { id } } }',
        variables: { u: DEMO.viewer, p: DEMO_PASSWORD },
      });
    expect(login.body.data.staffLogin.viewer.id).toEqual(expect.any(String));
    const rows = await stack.api.db.selectFrom('solicitudes_idempotentes').select('ambito').execute();
    expect(rows).toEqual([]);
  });
});

describe('a write whose answer came too late', () => {
  let stack: Stack;
  let slow: LateAnswers;
  let manager = '';
  const gql = client(() => stack);

  beforeAll(async () => {
    // The api first, then the BFF pointed at it through the slow network.
    const direct = await startStack();
    slow = new LateAnswers(direct.api.url, 3_000);
    const port = await slow.listen();
    await direct.bff.close();
    const config = loadConfig(
      { NODE_ENV: 'test' },
      { ...direct.config, apiUrl: `http://127.0.0.1:${port}`, upstreamTimeoutMs: 1_500 },
    );
    const bff = await createBff(config, { logger: capturingLogger('bff', direct.logs.bff) });
    stack = { ...direct, bff, config };
    manager = await staffCookie(stack.bff.app, DEMO.manager, DEMO_PASSWORD);
  }, 180_000);
  afterAll(async () => {
    await slow?.close();
    await stack?.bff.close();
    await stack?.api.close();
  });

  it('says in Spanish that the first attempt is still running when it outlasts the retry’s time-out', async () => {
    const c = await newCandidate(stack, 'Irene En Curso Largo');
    const key = randomUUID();
    await gql(ADD, { c, t: 'Sigue en curso' }, manager, key);
    await stack.api.db
      .updateTable('solicitudes_idempotentes')
      .set({ estado: 'en_curso', codigo: null, cuerpo: null })
      .where('ambito', 'like', `%/internal/candidatos/${c}/notas`)
      .execute();
    const busy = await gql(ADD, { c, t: 'Sigue en curso' }, manager, key);
    expect(busy.body.errors?.[0]).toMatchObject({
      message: IDEMPOTENCY_MESSAGES.inProgress,
      extensions: { code: 'UPSTREAM_UNAVAILABLE' },
    });
    expect(await notesOf(stack, c)).toBe(1);
  }, 30_000);

  it('is carried out once when the user tries again with the same key', async () => {
    const c = await newCandidate(stack, 'Irene Paciente');
    const key = randomUUID();
    slow.holdNextNoteWrite();
    const failed = await gql(ADD, { c, t: 'Rechazo comunicado por teléfono.' }, manager, key);
    expect(failed.body.errors?.[0]?.extensions?.code).toBe('UPSTREAM_UNAVAILABLE');
    // The api carried it out all the same.
    await expect.poll(() => notesOf(stack, c), { timeout: 5_000 }).toBe(1);
    const retried = await gql(ADD, { c, t: 'Rechazo comunicado por teléfono.' }, manager, key);
    expect(retried.body.errors).toBeUndefined();
    expect(retried.body.data!.addCandidateNote.note.text).toBe('Rechazo comunicado por teléfono.');
    expect(await notesOf(stack, c)).toBe(1);
  }, 30_000);
});
