import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, DEMO_PASSWORD } from './roles.js';
import { startOutboxWorker } from '../../api/src/mail/outbox.js';
import { freePort, smtpSink, until, type SmtpSink } from '../../api/test/support/smtp.js';
import { startStack, type Stack } from './support.js';

let stack: Stack;
const cookies: Record<'admin' | 'manager' | 'viewer' | 'candidate', string> = {
  admin: '',
  manager: '',
  viewer: '',
  candidate: '',
};

async function login(email: string) {
  const res = await request(stack.bff.app)
    .post('/graphql')
    .send({ query: `mutation { staffLogin(username: "${email}", password: "${DEMO_PASSWORD}") { viewer { id } } }` });
  return (res.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('bolsa_sesion='))!.split(';')[0]!;
}

async function candidateLogin(email: string) {
  const res = await request(stack.bff.app)
    .post('/graphql')
    .send({ query: `mutation { candidateLogin(email: "${email}", password: "${DEMO_PASSWORD}") { viewer { id } } }` });
  return (res.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('bolsa_sesion='))!.split(';')[0]!;
}

const gql = async (query: string, variables: Record<string, unknown> = {}, cookie?: string) => {
  const r = request(stack.bff.app).post('/graphql').set('content-type', 'application/json');
  if (cookie) r.set('cookie', cookie);
  const res = await r.send({ query, variables });
  // GraphQL answers are checked field by field below; typing each one would repeat the schema.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return res.body as { data?: Record<string, any>; errors?: { message: string; extensions?: { code?: string } }[] };
};

/** Moves a demo row's state in SQL (test set-up only). */
const setState = (id: number, estado: string) =>
  stack.api.db.updateTable('postulantes').set({ estado }).where('id', '=', id).execute();

let serial = 0;
const newCandidate = async (estado: string, email: string | null | undefined = undefined) => {
  if (email === undefined) email = `prueba.pipeline.${++serial}@example.com`;
  const plaza = await stack.api.db.selectFrom('plazas').select('id').orderBy('id').executeTakeFirstOrThrow();
  const { id } = await stack.api.db
    .insertInto('postulantes')
    .values({ plaza_id: plaza.id, nombre: 'Prueba Pipeline', cui: null, email, telefono: '55550000', estado })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
};

const PAGE = `query($page: Int, $pageSize: Int, $state: CandidateState, $search: String) {
  candidates(page: $page, pageSize: $pageSize, state: $state, search: $search) {
    totalCount page pageSize allCount countsByState { state count }
    items { id fullName email state allowedStates vacancies { name branchName } }
  }
}`;

const PAYLOAD = `candidate { id state allowedStates } emailQueued
  error { __typename ... on TransitionNotAllowed { message state allowed } ... on NotFound { message }
    ... on ValidationFailed { message fields { path message } } ... on EmailNotQueued { message } ... on OperationFailed { message } }`;

beforeAll(async () => {
  stack = await startStack();
  cookies.admin = await login(DEMO.admin);
  cookies.manager = await login(DEMO.manager);
  cookies.viewer = await login(DEMO.viewer);
  cookies.candidate = await candidateLogin(DEMO.candidate);
}, 120_000);
afterAll(() => stack?.close());

describe('the inbox', () => {
  it('pages the active candidates with counts per state, names of vacancies and branches', async () => {
    const r = await gql(PAGE, { page: 1, pageSize: 3 }, cookies.viewer);
    expect(r.errors).toBeUndefined();
    const page = r.data!.candidates;
    expect(page.items).toHaveLength(3);
    expect(page.pageSize).toBe(3);
    expect(page.totalCount).toBeGreaterThan(3);
    expect(page.allCount).toBe(page.totalCount);
    const states = page.countsByState.map((c: { state: string }) => c.state);
    expect(states).toEqual(['APPLIED', 'FOLLOW_UP', 'PRE_TESTS', 'POST_TESTS', 'INTERVIEW', 'INDUCTION']);
    for (const c of page.items) {
      expect(['HIRED', 'REJECTED']).not.toContain(c.state);
      expect(c.vacancies[0].name).toBeTruthy();
      // Role 3 moves nobody.
      expect(c.allowedStates).toEqual([]);
    }
  });

  it('filters by a tab and searches accent-insensitively by name', async () => {
    const tab = (await gql(PAGE, { page: 1, pageSize: 50, state: 'INTERVIEW' }, cookies.manager)).data!.candidates;
    expect(tab.items.length).toBeGreaterThan(0);
    expect(tab.items.every((c: { state: string }) => c.state === 'INTERVIEW')).toBe(true);
    const found = (await gql(PAGE, { page: 1, pageSize: 10, search: 'MONZON' }, cookies.manager)).data!.candidates;
    expect(found.items.map((c: { fullName: string }) => c.fullName)).toContain('Ana Gabriela Monzón Barrios');
  });
});

describe('the inbox search', () => {
  it("finds a name typed like an e-mail ('maria.ramirez'), and an exact e-mail only its own row", async () => {
    const plaza = await stack.api.db.selectFrom('plazas').select('id').orderBy('id').executeTakeFirstOrThrow();
    const rows = [
      { nombre: 'María Ramírez Coc', email: 'carga.1@example.com' },
      { nombre: 'Mariana Ramírez Tzul', email: 'carga.2@example.com' },
      { nombre: 'Luis Pérez', email: 'maria.ramirez@example.com' },
      { nombre: 'Ana López', email: 'carga.10@example.com' },
    ];
    for (const r of rows)
      await stack.api.db
        .insertInto('postulantes')
        .values({ plaza_id: plaza.id, ...r, cui: null, telefono: '55550000', estado: 'postulado' })
        .execute();
    const names = async (search: string) =>
      (await gql(PAGE, { page: 1, pageSize: 50, search }, cookies.manager))
        .data!.candidates.items.map((c: { fullName: string }) => c.fullName)
        .sort();
    expect(await names('maria.ramirez')).toEqual(['Luis Pérez', 'María Ramírez Coc']);
    expect(await names('María_Ramírez')).toEqual(['Luis Pérez', 'María Ramírez Coc']);
    expect(await names('carga.1@example.com')).toEqual(['María Ramírez Coc']);
    expect(await names('100%')).toEqual([]);
  });
});

describe('changing a state', () => {
  it('a manager starts follow-up; the answer has the new state, the allowed next ones and the queued e-mail', async () => {
    const id = await newCandidate('postulado');
    const r = await gql(
      `mutation($id: ID!) { startFollowUp(id: $id, expectedState: APPLIED) { ${PAYLOAD} } }`,
      { id: String(id) },
      cookies.manager,
    );
    expect(r.errors).toBeUndefined();
    expect(r.data!.startFollowUp).toMatchObject({
      candidate: { id: String(id), state: 'FOLLOW_UP', allowedStates: ['PRE_TESTS', 'INTERVIEW', 'REJECTED'] },
      emailQueued: true,
      error: null,
    });
    const detail = await gql(
      `query($id: ID!) { candidate(id: $id) { state timeline { __typename ... on StateChangeEvent { from to by } ... on EmailEvent { subject status } } } }`,
      { id: String(id) },
      cookies.viewer,
    );
    const timeline = detail.data!.candidate.timeline;
    expect(timeline[0]).toMatchObject({ __typename: 'StateChangeEvent', from: 'APPLIED', to: 'FOLLOW_UP' });
    expect(timeline[0].by).toBeTruthy();
    expect(timeline[1]).toMatchObject({ __typename: 'EmailEvent', status: 'PENDING' });
  });

  it('an illegal move is TransitionNotAllowed with the current state and what is allowed', async () => {
    const id = await newCandidate('en seguimiento');
    const r = await gql(
      `mutation($id: ID!) { hireCandidate(id: $id, date: "2030-01-15", time: "08:00", place: "Sede central") { ${PAYLOAD} } }`,
      { id: String(id) },
      cookies.admin,
    );
    expect(r.data!.hireCandidate.error).toEqual({
      __typename: 'TransitionNotAllowed',
      message: "Solo se puede contratar cuando el candidato está en 'inducción'.",
      state: 'FOLLOW_UP',
      allowed: ['PRE_TESTS', 'INTERVIEW', 'REJECTED'],
    });
  });

  it("moving to induction twice says 'Candidato en Inducción' with the current state", async () => {
    const id = await newCandidate('entrevista');
    const M = `mutation($id: ID!) { moveToInduction(id: $id) { ${PAYLOAD} } }`;
    expect((await gql(M, { id: String(id) }, cookies.manager)).data!.moveToInduction.candidate.state).toBe('INDUCTION');
    expect((await gql(M, { id: String(id) }, cookies.manager)).data!.moveToInduction.error).toEqual({
      __typename: 'TransitionNotAllowed',
      message: 'Candidato en Inducción',
      state: 'INDUCTION',
      allowed: ['HIRED', 'REJECTED'],
    });
  });

  it("a 1,500-character note (within the form's 2,000) reaches the timeline; 2,001 is refused in Spanish", async () => {
    const id = await newCandidate('en seguimiento');
    const note = 'Nota del cambio de estado. '.repeat(60).slice(0, 1_500);
    const r = await gql(
      `mutation($id: ID!, $note: String) { changeCandidateState(id: $id, state: PRE_TESTS, note: $note) { ${PAYLOAD} } }`,
      { id: String(id), note },
      cookies.manager,
    );
    expect(r.data!.changeCandidateState).toMatchObject({ error: null, candidate: { state: 'PRE_TESTS' } });
    const t = await gql(
      `query($id: ID!) { candidate(id: $id) { timeline { __typename ... on StateChangeEvent { to note } } } }`,
      { id: String(id) },
      cookies.viewer,
    );
    expect(t.data!.candidate.timeline).toContainEqual({ __typename: 'StateChangeEvent', to: 'PRE_TESTS', note });
    const tooLong = await gql(
      `mutation($id: ID!, $note: String) { changeCandidateState(id: $id, state: INTERVIEW, note: $note) { ${PAYLOAD} } }`,
      { id: String(id), note: 'x'.repeat(2_001) },
      cookies.manager,
    );
    expect(tooLong.data!.changeCandidateState.error).toMatchObject({
      __typename: 'ValidationFailed',
      message: 'El texto no puede tener más de 2000 caracteres.',
    });
  });

  it('an unknown id is NotFound', async () => {
    const r = await gql(`mutation { startFollowUp(id: "999999") { ${PAYLOAD} } }`, {}, cookies.manager);
    expect(r.data!.startFollowUp.error).toEqual({ __typename: 'NotFound', message: 'Candidato no encontrado' });
    expect((await gql(`{ candidate(id: "999999") { id } }`, {}, cookies.manager)).data!.candidate).toBeNull();
  });

  it('a legacy spelling reads as its state and moves on from there', async () => {
    const id = await newCandidate('En Revisión');
    const read = await gql(`query($id: ID!) { candidate(id: $id) { state } }`, { id: String(id) }, cookies.manager);
    expect(read.data!.candidate.state).toBe('FOLLOW_UP');
    const r = await gql(
      `mutation($id: ID!) { changeCandidateState(id: $id, state: PRE_TESTS, expectedState: FOLLOW_UP) { ${PAYLOAD} } }`,
      { id: String(id) },
      cookies.manager,
    );
    expect(r.data!.changeCandidateState.candidate.state).toBe('PRE_TESTS');
  });

  it('two staff at once: one wins, the other is told the new state (no lost update)', async () => {
    const id = await newCandidate('entrevista');
    const [a, b] = await Promise.all([
      gql(
        `mutation($id: ID!) { moveToInduction(id: $id, expectedState: INTERVIEW) { ${PAYLOAD} } }`,
        { id: String(id) },
        cookies.manager,
      ),
      gql(
        `mutation($id: ID!) { rejectCandidate(id: $id, expectedState: INTERVIEW) { ${PAYLOAD} } }`,
        { id: String(id) },
        cookies.admin,
      ),
    ]);
    const results = [a.data!.moveToInduction, b.data!.rejectCandidate];
    const winners = results.filter((x) => x.error === null);
    const losers = results.filter((x) => x.error !== null);
    expect(winners).toHaveLength(1);
    expect(losers).toHaveLength(1);
    expect(losers[0].error.__typename).toBe('TransitionNotAllowed');
    expect(losers[0].error.state).toBe(winners[0].candidate.state);
    const history = await stack.api.db
      .selectFrom('postulantes_historial')
      .select('estado_nuevo')
      .where('postulante_id', '=', id)
      .execute();
    expect(history).toHaveLength(1);
  });

  it('hiring without an e-mail address asks first (EmailNotQueued), and hires with force', async () => {
    const id = await newCandidate('inducción', null);
    const HIRE = `mutation($id: ID!, $force: Boolean) { hireCandidate(id: $id, date: "2030-01-15", time: "08:00", place: "Sede central", force: $force) { ${PAYLOAD} } }`;
    const first = await gql(HIRE, { id: String(id) }, cookies.manager);
    expect(first.data!.hireCandidate.error).toEqual({
      __typename: 'EmailNotQueued',
      message: 'No se pudo enviar el correo',
    });
    const row = await stack.api.db
      .selectFrom('postulantes')
      .select('estado')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.estado).toBe('inducción');
    const forced = await gql(HIRE, { id: String(id), force: true }, cookies.manager);
    expect(forced.data!.hireCandidate).toMatchObject({
      candidate: { state: 'HIRED' },
      emailQueued: false,
      error: null,
    });
  });

  it('rejecting without an address still rejects, with emailQueued false', async () => {
    const id = await newCandidate('post-pruebas', null);
    const r = await gql(
      `mutation($id: ID!) { rejectCandidate(id: $id, observation: "Perfil no compatible") { ${PAYLOAD} } }`,
      { id: String(id) },
      cookies.manager,
    );
    expect(r.data!.rejectCandidate).toMatchObject({
      candidate: { state: 'REJECTED' },
      emailQueued: false,
      error: null,
    });
  });

  it('the hire dialog needs date, time and place', async () => {
    const r = await gql(
      `mutation { hireCandidate(id: "1", date: "2030-01-15", time: "", place: " ") { ${PAYLOAD} } }`,
      {},
      cookies.manager,
    );
    expect(r.data!.hireCandidate.error).toMatchObject({
      __typename: 'ValidationFailed',
      message: 'Debes completar fecha, hora y lugar',
    });
  });

  it('reactivation is for role 1 only and returns the candidate to where it was', async () => {
    const id = await newCandidate('pre-pruebas');
    await gql(`mutation($id: ID!) { rejectCandidate(id: $id) { ${PAYLOAD} } }`, { id: String(id) }, cookies.manager);
    const asManager = await gql(
      `mutation($id: ID!) { reactivateCandidate(id: $id) { ${PAYLOAD} } }`,
      { id: String(id) },
      cookies.manager,
    );
    expect(asManager.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const asAdmin = await gql(
      `mutation($id: ID!) { reactivateCandidate(id: $id) { ${PAYLOAD} } }`,
      { id: String(id) },
      cookies.admin,
    );
    expect(asAdmin.data!.reactivateCandidate.candidate.state).toBe('PRE_TESTS');
  });

  it('role 3 and a candidate cannot call any pipeline mutation', async () => {
    const id = await newCandidate('inducción');
    const mutations = [
      `startFollowUp(id: "${id}") { emailQueued }`,
      `changeCandidateState(id: "${id}", state: REJECTED) { emailQueued }`,
      `moveToInduction(id: "${id}") { emailQueued }`,
      `hireCandidate(id: "${id}", date: "2030-01-15", time: "08:00", place: "Sede") { emailQueued }`,
      `rejectCandidate(id: "${id}") { emailQueued }`,
      `reactivateCandidate(id: "${id}") { emailQueued }`,
      `deleteCandidate(id: "${id}") { ok }`,
    ];
    for (const cookie of [cookies.viewer, cookies.candidate]) {
      for (const m of mutations) {
        const r = await gql(`mutation { ${m} }`, {}, cookie);
        expect(r.errors?.[0]?.extensions?.code, m).toBe('FORBIDDEN');
      }
    }
    const row = await stack.api.db
      .selectFrom('postulantes')
      .select('estado')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.estado).toBe('inducción');
  });
});

describe('history and by vacancy', () => {
  it('lists hired and rejected with counts per tab', async () => {
    await setState(await newCandidate('contratado'), 'contratado');
    const r = await gql(
      `{ candidateHistory(tab: ALL, pageSize: 50) { totalCount allCount countsByState { state count } items { state } } }`,
      {},
      cookies.manager,
    );
    const h = r.data!.candidateHistory;
    expect(h.countsByState.map((c: { state: string }) => c.state)).toEqual(['HIRED', 'REJECTED']);
    expect(h.items.every((c: { state: string }) => c.state === 'HIRED' || c.state === 'REJECTED')).toBe(true);
    const hired = await gql(`{ candidateHistory(tab: HIRED) { totalCount items { state } } }`, {}, cookies.admin);
    expect(hired.data!.candidateHistory.items.every((c: { state: string }) => c.state === 'HIRED')).toBe(true);
    expect((await gql(`{ candidateHistory { totalCount } }`, {}, cookies.viewer)).errors?.[0]?.extensions?.code).toBe(
      'FORBIDDEN',
    );
  });

  it('lists one vacancy’s candidates five at a time', async () => {
    const plaza = await stack.api.db.selectFrom('plazas').select('id').orderBy('id').executeTakeFirstOrThrow();
    const r = await gql(
      `query($v: ID!) { candidatesByVacancy(vacancyId: $v) { totalCount pageSize items { id vacancyId } } }`,
      { v: String(plaza.id) },
      cookies.viewer,
    );
    expect(r.data!.candidatesByVacancy.pageSize).toBe(5);
    expect(
      r.data!.candidatesByVacancy.items.every((c: { vacancyId: string }) => c.vacancyId === String(plaza.id)),
    ).toBe(true);
  });

  it('deletes a candidate with its queued e-mails', async () => {
    const id = await newCandidate('postulado');
    await gql(`mutation($id: ID!) { startFollowUp(id: $id) { emailQueued } }`, { id: String(id) }, cookies.manager);
    const r = await gql(`mutation($id: ID!) { deleteCandidate(id: $id) { ok } }`, { id: String(id) }, cookies.manager);
    expect(r.data!.deleteCandidate.ok).toBe(true);
    const mails = await stack.api.db
      .selectFrom('correos_salientes')
      .select('id')
      .where('postulante_id', '=', id)
      .execute();
    expect(mails).toHaveLength(0);
    const again = await gql(
      `mutation($id: ID!) { deleteCandidate(id: $id) { ok error { __typename } } }`,
      { id: String(id) },
      cookies.manager,
    );
    expect(again.data!.deleteCandidate).toEqual({ ok: false, error: { __typename: 'NotFound' } });
  });

  it('an erased candidate reads as such, never failing on the null columns', async () => {
    const id = await newCandidate('en seguimiento');
    await stack.api.db
      .updateTable('postulantes')
      .set({ datos_eliminados: true, email: null, cui: null, telefono: null, nombre: '' })
      .where('id', '=', id)
      .execute();
    const r = await gql(
      `query($id: ID!) { candidate(id: $id) { fullName email dataErased documents { id } references { name } } }`,
      { id: String(id) },
      cookies.manager,
    );
    expect(r.data!.candidate).toEqual({
      fullName: 'Datos eliminados a solicitud del candidato',
      email: null,
      dataErased: true,
      documents: [],
      references: [],
    });
  });
});

describe('documents and the timeline', () => {
  it('a demo candidate has a photo and a CV through the authorised route; opening one shows on the timeline', async () => {
    const demo = await stack.api.db
      .selectFrom('postulante_archivos')
      .select('postulante_id')
      .where('tipo', '=', 'curriculum')
      .orderBy('postulante_id')
      .executeTakeFirstOrThrow();
    const Q = `query($id: ID!) { candidate(id: $id) { photo { kind url mimeType } documents { id kind label url }
      timeline { __typename ... on FileAccessEvent { by document } } } }`;
    const before = (await gql(Q, { id: String(demo.postulante_id) }, cookies.manager)).data!.candidate;
    expect(before.photo).toMatchObject({ kind: 'PHOTO', mimeType: 'image/jpeg' });
    expect(before.photo.url).toMatch(/^\/files\/candidatos\/postulacion\/\d+$/);
    const cv = before.documents.find((d: { kind: string }) => d.kind === 'CURRICULUM');
    expect(cv).toMatchObject({ label: 'Currículum' });
    const file = await request(stack.bff.app).get(cv.url).set('cookie', cookies.manager);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toContain('application/pdf');
    const after = (await gql(Q, { id: String(demo.postulante_id) }, cookies.manager)).data!.candidate;
    expect(after.timeline.filter((e: { __typename: string }) => e.__typename === 'FileAccessEvent')).toEqual([
      { __typename: 'FileAccessEvent', by: 'Gestor Demo', document: 'CURRICULUM' },
    ]);
  });

  it('a file an API token downloads names the token in the timeline, not an unknown user', async () => {
    const demo = await stack.api.db
      .selectFrom('postulante_archivos')
      .select('postulante_id')
      .where('tipo', '=', 'curriculum')
      .orderBy('postulante_id', 'desc')
      .executeTakeFirstOrThrow();
    const created = await gql(
      'mutation { createApiToken(name: "Integración nómina", role: VIEWER) { token } }',
      {},
      cookies.admin,
    );
    const bearer = `Bearer ${created.data!.createApiToken.token as string}`;
    const Q = `query($id: ID!) { candidate(id: $id) { documents { kind url }
      timeline { __typename ... on FileAccessEvent { by document } } } }`;
    const docs = (await gql(Q, { id: String(demo.postulante_id) }, cookies.manager)).data!.candidate.documents;
    const cv = docs.find((d: { kind: string }) => d.kind === 'CURRICULUM');
    expect((await request(stack.bff.app).get(cv.url).set('authorization', bearer)).status).toBe(200);
    const after = (await gql(Q, { id: String(demo.postulante_id) }, cookies.manager)).data!.candidate;
    expect(after.timeline.filter((e: { __typename: string }) => e.__typename === 'FileAccessEvent')).toContainEqual({
      __typename: 'FileAccessEvent',
      by: 'Token de API «Integración nómina»',
      document: 'CURRICULUM',
    });
  });
});

describe('mail never blocks a hire', () => {
  it('SMTP down during a hire: the state is saved, the e-mail is delivered later and the timeline shows it', async () => {
    const id = await newCandidate('inducción', 'contratada.luego@example.com');
    const port = await freePort();
    const worker = startOutboxWorker({
      db: stack.api.db,
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'Bolsa <no-responder@ejemplo.org.gt>',
      pollMs: 50,
      retryDelaysMs: [200, 200, 200, 200, 200, 200, 200, 200],
    });
    let sink: SmtpSink | undefined;
    const TIMELINE = `query($id: ID!) { candidate(id: $id) { state timeline { __typename
      ... on StateChangeEvent { to by } ... on EmailEvent { subject status attempts sentAt } } } }`;
    const emailOf = async () =>
      (await gql(TIMELINE, { id: String(id) }, cookies.manager)).data!.candidate.timeline.find(
        (e: { __typename: string }) => e.__typename === 'EmailEvent',
      );
    try {
      const hired = await gql(
        `mutation($id: ID!) { hireCandidate(id: $id, date: "2030-03-02", time: "07:45", place: "Clínica Central") { ${PAYLOAD} } }`,
        { id: String(id) },
        cookies.manager,
      );
      expect(hired.data!.hireCandidate).toMatchObject({
        candidate: { state: 'HIRED' },
        emailQueued: true,
        error: null,
      });
      await until(async () => ((await emailOf())?.attempts ?? 0) >= 1);
      const failing = await emailOf();
      expect(failing.status).toMatch(/PENDING|SENDING/);
      expect(failing.sentAt).toBeNull();

      sink = await smtpSink(port);
      await until(() => sink!.inbox.some((m) => m.to[0] === 'contratada.luego@example.com'));
      await until(async () => (await emailOf())?.status === 'SENT');
      const sent = await emailOf();
      expect(sent.attempts).toBeGreaterThanOrEqual(2);
      expect(sent.sentAt).toBeTruthy();
      const mail = sink.inbox.find((m) => m.to[0] === 'contratada.luego@example.com')!;
      expect(mail.text).toContain('¡Felicidades! Has sido seleccionado para el puesto.');
      expect(mail.text).toContain('02/03/2030');
      expect(mail.text).toContain('Clínica Central');
      const timeline = (await gql(TIMELINE, { id: String(id) }, cookies.manager)).data!.candidate;
      expect(timeline.state).toBe('HIRED');
      expect(timeline.timeline[0]).toMatchObject({ __typename: 'StateChangeEvent', to: 'HIRED', by: 'Gestor Demo' });
    } finally {
      await worker.stop();
      await sink?.close();
    }
  }, 60_000);
});
