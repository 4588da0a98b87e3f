import { todayInGuatemala } from '@bolsa/domain';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOutboxWorker } from '../../api/src/mail/outbox.js';
import { smtpSink, until } from '../../api/test/support/smtp.js';
import { DEMO, DEMO_PASSWORD } from './roles.js';
import { startStack, type Stack } from './support.js';

let stack: Stack;
const cookies = { admin: '', manager: '', viewer: '', candidate: '' };

async function login(mutation: 'staffLogin' | 'candidateLogin', user: string) {
  const arg = mutation === 'staffLogin' ? 'username' : 'email';
  const res = await request(stack.bff.app)
    .post('/graphql')
    .send({ query: `mutation { ${mutation}(${arg}: "${user}", password: "${DEMO_PASSWORD}") { viewer { id } } }` });
  return (res.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('bolsa_sesion='))!.split(';')[0]!;
}

const gql = async (query: string, variables: Record<string, unknown> = {}, cookie?: string) => {
  const r = request(stack.bff.app).post('/graphql').set('content-type', 'application/json');
  if (cookie) r.set('cookie', cookie);
  const res = await r.send({ query, variables });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return res.body as { data?: Record<string, any>; errors?: { message: string; extensions?: { code?: string } }[] };
};

const today = todayInGuatemala();
const addDays = (iso: string, n: number) =>
  new Date(Date.parse(`${iso}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

let serial = 0;
const newCandidate = async (estado: string, email: string | null | undefined = undefined) => {
  if (email === undefined) email = `bff.pruebas.${++serial}@example.com`;
  const plaza = await stack.api.db.selectFrom('plazas').select('id').orderBy('id').executeTakeFirstOrThrow();
  const { id } = await stack.api.db
    .insertInto('postulantes')
    .values({ plaza_id: plaza.id, nombre: 'Prueba Asignada', cui: null, email, telefono: '55550000', estado })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(id);
};

let linkTemplate = '';
let fileTemplate = '';

const TEST = `id candidateId name type templateId category deadline state sentAt credentials link downloadUrl resultText resultScore completedAt`;
const ERR = `error { __typename ... on ValidationFailed { message fields { path message } } ... on NotFound { message }
  ... on OperationFailed { message } }`;
const ASSIGN = `mutation($input: AssignTestInput!) { assignTest(input: $input) { test { ${TEST} } ${ERR} } }`;
const SET = `mutation($id: ID!, $state: AssignedTestState!) { setAssignedTestState(id: $id, state: $state) { test { ${TEST} } ${ERR} } }`;
const SEND = `mutation($id: ID!, $obs: String) { sendTests(candidateId: $id, observations: $obs) { ok candidate { id state }
  error { __typename ... on ValidationFailed { message } ... on TransitionNotAllowed { message state allowed } ... on NotFound { message } } } }`;
const CONFIRM = `mutation($id: ID!) { confirmTestsCompleted(candidateId: $id) { emailQueued candidate { id state }
  error { __typename ... on ValidationFailed { message } ... on TransitionNotAllowed { message state } } } }`;

const assign = (
  candidateId: string,
  templateId: string,
  extra: Record<string, unknown> = {},
  cookie = cookies.manager,
) =>
  gql(
    ASSIGN,
    { input: { candidateId, templateId, deadline: addDays(today, 2), credentials: 'usuario: demo', ...extra } },
    cookie,
  );

beforeAll(async () => {
  stack = await startStack();
  cookies.admin = await login('staffLogin', DEMO.admin);
  cookies.manager = await login('staffLogin', DEMO.manager);
  cookies.viewer = await login('staffLogin', DEMO.viewer);
  cookies.candidate = await login('candidateLogin', DEMO.candidate);
  const db = stack.api.db;
  linkTemplate = String(
    (
      await db
        .insertInto('pruebas_templates')
        .values({
          nombre: 'Formulario de valores',
          descripcion: 'd',
          tipo: 'FORMULARIO',
          categoria: 'PSICOLOGICA',
          link: 'https://forms.example/valores',
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  );
  fileTemplate = String(
    (
      await db
        .insertInto('pruebas_templates')
        .values({
          nombre: 'Ortografía',
          descripcion: 'd',
          tipo: 'WORD',
          categoria: 'CONOCIMIENTOS',
          archivo_nombre: 'ortografia.docx',
          archivo_ruta: 'pruebas/ortografia.docx',
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  );
}, 120_000);
afterAll(() => stack?.close());

describe('assigned tests through GraphQL', () => {
  it('assignTest, assignedTests and Candidate.tests; downloadUrl for file types only', async () => {
    const id = await newCandidate('en seguimiento');
    const a = await assign(id, linkTemplate, { observations: 'En línea' });
    expect(a.errors).toBeUndefined();
    expect(a.data!.assignTest.error).toBeNull();
    expect(a.data!.assignTest.test).toMatchObject({
      candidateId: id,
      name: 'Formulario de valores',
      type: 'FORMULARIO',
      category: 'PSICOLOGICA',
      state: 'ASIGNADA',
      credentials: 'usuario: demo',
      link: 'https://forms.example/valores',
      downloadUrl: null,
      deadline: addDays(today, 2),
    });
    const b = await assign(id, fileTemplate, { credentials: 'no se guarda' });
    expect(b.data!.assignTest.test).toMatchObject({
      type: 'WORD',
      credentials: null,
      downloadUrl: `/files/tests/${fileTemplate}`,
    });
    const list = await gql(
      `query($id: ID!) { assignedTests(candidateId: $id) { id name state } }`,
      { id },
      cookies.viewer,
    );
    expect(list.data!.assignedTests.map((t: { name: string }) => t.name)).toEqual([
      'Formulario de valores',
      'Ortografía',
    ]);
    const viaCandidate = await gql(`query($id: ID!) { candidate(id: $id) { tests { name } } }`, { id }, cookies.viewer);
    expect(viaCandidate.data!.candidate.tests).toHaveLength(2);
  });

  it('bad input answers as data in Spanish: past deadline, unknown template, missing credentials', async () => {
    const id = await newCandidate('en seguimiento');
    const past = await assign(id, linkTemplate, { deadline: addDays(today, -1) });
    expect(past.data!.assignTest.error).toMatchObject({
      __typename: 'ValidationFailed',
      message: 'La fecha límite no puede ser anterior a hoy.',
      fields: [{ path: 'deadline', message: 'La fecha límite no puede ser anterior a hoy.' }],
    });
    const unknown = await assign(id, '999999');
    expect(unknown.data!.assignTest.error).toEqual({ __typename: 'NotFound', message: 'Prueba no encontrada' });
    const noCreds = await assign(id, linkTemplate, { credentials: null });
    expect(noCreds.data!.assignTest.error).toMatchObject({
      __typename: 'ValidationFailed',
      message: 'Ingresa las credenciales de acceso para las pruebas de tipo LINK o FORMULARIO.',
      fields: [{ path: 'credentials' }],
    });
  });

  it('viewer and candidate may not call the mutations (FORBIDDEN)', async () => {
    const id = await newCandidate('en seguimiento');
    for (const cookie of [cookies.viewer, cookies.candidate]) {
      const r = await assign(id, linkTemplate, {}, cookie);
      expect(r.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      const s = await gql(SEND, { id }, cookie);
      expect(s.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      const c = await gql(CONFIRM, { id }, cookie);
      expect(c.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    }
    const q = await gql(`query($id: ID!) { assignedTests(candidateId: $id) { id } }`, { id }, cookies.candidate);
    expect(q.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('COMPLETADA is refused while en seguimiento; results, delete and the timeline', async () => {
    const id = await newCandidate('en seguimiento');
    const testId = (await assign(id, linkTemplate)).data!.assignTest.test.id;
    const blocked = await gql(SET, { id: testId, state: 'COMPLETADA' }, cookies.manager);
    expect(blocked.data!.setAssignedTestState.error.message).toBe(
      "No se puede marcar como completada mientras el candidato está 'en seguimiento'. Cambia primero a pre-pruebas.",
    );
    const cancelled = await gql(SET, { id: testId, state: 'CANCELADA' }, cookies.manager);
    expect(cancelled.data!.setAssignedTestState.test.state).toBe('CANCELADA');
    const result = await gql(
      `mutation($id: ID!) { recordTestResult(id: $id, text: "Buen criterio", score: 92.5) { test { resultText resultScore state } ${ERR} } }`,
      { id: testId },
      cookies.manager,
    );
    expect(result.data!.recordTestResult.test).toEqual({
      resultText: 'Buen criterio',
      resultScore: 92.5,
      state: 'CANCELADA',
    });
    const del = await gql(
      `mutation($id: ID!) { deleteAssignedTest(id: $id) { ok ${ERR} } }`,
      { id: testId },
      cookies.admin,
    );
    expect(del.data!.deleteAssignedTest).toEqual({ ok: true, error: null });
    const again = await gql(
      `mutation($id: ID!) { deleteAssignedTest(id: $id) { ok ${ERR} } }`,
      { id: testId },
      cookies.admin,
    );
    expect(again.data!.deleteAssignedTest.error).toEqual({ __typename: 'NotFound', message: 'Prueba no encontrada' });
    const t = await gql(
      `query($id: ID!) { candidate(id: $id) { timeline { __typename ... on TestEvent { action testName by } } } }`,
      { id },
      cookies.viewer,
    );
    const events = t.data!.candidate.timeline.filter((e: { __typename: string }) => e.__typename === 'TestEvent');
    expect(events.map((e: { action: string }) => e.action)).toEqual(['ASSIGNED', 'NOT_COMPLETED', 'RESULT', 'DELETED']);
    expect(events[0]).toMatchObject({ testName: 'Formulario de valores', by: 'Gestor Demo' });
  });

  it('sendTests: nothing ASIGNADA, no e-mail, a state the flow refuses', async () => {
    const empty = await newCandidate('en seguimiento');
    const none = await gql(SEND, { id: empty }, cookies.manager);
    expect(none.data!.sendTests).toMatchObject({
      ok: false,
      error: { __typename: 'ValidationFailed', message: 'No hay pruebas asignadas para enviar' },
    });
    const mailless = await newCandidate('en seguimiento', null);
    await assign(mailless, linkTemplate);
    expect((await gql(SEND, { id: mailless }, cookies.manager)).data!.sendTests.error.message).toBe(
      'Este candidato no tiene email registrado.',
    );
    const applied = await newCandidate('postulado');
    await assign(applied, linkTemplate);
    expect((await gql(SEND, { id: applied }, cookies.manager)).data!.sendTests.error).toMatchObject({
      __typename: 'TransitionNotAllowed',
      state: 'APPLIED',
    });
  });

  it('observations and scores have one limit in every tier (domain LIMITS.note, TEST_SCORE)', async () => {
    // A 1,500-character observation is within the form's limit (2,000): the api takes it too.
    const id = await newCandidate('en seguimiento');
    await assign(id, linkTemplate);
    const long = 'Observación detallada. '.repeat(70).slice(0, 1_500);
    const sent = await gql(SEND, { id, obs: long }, cookies.manager);
    expect(sent.data!.sendTests).toMatchObject({ ok: true, error: null, candidate: { id, state: 'PRE_TESTS' } });
    const tooLong = await gql(SEND, { id, obs: 'x'.repeat(2_001) }, cookies.manager);
    expect(tooLong.data!.sendTests).toMatchObject({
      ok: false,
      error: { __typename: 'ValidationFailed', message: 'El texto no puede tener más de 2000 caracteres.' },
    });

    // Scores: the largest the domain allows is stored as given; one more is refused in Spanish.
    const testId = (await assign(id, fileTemplate)).data!.assignTest.test.id;
    const RECORD = `mutation($id: ID!, $score: Float) { recordTestResult(id: $id, score: $score) { test { resultScore } ${ERR} } }`;
    const top = await gql(RECORD, { id: testId, score: 99_999.99 }, cookies.manager);
    expect(top.data!.recordTestResult).toEqual({ test: { resultScore: 99_999.99 }, error: null });
    for (const score of [100_000, -1]) {
      const refused = await gql(RECORD, { id: testId, score }, cookies.manager);
      expect(refused.data!.recordTestResult.error).toMatchObject({
        __typename: 'ValidationFailed',
        message: 'El puntaje debe ser un número entre 0 y 99999.99.',
      });
    }
  });

  it('send → PRE_TESTS with the e-mail at the SMTP sink; complete; confirm → POST_TESTS', async () => {
    const sink = await smtpSink();
    const worker = startOutboxWorker({
      db: stack.api.db,
      smtpUrl: `smtp://127.0.0.1:${sink.port}`,
      from: 'Bolsa <no-responder@ejemplo.org.gt>',
      pollMs: 50,
    });
    try {
      const id = await newCandidate('en seguimiento', 'bff.envio.pruebas@example.com');
      const tests = [
        (await assign(id, linkTemplate, { credentials: 'clave: 777' })).data!.assignTest.test.id,
        (await assign(id, fileTemplate)).data!.assignTest.test.id,
      ];
      const LIST = `query($id: ID!) { assignedTests(candidateId: $id) { id sentAt } }`;
      const before = (await gql(LIST, { id }, cookies.viewer)).data!.assignedTests;
      expect(before.map((t: { sentAt: string | null }) => t.sentAt)).toEqual([null, null]);
      const sent = await gql(SEND, { id, obs: 'Éxitos' }, cookies.manager);
      expect(sent.data!.sendTests).toMatchObject({ ok: true, error: null, candidate: { id, state: 'PRE_TESTS' } });
      // The banner's 'sin enviar' reads this: both tests now say when they went out.
      const after = (await gql(LIST, { id }, cookies.viewer)).data!.assignedTests;
      for (const t of after) expect(Date.parse(t.sentAt)).toBeGreaterThan(Date.now() - 60_000);
      await until(() => sink.inbox.some((m) => m.to[0] === 'bff.envio.pruebas@example.com'));
      const mail = sink.inbox.find((m) => m.to[0] === 'bff.envio.pruebas@example.com')!;
      expect(mail.text).toContain('Formulario de valores');
      expect(mail.text).toContain('clave: 777');
      expect(mail.text).toContain('https://forms.example/valores');
      expect(mail.text).toContain('ortografia.docx');
      expect(mail.html).toContain('Éxitos');

      const early = await gql(CONFIRM, { id }, cookies.manager);
      expect(early.data!.confirmTestsCompleted.error.message).toBe(
        'Todas las pruebas asignadas deben estar completadas antes de confirmar.',
      );
      for (const testId of tests) {
        const done = await gql(SET, { id: testId, state: 'COMPLETADA' }, cookies.manager);
        expect(done.data!.setAssignedTestState.test.state).toBe('COMPLETADA');
        expect(done.data!.setAssignedTestState.test.completedAt).toBeTruthy();
      }
      const confirmed = await gql(CONFIRM, { id }, cookies.admin);
      expect(confirmed.data!.confirmTestsCompleted).toMatchObject({
        error: null,
        emailQueued: true,
        candidate: { id, state: 'POST_TESTS' },
      });
      await until(() => sink.inbox.some((m) => m.text.includes('Estamos evaluando tus resultados.')));
    } finally {
      await worker.stop();
      await sink.close();
    }
  });
});
