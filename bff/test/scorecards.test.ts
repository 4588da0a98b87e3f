import { DEFAULT_SCORECARD_CRITERIA, SCORECARD_MESSAGES, todayInGuatemala } from '@bolsa/domain';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, DEMO_PASSWORD } from './roles.js';
import { startStack, type Stack } from './support.js';

// Issue 24 item 4 through the BFF against the real api (PGlite): interview scorecards.
let stack: Stack;
const cookies: Record<'admin' | 'manager' | 'viewer', string> = { admin: '', manager: '', viewer: '' };

const cookieOf = (res: request.Response) =>
  (res.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('bolsa_sesion='))!.split(';')[0]!;
const login = async (email: string) =>
  cookieOf(
    await request(stack.bff.app)
      .post('/graphql')
      .send({ query: `mutation { staffLogin(username: "${email}", password: "${DEMO_PASSWORD}") { viewer { id } } }` }),
  );

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Data = Record<string, any>;
const gql = async (query: string, variables: Record<string, unknown> = {}, cookie?: string) => {
  const r = request(stack.bff.app).post('/graphql').set('content-type', 'application/json');
  if (cookie) r.set('cookie', cookie);
  const res = await r.send({ query, variables });
  return res.body as { data?: Data; errors?: { message: string; extensions?: { code?: string } }[] };
};

function inDays(n: number): string {
  const d = new Date(`${todayInGuatemala()}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

let serial = 0;
/** A candidate with an interview on `date`; the demo manager and viewer invited by e-mail. */
const withInterview = async (date: string) => {
  const plaza = await stack.api.db.selectFrom('plazas').select('id').orderBy('id').executeTakeFirstOrThrow();
  const c = await stack.api.db
    .insertInto('postulantes')
    .values({ plaza_id: plaza.id, nombre: `Eva Luada ${++serial}`, cui: null, email: null, estado: 'entrevista' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const i = await stack.api.db
    .insertInto('entrevistas')
    .values({
      postulante_id: c.id,
      modalidad: 'VIRTUAL',
      fecha: date,
      hora_inicio: '08:00',
      hora_fin: '09:00',
      participantes_json: JSON.stringify([DEMO.manager, DEMO.viewer]),
      observaciones: null,
      sede_id: null,
      direccion: null,
      sala: null,
      entrevistador: null,
      enlace: 'https://teams.example/x',
      organizador_email: DEMO.manager,
      usuario_id: null,
      calendario_uid: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { candidateId: String(c.id), interviewId: String(i.id) };
};

const ERR = `error { __typename ... on ValidationFailed { message fields { path message } } ... on NotFound { message }
  ... on Conflict { message } ... on OperationFailed { message } }`;
const SUBMIT = `mutation($input: ScorecardInput!) { submitScorecard(input: $input) {
  scorecard { id author recommendation comments mine ratings { criterion score } editedAt }
  interview { id scorecardSummary { count overall } }
  ${ERR} } }`;
const DETAIL = `query($id: ID!) { candidate(id: $id) { interviews {
  id scorecardCriteria scorecardOpen viewerCanScore
  scorecards { author recommendation comments mine ratings { criterion score } }
  scorecardSummary { count overall criteria { criterion average } recommendations { recommendation count } }
} } }`;
const input = (interviewId: string, score = 4, recommendation = 'CONTRATAR') => ({
  interviewId,
  ratings: DEFAULT_SCORECARD_CRITERIA.map((criterion) => ({ criterion, score })),
  recommendation,
  comments: 'Muy clara al explicar.',
});

beforeAll(async () => {
  stack = await startStack();
  cookies.admin = await login(DEMO.admin);
  cookies.manager = await login(DEMO.manager);
  cookies.viewer = await login(DEMO.viewer);
}, 120_000);
afterAll(() => stack?.close());

describe('interview scorecards (GraphQL)', () => {
  it('a participant fills and edits their card; every staff role reads it with the averages', async () => {
    const { candidateId, interviewId } = await withInterview(inDays(-1));
    const before = await gql(DETAIL, { id: candidateId }, cookies.manager);
    expect(before.errors).toBeUndefined();
    expect(before.data!.candidate.interviews[0]).toMatchObject({
      scorecardCriteria: [...DEFAULT_SCORECARD_CRITERIA],
      scorecardOpen: true,
      viewerCanScore: true,
      scorecards: [],
      scorecardSummary: { count: 0, overall: null },
    });

    const first = await gql(SUBMIT, { input: input(interviewId, 4) }, cookies.manager);
    expect(first.errors).toBeUndefined();
    expect(first.data!.submitScorecard).toMatchObject({
      error: null,
      scorecard: { recommendation: 'CONTRATAR', mine: true, editedAt: null },
      interview: { id: interviewId, scorecardSummary: { count: 1, overall: 4 } },
    });
    const edited = await gql(SUBMIT, { input: input(interviewId, 2, 'DUDOSO') }, cookies.manager);
    expect(edited.data!.submitScorecard.scorecard).toMatchObject({ recommendation: 'DUDOSO' });
    expect(edited.data!.submitScorecard.scorecard.editedAt).toEqual(expect.any(String));

    for (const who of ['viewer', 'admin'] as const) {
      const seen = await gql(DETAIL, { id: candidateId }, cookies[who]);
      expect(seen.errors).toBeUndefined();
      const i = seen.data!.candidate.interviews[0];
      // The viewer was invited but role 3 only reads; the admin was not invited.
      expect(i.viewerCanScore).toBe(false);
      expect(i.scorecards).toEqual([
        expect.objectContaining({ recommendation: 'DUDOSO', comments: 'Muy clara al explicar.', mine: false }),
      ]);
      expect(i.scorecardSummary).toMatchObject({
        count: 1,
        overall: 2,
        recommendations: [
          { recommendation: 'CONTRATAR', count: 0 },
          { recommendation: 'NO_CONTRATAR', count: 0 },
          { recommendation: 'DUDOSO', count: 1 },
        ],
      });
    }
  }, 60_000);

  it('refuses role 3 (FORBIDDEN), a non-participant and an interview not started (Conflict), bad ratings (ValidationFailed)', async () => {
    const { interviewId } = await withInterview(inDays(-1));
    const viewer = await gql(SUBMIT, { input: input(interviewId) }, cookies.viewer);
    expect(viewer.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const admin = await gql(SUBMIT, { input: input(interviewId) }, cookies.admin);
    expect(admin.data!.submitScorecard.error).toEqual({
      __typename: 'Conflict',
      message: SCORECARD_MESSAGES.notParticipant,
    });
    const future = await withInterview(inDays(2));
    const early = await gql(SUBMIT, { input: input(future.interviewId) }, cookies.manager);
    expect(early.data!.submitScorecard.error).toEqual({
      __typename: 'Conflict',
      message: SCORECARD_MESSAGES.notStarted,
    });
    const bad = await gql(SUBMIT, { input: input(interviewId, 7) }, cookies.manager);
    expect(bad.data!.submitScorecard.error).toMatchObject({
      __typename: 'ValidationFailed',
      message: SCORECARD_MESSAGES.ratingInvalid,
    });
    const fewer = await gql(
      SUBMIT,
      { input: { ...input(interviewId), ratings: [{ criterion: 'Comunicación', score: 3 }] } },
      cookies.manager,
    );
    expect(fewer.data!.submitScorecard.error).toMatchObject({ __typename: 'ValidationFailed' });
    const missing = await gql(SUBMIT, { input: input('999999') }, cookies.manager);
    expect(missing.data!.submitScorecard.error).toMatchObject({ __typename: 'NotFound' });
  }, 60_000);
  it("a manager sets a vacancy's criteria; staff read them; a viewer may not change them", async () => {
    const plaza = await stack.api.db.selectFrom('plazas').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
    const SET = `mutation($v: ID!, $c: [String!]!) { setVacancyScorecardCriteria(vacancyId: $v, criteria: $c) { criteria ${ERR} } }`;
    const GET = `query($v: ID!) { vacancyScorecardCriteria(vacancyId: $v) }`;
    const v = String(plaza.id);
    expect((await gql(GET, { v }, cookies.viewer)).data!.vacancyScorecardCriteria).toEqual([]);
    const bad = await gql(SET, { v, c: ['Inglés', 'inglés'] }, cookies.manager);
    expect(bad.data!.setVacancyScorecardCriteria.error).toMatchObject({
      __typename: 'ValidationFailed',
      message: SCORECARD_MESSAGES.criteriaRepeated,
    });
    const ok = await gql(SET, { v, c: ['Inglés', ' Liderazgo '] }, cookies.manager);
    expect(ok.data!.setVacancyScorecardCriteria).toEqual({ criteria: ['Inglés', 'Liderazgo'], error: null });
    expect((await gql(GET, { v }, cookies.viewer)).data!.vacancyScorecardCriteria).toEqual(['Inglés', 'Liderazgo']);
    expect((await gql(SET, { v, c: [] }, cookies.viewer)).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    await gql(SET, { v, c: [] }, cookies.manager);
  }, 60_000);
});
