import { BULK_MESSAGES, TRANSITION_MESSAGES } from '@bolsa/domain';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, DEMO_PASSWORD } from './roles.js';
import { apiTokenBearer, staffCookie, startStack, type Stack } from './support.js';

/** bulkChangeCandidateState (issue 23) through the BFF against the real api on PGlite. */
let stack: Stack;
const cookies = { admin: '', manager: '', viewer: '' };

const gql = async (
  query: string,
  variables: Record<string, unknown> = {},
  auth?: { cookie?: string; bearer?: string },
) => {
  const r = request(stack.bff.app).post('/graphql').set('content-type', 'application/json');
  if (auth?.cookie) r.set('cookie', auth.cookie);
  if (auth?.bearer) r.set('authorization', auth.bearer);
  const res = await r.send({ query, variables });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return res.body as { data?: Record<string, any>; errors?: { message: string; extensions?: { code?: string } }[] };
};

const BULK = `mutation($selection: BulkCandidateSelection!, $state: CandidateState!, $note: String, $dryRun: Boolean) {
  bulkChangeCandidateState(selection: $selection, state: $state, note: $note, dryRun: $dryRun) {
    dryRun total moved emailsQueued unchanged refused
    results { candidateId name outcome from to emailQueued message }
    error { __typename ... on BulkLimitExceeded { message count limit }
      ... on ValidationFailed { message fields { path message } } ... on OperationFailed { message } }
  }
}`;

let serial = 0;
let plazaId = 0;
const insert = async (estado: string, nombre = `Masiva BFF ${++serial}`) => {
  const { id } = await stack.api.db
    .insertInto('postulantes')
    .values({ plaza_id: plazaId, nombre, cui: null, email: `masiva.bff.${++serial}@example.com`, estado })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
};
const stateOf = async (id: number) =>
  (await stack.api.db.selectFrom('postulantes').select('estado').where('id', '=', id).executeTakeFirstOrThrow()).estado;
const mailCount = async (ids: number[]) =>
  (await stack.api.db.selectFrom('correos_salientes').select('id').where('postulante_id', 'in', ids).execute()).length;

beforeAll(async () => {
  stack = await startStack();
  cookies.admin = await staffCookie(stack.bff.app, DEMO.admin, DEMO_PASSWORD);
  cookies.manager = await staffCookie(stack.bff.app, DEMO.manager, DEMO_PASSWORD);
  cookies.viewer = await staffCookie(stack.bff.app, DEMO.viewer, DEMO_PASSWORD);
  plazaId = (await stack.api.db.selectFrom('plazas').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow()).id;
}, 120_000);
afterAll(() => stack?.close());

describe('bulkChangeCandidateState', () => {
  it('previews, then moves 2 of 3 with 2 e-mails and refuses the third with its reason; a retry moves nobody', async () => {
    const ids = [await insert('postulado'), await insert('postulado'), await insert('entrevista')];
    const selection = { candidateIds: ids.map(String) };
    const preview = await gql(BULK, { selection, state: 'FOLLOW_UP', dryRun: true }, { cookie: cookies.manager });
    expect(preview.errors).toBeUndefined();
    expect(preview.data!.bulkChangeCandidateState).toMatchObject({
      dryRun: true,
      total: 3,
      moved: 2,
      emailsQueued: 2,
      refused: 1,
      unchanged: 0,
      error: null,
    });
    expect(await stateOf(ids[0]!)).toBe('postulado');
    expect(await mailCount(ids)).toBe(0);

    const run = await gql(BULK, { selection, state: 'FOLLOW_UP' }, { cookie: cookies.manager });
    const r = run.data!.bulkChangeCandidateState;
    expect(r).toMatchObject({ dryRun: false, total: 3, moved: 2, emailsQueued: 2, refused: 1 });
    expect(r.results).toEqual([
      expect.objectContaining({
        candidateId: String(ids[0]),
        outcome: 'MOVED',
        from: 'APPLIED',
        to: 'FOLLOW_UP',
        emailQueued: true,
      }),
      expect.objectContaining({ candidateId: String(ids[1]), outcome: 'MOVED' }),
      expect.objectContaining({
        candidateId: String(ids[2]),
        outcome: 'REFUSED',
        from: 'INTERVIEW',
        message: TRANSITION_MESSAGES.notAllowed,
      }),
    ]);
    expect(await mailCount(ids)).toBe(2);
    // The session's user is who moved them (the history's 'by').
    const manager = await stack.api.db
      .selectFrom('usuarios')
      .select('id')
      .where('usuario', '=', DEMO.manager)
      .executeTakeFirstOrThrow();
    const history = await stack.api.db
      .selectFrom('postulantes_historial')
      .select('usuario_id')
      .where('postulante_id', '=', ids[0]!)
      .execute();
    expect(history).toEqual([{ usuario_id: manager.id }]);

    const retry = await gql(BULK, { selection, state: 'FOLLOW_UP' }, { cookie: cookies.manager });
    expect(retry.data!.bulkChangeCandidateState).toMatchObject({ moved: 0, unchanged: 2, refused: 1, emailsQueued: 0 });
    expect(await mailCount(ids)).toBe(2);
  }, 60_000);

  it('acts on a list filter (a vacancy and its search) and rejects with the observation', async () => {
    const a = await insert('pre-pruebas', 'Filomena Lote Uno');
    const b = await insert('entrevista', 'Filomena Lote Dos');
    const selection = { filter: { list: 'VACANCY', vacancyId: String(plazaId), search: 'filomena lote' } };
    const r = await gql(BULK, { selection, state: 'REJECTED', note: 'Vacante cubierta' }, { cookie: cookies.admin });
    expect(r.data!.bulkChangeCandidateState).toMatchObject({ total: 2, moved: 2, emailsQueued: 2 });
    expect([await stateOf(a), await stateOf(b)]).toEqual(['rechazado', 'rechazado']);
    const mails = await stack.api.db
      .selectFrom('correos_salientes')
      .select('texto')
      .where('postulante_id', '=', a)
      .execute();
    expect(mails[0]!.texto).toContain('Vacante cubierta');
  }, 60_000);

  it('refuses more than 500 rows, a hire and a malformed selection with Spanish messages, changing nothing', async () => {
    const ids = Array.from({ length: 501 }, (_, i) => String(i + 1));
    const over = await gql(BULK, { selection: { candidateIds: ids }, state: 'REJECTED' }, { cookie: cookies.admin });
    expect(over.data!.bulkChangeCandidateState).toMatchObject({
      total: 0,
      results: [],
      error: { __typename: 'BulkLimitExceeded', count: 501, limit: 500, message: BULK_MESSAGES.tooMany(501) },
    });
    const a = await insert('inducción');
    const hire = await gql(
      BULK,
      { selection: { candidateIds: [String(a)] }, state: 'HIRED' },
      { cookie: cookies.admin },
    );
    expect(hire.data!.bulkChangeCandidateState.error).toMatchObject({
      __typename: 'ValidationFailed',
      message: BULK_MESSAGES.targetInvalid,
    });
    expect(await stateOf(a)).toBe('inducción');
    const both = await gql(
      BULK,
      { selection: { candidateIds: [String(a)], filter: { list: 'INBOX' } }, state: 'REJECTED' },
      { cookie: cookies.admin },
    );
    expect(both.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const empty = await gql(BULK, { selection: { candidateIds: [] }, state: 'REJECTED' }, { cookie: cookies.admin });
    expect(empty.data!.bulkChangeCandidateState.error.message).toBe(BULK_MESSAGES.empty);
    expect(await stateOf(a)).toBe('inducción');
  }, 60_000);

  it('role 3 (session or API token) changes nothing', async () => {
    const a = await insert('postulado');
    const vars = { selection: { candidateIds: [String(a)] }, state: 'FOLLOW_UP' };
    const viewer = await gql(BULK, vars, { cookie: cookies.viewer });
    expect(viewer.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const bearer = await apiTokenBearer(stack.bff.app, cookies.admin, 'Masivas');
    const token = await gql(BULK, vars, { bearer });
    expect(token.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const anonymous = await gql(BULK, vars);
    expect(anonymous.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect(await stateOf(a)).toBe('postulado');
    expect(await mailCount([a])).toBe(0);
  }, 60_000);
});
