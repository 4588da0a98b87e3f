import { NOTE_LIMITS, NOTE_MESSAGES, TAG_MESSAGES } from '@bolsa/domain';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, DEMO_PASSWORD } from './roles.js';
import { startStack, type Stack } from './support.js';

// Issue 23 items 1–2 through the BFF against the real api (PGlite): notes and tags on candidates.
let stack: Stack;
const cookies: Record<'admin' | 'manager' | 'viewer' | 'candidate', string> = {
  admin: '',
  manager: '',
  viewer: '',
  candidate: '',
};

const cookieOf = (res: request.Response) =>
  (res.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('bolsa_sesion='))!.split(';')[0]!;
const login = async (email: string, kind: 'staff' | 'candidate') =>
  cookieOf(
    await request(stack.bff.app)
      .post('/graphql')
      .send({
        query:
          kind === 'staff'
            ? `mutation { staffLogin(username: "${email}", password: "${DEMO_PASSWORD}") { viewer { id } } }`
            : `mutation { candidateLogin(email: "${email}", password: "${DEMO_PASSWORD}") { viewer { id } } }`,
      }),
  );

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Data = Record<string, any>;
const gql = async (query: string, variables: Record<string, unknown> = {}, cookie?: string) => {
  const r = request(stack.bff.app).post('/graphql').set('content-type', 'application/json');
  if (cookie) r.set('cookie', cookie);
  const res = await r.send({ query, variables });
  return res.body as { data?: Data; errors?: { message: string; extensions?: { code?: string } }[] };
};

let serial = 0;
const newCandidate = async (estado = 'postulado') => {
  const plaza = await stack.api.db.selectFrom('plazas').select('id').orderBy('id').executeTakeFirstOrThrow();
  const { id } = await stack.api.db
    .insertInto('postulantes')
    .values({ plaza_id: plaza.id, nombre: `Nota Etiqueta ${++serial}`, cui: null, email: null, estado })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: String(id), vacancyId: String(plaza.id) };
};

const ERR = `error { __typename ... on ValidationFailed { message fields { path message } } ... on NotFound { message }
  ... on Conflict { message } ... on OperationFailed { message } }`;
const NOTE = `note { id text author createdAt editedAt mine } ${ERR}`;
const ADD = `mutation($c: ID!, $t: String!) { addCandidateNote(candidateId: $c, text: $t) { ${NOTE} } }`;
const UPDATE = `mutation($id: ID!, $t: String!) { updateCandidateNote(id: $id, text: $t) { ${NOTE} } }`;
const DELETE = `mutation($id: ID!) { deleteCandidateNote(id: $id) { ok ${ERR} } }`;
const DETAIL = `query($id: ID!) { candidate(id: $id) {
  notes { id text author createdAt editedAt mine }
  tags { id name color }
  timeline { __typename ... on NoteEvent { at by text } }
} }`;
const CREATE_TAG = `mutation($n: String!, $c: String!) { createTag(name: $n, color: $c) { tag { id name color } ${ERR} } }`;
const SET_TAGS = `mutation($c: ID!, $t: [ID!]!) { setCandidateTags(candidateId: $c, tagIds: $t) { candidate { id tags { id name } } ${ERR} } }`;

beforeAll(async () => {
  stack = await startStack();
  cookies.admin = await login(DEMO.admin, 'staff');
  cookies.manager = await login(DEMO.manager, 'staff');
  cookies.viewer = await login(DEMO.viewer, 'staff');
  cookies.candidate = await login(DEMO.candidate, 'candidate');
}, 120_000);
afterAll(() => stack?.close());

describe('notes', () => {
  it('a manager writes a note; every staff role reads it with its author; it is on the timeline', async () => {
    const c = await newCandidate();
    const added = await gql(ADD, { c: c.id, t: '  Llamada: puede empezar el lunes.  ' }, cookies.manager);
    expect(added.errors).toBeUndefined();
    const note = added.data!.addCandidateNote.note;
    expect(note).toMatchObject({ text: 'Llamada: puede empezar el lunes.', mine: true, editedAt: null });
    expect(note.author).toEqual(expect.any(String));
    expect(note.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    const seen = await gql(DETAIL, { id: c.id }, cookies.viewer);
    expect(seen.errors).toBeUndefined();
    expect(seen.data!.candidate.notes).toEqual([{ ...note, mine: false }]);
    expect(seen.data!.candidate.timeline).toContainEqual({
      __typename: 'NoteEvent',
      at: note.createdAt,
      by: note.author,
      text: note.text,
    });
  }, 30_000);

  it('only the author edits or deletes a note; others get a Conflict with the Spanish message', async () => {
    const c = await newCandidate();
    const id = (await gql(ADD, { c: c.id, t: 'Primera' }, cookies.manager)).data!.addCandidateNote.note.id;
    const foreign = await gql(UPDATE, { id, t: 'Cambiada' }, cookies.admin);
    expect(foreign.data!.updateCandidateNote).toEqual({
      note: null,
      error: { __typename: 'Conflict', message: NOTE_MESSAGES.notYours },
    });
    const foreignDelete = await gql(DELETE, { id }, cookies.admin);
    expect(foreignDelete.data!.deleteCandidateNote.error).toEqual({
      __typename: 'Conflict',
      message: NOTE_MESSAGES.notYours,
    });

    const edited = await gql(UPDATE, { id, t: 'Cambiada' }, cookies.manager);
    expect(edited.data!.updateCandidateNote.note).toMatchObject({ id, text: 'Cambiada', mine: true });
    expect(edited.data!.updateCandidateNote.note.editedAt).toEqual(expect.any(String));
    expect((await gql(DELETE, { id }, cookies.manager)).data!.deleteCandidateNote).toEqual({ ok: true, error: null });
    expect((await gql(DETAIL, { id: c.id }, cookies.manager)).data!.candidate.notes).toEqual([]);
    expect((await gql(DELETE, { id }, cookies.manager)).data!.deleteCandidateNote.error).toEqual({
      __typename: 'NotFound',
      message: NOTE_MESSAGES.notFound,
    });
  }, 30_000);

  it('refuses an empty or too long note with the domain messages, before calling the api', async () => {
    const c = await newCandidate();
    expect((await gql(ADD, { c: c.id, t: '   ' }, cookies.manager)).data!.addCandidateNote.error).toEqual({
      __typename: 'ValidationFailed',
      message: NOTE_MESSAGES.required,
      fields: [{ path: 'text', message: NOTE_MESSAGES.required }],
    });
    expect(
      (await gql(ADD, { c: c.id, t: 'x'.repeat(NOTE_LIMITS.text + 1) }, cookies.manager)).data!.addCandidateNote.error
        .message,
    ).toBe(NOTE_MESSAGES.tooLong);
    expect((await gql(ADD, { c: '999999', t: 'Hola' }, cookies.manager)).data!.addCandidateNote.error).toEqual({
      __typename: 'NotFound',
      message: NOTE_MESSAGES.candidateNotFound,
    });
  }, 30_000);

  it('the viewer role writes nothing, and a candidate reaches no note', async () => {
    const c = await newCandidate();
    await gql(ADD, { c: c.id, t: 'Privada del equipo' }, cookies.manager);
    const viewer = await gql(ADD, { c: c.id, t: 'No' }, cookies.viewer);
    expect(viewer.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const asCandidate = await gql(DETAIL, { id: c.id }, cookies.candidate);
    expect(asCandidate.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(asCandidate.data?.candidate ?? null).toBeNull();
    // The candidate's own queries have no field that leads to notes.
    const mine = await gql('{ myApplications { id } }', {}, cookies.candidate);
    expect(mine.errors).toBeUndefined();
    expect(JSON.stringify(mine.data)).not.toContain('Privada del equipo');
    const shape = await gql(
      '{ a: __type(name: "MyApplication") { fields { name } } b: __type(name: "CandidateProfile") { fields { name } } }',
      {},
      cookies.candidate,
    );
    const names = [...(shape.data?.a?.fields ?? []), ...(shape.data?.b?.fields ?? [])].map((f: Data) => f.name);
    expect(names).not.toContain('notes');
  }, 30_000);
});

describe('tags', () => {
  it('creates tags (unique names, palette colours) and every staff role lists them', async () => {
    const made = await gql(CREATE_TAG, { n: 'Enfermería nocturna', c: 'teal' }, cookies.manager);
    expect(made.data!.createTag).toMatchObject({ tag: { name: 'Enfermería nocturna', color: 'teal' }, error: null });
    expect(
      (await gql(CREATE_TAG, { n: 'ENFERMERIA nocturna', c: 'red' }, cookies.admin)).data!.createTag.error,
    ).toEqual({
      __typename: 'Conflict',
      message: TAG_MESSAGES.nameTaken,
    });
    expect((await gql(CREATE_TAG, { n: 'Rojo', c: '#f00' }, cookies.admin)).data!.createTag.error.message).toBe(
      TAG_MESSAGES.colorInvalid,
    );
    expect((await gql(CREATE_TAG, { n: 'Visor', c: 'red' }, cookies.viewer)).errors?.[0]?.extensions?.code).toBe(
      'FORBIDDEN',
    );
    const list = await gql('{ tags { id name color } }', {}, cookies.viewer);
    expect(list.data!.tags).toContainEqual(made.data!.createTag.tag);
  }, 30_000);

  it('puts tags on candidates, shows them on the detail and the list rows, filters and counts by tag', async () => {
    const a = (await gql(CREATE_TAG, { n: 'Segunda entrevista', c: 'blue' }, cookies.manager)).data!.createTag.tag;
    const b = (await gql(CREATE_TAG, { n: 'Bilingüe', c: 'green' }, cookies.manager)).data!.createTag.tag;
    const c1 = await newCandidate();
    const c2 = await newCandidate('en seguimiento');
    const set1 = await gql(SET_TAGS, { c: c1.id, t: [a.id, b.id] }, cookies.manager);
    expect(set1.errors).toBeUndefined();
    expect(set1.data!.setCandidateTags.candidate.tags.map((t: Data) => t.name)).toEqual([
      'Bilingüe',
      'Segunda entrevista',
    ]);
    await gql(SET_TAGS, { c: c2.id, t: [a.id] }, cookies.admin);

    const detail = await gql(DETAIL, { id: c1.id }, cookies.viewer);
    expect(detail.data!.candidate.tags).toEqual([b, a]);

    const LIST = `query($t: [ID!]) { candidates(tagIds: $t, pageSize: 50) { totalCount allCount
      countsByState { state count } tagCounts { tag { id name color } count } items { id tags { name } } } }`;
    const byA = (await gql(LIST, { t: [a.id] }, cookies.viewer)).data!.candidates;
    expect(byA.items.map((i: Data) => i.id).sort()).toEqual([c1.id, c2.id].sort());
    expect(byA.tagCounts).toEqual([
      { tag: b, count: 1 },
      { tag: a, count: 2 },
    ]);
    expect(byA.countsByState).toContainEqual({ state: 'FOLLOW_UP', count: 1 });
    const both = (await gql(LIST, { t: [a.id, b.id] }, cookies.viewer)).data!.candidates;
    expect(both.items).toEqual([{ id: c1.id, tags: [{ name: 'Bilingüe' }, { name: 'Segunda entrevista' }] }]);

    const BY_VACANCY = `query($v: ID!, $t: [ID!]) { candidatesByVacancy(vacancyId: $v, tagIds: $t, pageSize: 50) {
      totalCount tagCounts { tag { id } count } items { id } } }`;
    const vac = (await gql(BY_VACANCY, { v: c1.vacancyId, t: [b.id] }, cookies.viewer)).data!.candidatesByVacancy;
    expect(vac.items).toEqual([{ id: c1.id }]);

    // Clearing the tags; repeating is harmless.
    for (let i = 0; i < 2; i++)
      expect((await gql(SET_TAGS, { c: c1.id, t: [] }, cookies.manager)).data!.setCandidateTags.candidate.tags).toEqual(
        [],
      );
    expect((await gql(SET_TAGS, { c: c1.id, t: ['999999'] }, cookies.manager)).data!.setCandidateTags.error).toEqual({
      __typename: 'ValidationFailed',
      message: TAG_MESSAGES.notFound,
      fields: [{ path: 'tagIds', message: TAG_MESSAGES.notFound }],
    });
    expect((await gql(SET_TAGS, { c: c1.id, t: [a.id] }, cookies.viewer)).errors?.[0]?.extensions?.code).toBe(
      'FORBIDDEN',
    );
    const tooMany = await gql(LIST, { t: Array.from({ length: 11 }, (_, i) => String(i + 1)) }, cookies.viewer);
    expect(tooMany.errors?.[0]).toMatchObject({
      message: TAG_MESSAGES.tooManyFilter,
      extensions: { code: 'BAD_USER_INPUT' },
    });
  }, 60_000);
});
