import { todayInGuatemala } from '@bolsa/domain';
import ical from 'node-ical';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOutboxWorker } from '../../api/src/mail/outbox.js';
import { smtpSink, until } from '../../api/test/support/smtp.js';
import { DEMO, DEMO_PASSWORD } from './roles.js';
import { startStack, type Stack } from './support.js';

let stack: Stack;
const cookies = { manager: '', viewer: '', candidate: '' };

async function login(kind: 'staff' | 'candidate', email: string) {
  const mutation =
    kind === 'staff'
      ? `mutation { staffLogin(username: "${email}", password: "${DEMO_PASSWORD}") { viewer { id } } }`
      : `mutation { candidateLogin(email: "${email}", password: "${DEMO_PASSWORD}") { viewer { id } } }`;
  const res = await request(stack.bff.app).post('/graphql').send({ query: mutation });
  return (res.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('bolsa_sesion='))!.split(';')[0]!;
}

const gql = async (query: string, variables: Record<string, unknown> = {}, cookie?: string) => {
  const r = request(stack.bff.app).post('/graphql').set('content-type', 'application/json');
  if (cookie) r.set('cookie', cookie);
  const res = await r.send({ query, variables });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return res.body as { data?: Record<string, any>; errors?: { message: string; extensions?: { code?: string } }[] };
};

function inDays(n: number): string {
  const d = new Date(`${todayInGuatemala()}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

let serial = 0;
const newCandidate = async (estado: string, email: string | null = `intv.bff.${++serial}@example.com`) => {
  const plaza = await stack.api.db.selectFrom('plazas').select('id').orderBy('id').executeTakeFirstOrThrow();
  const { id } = await stack.api.db
    .insertInto('postulantes')
    .values({ plaza_id: plaza.id, nombre: 'Prueba Entrevista', cui: null, email, estado })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(id);
};

const SCHEDULE = `mutation($input: InterviewInput!) { scheduleInterview(input: $input) {
  interview { id candidateId mode date from to participants branchName address room meetingLink organiserEmail }
  meetingLink candidate { id state }
  error { __typename ... on ValidationFailed { message fields { path message } } ... on InterviewFailed { message details }
    ... on NotAuthorisedOrganiser { title message } ... on TransitionNotAllowed { message state } ... on NotFound { message } }
} }`;

let sedeId = '';
const inPerson = (candidateId: string, over: Record<string, unknown> = {}) => ({
  candidateId,
  mode: 'PRESENCIAL',
  date: inDays(2),
  from: '10:00',
  to: '11:30',
  participants: ['Jefa@Ejemplo.org.gt', 'jefa@ejemplo.org.gt'],
  branchId: sedeId,
  address: '5a avenida 10-20, zona 1',
  room: 'B2',
  ...over,
});

beforeAll(async () => {
  stack = await startStack();
  cookies.manager = await login('staff', DEMO.manager);
  cookies.viewer = await login('staff', DEMO.viewer);
  cookies.candidate = await login('candidate', DEMO.candidate);
  sedeId = String((await stack.api.db.selectFrom('sedes').select('id').orderBy('id').executeTakeFirstOrThrow()).id);
}, 120_000);
afterAll(() => stack?.close());

describe('scheduleInterview', () => {
  it('in person, end to end: stored, candidate → entrevista, ICS invitation at the SMTP sink, on the timeline', async () => {
    const id = await newCandidate('post-pruebas');
    const r = await gql(SCHEDULE, { input: inPerson(id) }, cookies.manager);
    expect(r.errors).toBeUndefined();
    const p = r.data!.scheduleInterview;
    expect(p.error).toBeNull();
    expect(p.candidate).toMatchObject({ id, state: 'INTERVIEW' });
    expect(p.interview).toMatchObject({
      candidateId: id,
      mode: 'PRESENCIAL',
      date: inDays(2),
      from: '10:00',
      to: '11:30',
      participants: ['jefa@ejemplo.org.gt'],
      room: 'B2',
      organiserEmail: DEMO.manager,
    });

    const sink = await smtpSink();
    const worker = startOutboxWorker({
      db: stack.api.db,
      smtpUrl: `smtp://127.0.0.1:${sink.port}`,
      from: 'Bolsa <no-responder@ejemplo.org.gt>',
      pollMs: 50,
    });
    try {
      const address = `intv.bff.${serial}@example.com`;
      await until(
        () =>
          sink.inbox.some((m) => m.to.includes(address)) &&
          sink.inbox.some((m) => m.to.includes('jefa@ejemplo.org.gt')),
      );
      const mail = sink.inbox.find((m) => m.to.includes(address))!;
      expect(mail.ics).toContain('METHOD:REQUEST');
      const event = Object.values(ical.sync.parseICS(mail.ics!)).find((c) => c?.type === 'VEVENT') as ical.VEvent;
      expect(event.start.toISOString()).toBe(`${inDays(2)}T16:00:00.000Z`);
      expect(String(event.location)).toContain('5a avenida 10-20, zona 1');
    } finally {
      await worker.stop();
      await sink.close();
    }

    const c = await gql(
      `query($id: ID!) { candidate(id: $id) { interviews { id mode date from to } timeline { __typename ... on InterviewEvent { mode date from to by } } } }`,
      { id },
      cookies.manager,
    );
    expect(c.errors).toBeUndefined();
    expect(c.data!.candidate.interviews).toHaveLength(1);
    expect(c.data!.candidate.timeline).toContainEqual({
      __typename: 'InterviewEvent',
      mode: 'PRESENCIAL',
      date: inDays(2),
      from: '10:00',
      to: '11:30',
      by: expect.any(String),
    });
  });

  it('virtual without Graph: the VIRTUAL_MEETING_URL link', async () => {
    const id = await newCandidate('en seguimiento');
    const r = await gql(
      SCHEDULE,
      { input: { ...inPerson(id), mode: 'VIRTUAL', branchId: null, address: null } },
      cookies.manager,
    );
    expect(r.data!.scheduleInterview.error).toBeNull();
    expect(r.data!.scheduleInterview.meetingLink).toMatch(/^https:\/\/meet\.jit\.si\//);
    expect(r.data!.scheduleInterview.interview.meetingLink).toBe(r.data!.scheduleInterview.meetingLink);
  });

  it('bad input answers ValidationFailed with the Spanish message and the input field', async () => {
    const id = await newCandidate('post-pruebas');
    const r = await gql(SCHEDULE, { input: inPerson(id, { from: '12:00', to: '11:00' }) }, cookies.manager);
    expect(r.data!.scheduleInterview.error).toMatchObject({
      __typename: 'ValidationFailed',
      message: 'Hora hasta debe ser mayor que hora desde',
      fields: [{ path: 'to', message: 'Hora hasta debe ser mayor que hora desde' }],
    });
    const past = await gql(SCHEDULE, { input: inPerson(id, { date: inDays(-2) }) }, cookies.manager);
    expect(past.data!.scheduleInterview.error).toMatchObject({ message: 'La fecha no puede ser en el pasado' });
    const none = await gql(
      SCHEDULE,
      { input: { ...inPerson(id), mode: 'VIRTUAL', participants: [] } },
      cookies.manager,
    );
    expect(none.data!.scheduleInterview.error).toMatchObject({ message: 'Debe especificar al menos un participante' });
    const state = await stack.api.db
      .selectFrom('postulantes')
      .select('estado')
      .where('id', '=', Number(id))
      .executeTakeFirstOrThrow();
    expect(state.estado).toBe('post-pruebas');
  });

  it('a candidate without e-mail', async () => {
    const id = await newCandidate('post-pruebas', null);
    const r = await gql(SCHEDULE, { input: inPerson(id) }, cookies.manager);
    expect(r.data!.scheduleInterview.error).toMatchObject({
      __typename: 'ValidationFailed',
      message: 'Email del candidato es inválido',
    });
  });

  it("the candidate's Mis postulaciones shows the interview's date, time and place", async () => {
    const user = await stack.api.db
      .selectFrom('usuarios_candidatos')
      .select('id')
      .where('email', '=', DEMO.candidate)
      .executeTakeFirstOrThrow();
    const plaza = await stack.api.db.selectFrom('plazas').select('id').orderBy('id').executeTakeFirstOrThrow();
    const row = await stack.api.db
      .insertInto('postulantes')
      .values({
        plaza_id: plaza.id,
        nombre: 'Ana López',
        cui: null,
        email: DEMO.candidate,
        estado: 'post-pruebas',
        usuario_candidato_id: user.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const r = await gql(SCHEDULE, { input: inPerson(String(row.id)) }, cookies.manager);
    expect(r.data!.scheduleInterview.error).toBeNull();
    const mine = await gql(`{ myApplications { id interview { date from to mode place } } }`, {}, cookies.candidate);
    expect(mine.errors).toBeUndefined();
    const card = mine.data!.myApplications.find((a: { id: string }) => a.id === String(row.id));
    expect(card.interview).toEqual({
      date: inDays(2),
      from: '10:00',
      to: '11:30',
      mode: 'PRESENCIAL',
      place: expect.stringContaining('5a avenida 10-20, zona 1 · Sala: B2'),
    });
  });

  it('role 3 and a candidate are FORBIDDEN', async () => {
    const id = await newCandidate('post-pruebas');
    for (const cookie of [cookies.viewer, cookies.candidate]) {
      const r = await gql(SCHEDULE, { input: inPerson(id) }, cookie);
      expect(r.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    }
  });
});
