import {
  BULK_MESSAGES,
  BULK_TAG_MESSAGES,
  CANDIDATE_EXPORT_COLUMNS,
  CANDIDATE_LIST_FILTER_MESSAGES,
  candidateExportUrl,
  csvLine,
  TAG_LIMITS,
  todayInGuatemala,
} from '@bolsa/domain';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, DEMO_PASSWORD } from './roles.js';
import { staffCookie, startStack, type Stack } from './support.js';

/** Bulk actions and the lists' tag filter (issue 23) through the BFF against the real api on PGlite. */
let stack: Stack;
const cookies = { admin: '', manager: '', viewer: '' };

const gql = async (query: string, variables: Record<string, unknown> = {}, cookie?: string) => {
  const r = request(stack.bff.app).post('/graphql').set('content-type', 'application/json');
  if (cookie) r.set('cookie', cookie);
  const res = await r.send({ query, variables });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return res.body as { data?: Record<string, any>; errors?: { message: string; extensions?: { code?: string } }[] };
};

const MOVE = `mutation($selection: BulkCandidateSelection!, $state: CandidateState!, $dryRun: Boolean) {
  bulkChangeCandidateState(selection: $selection, state: $state, dryRun: $dryRun) {
    dryRun total moved
    results { candidateId outcome }
    error { __typename ... on ValidationFailed { message } ... on OperationFailed { message } }
  }
}`;

const TAGS = `mutation($selection: BulkCandidateSelection!, $add: [ID!], $remove: [ID!], $dryRun: Boolean) {
  bulkChangeCandidateTags(selection: $selection, add: $add, remove: $remove, dryRun: $dryRun) {
    dryRun total changed unchanged refused
    results { candidateId name outcome message tags { id name color } }
    error { __typename ... on BulkLimitExceeded { message count limit }
      ... on ValidationFailed { message } ... on OperationFailed { message } }
  }
}`;

let serial = 0;
let plazaId = 0;
const insert = async (nombre: string, estado = 'postulado') => {
  const { id } = await stack.api.db
    .insertInto('postulantes')
    .values({ plaza_id: plazaId, nombre, cui: null, email: `bulktags.bff.${++serial}@example.com`, estado })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
};
const tag = async (nombre: string) =>
  (
    await stack.api.db
      .insertInto('etiquetas')
      .values({ nombre, clave: nombre.toLowerCase(), color: 'teal', creado_por: null })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
const put = (candidate: number, etiqueta: number) =>
  stack.api.db
    .insertInto('postulante_etiquetas')
    .values({ postulante_id: candidate, etiqueta_id: etiqueta, asignada_por: null })
    .execute();
const tagIdsOf = async (candidate: number) =>
  (
    await stack.api.db
      .selectFrom('postulante_etiquetas')
      .select('etiqueta_id')
      .where('postulante_id', '=', candidate)
      .orderBy('etiqueta_id')
      .execute()
  ).map((r) => r.etiqueta_id);
const stateOf = async (id: number) =>
  (await stack.api.db.selectFrom('postulantes').select('estado').where('id', '=', id).executeTakeFirstOrThrow()).estado;

beforeAll(async () => {
  stack = await startStack();
  cookies.admin = await staffCookie(stack.bff.app, DEMO.admin, DEMO_PASSWORD);
  cookies.manager = await staffCookie(stack.bff.app, DEMO.manager, DEMO_PASSWORD);
  cookies.viewer = await staffCookie(stack.bff.app, DEMO.viewer, DEMO_PASSWORD);
  const sede = await stack.api.db.selectFrom('sedes').select('id').orderBy('id').executeTakeFirstOrThrow();
  plazaId = (
    await stack.api.db
      .insertInto('plazas')
      .values({
        nombre: 'Plaza de etiquetas masivas',
        sede_id: sede.id,
        lugar: 'Guatemala',
        descripcion: 'Plaza de prueba',
        requisitos: '[]',
        beneficios: '[]',
        fecha_publicacion: '2026-01-01',
        fecha_finalizacion: '2099-12-31',
        status: '1',
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}, 120_000);
afterAll(() => stack?.close());

describe('the bulk selection by filter', () => {
  it('honours the tag filter: "every row matching" a tagged list moves only the tagged rows', async () => {
    const segunda = await tag('Segunda entrevista BFF');
    const a = await insert('Con Etiqueta Uno');
    const b = await insert('Sin Etiqueta Dos');
    await put(a, segunda);
    const filter = { list: 'VACANCY', vacancyId: String(plazaId), tagIds: [String(segunda)] };
    const run = await gql(MOVE, { selection: { filter }, state: 'FOLLOW_UP' }, cookies.manager);
    expect(run.errors).toBeUndefined();
    const r = run.data!.bulkChangeCandidateState;
    expect(r).toMatchObject({ total: 1, moved: 1, error: null });
    expect(r.results).toEqual([expect.objectContaining({ candidateId: String(a), outcome: 'MOVED' })]);
    expect([await stateOf(a), await stateOf(b)]).toEqual(['en seguimiento', 'postulado']);

    // The lists' one filter refuses what the lists refuse, in Spanish.
    const many = await gql(
      MOVE,
      {
        selection: { filter: { ...filter, tagIds: Array.from({ length: 11 }, (_, i) => String(i + 1)) } },
        state: 'FOLLOW_UP',
      },
      cookies.manager,
    );
    expect(many.data!.bulkChangeCandidateState.error).toMatchObject({
      __typename: 'ValidationFailed',
      message: CANDIDATE_LIST_FILTER_MESSAGES.tooManyTags,
    });
    expect(await tagIdsOf(b)).toEqual([]);
  }, 60_000);
});

describe('bulkChangeCandidateTags', () => {
  it('previews, then adds a tag per row (changed, unchanged, refused at the limit); a retry changes nobody', async () => {
    const nocturna = await tag('Enfermería nocturna BFF');
    const a = await insert('Bulk Tag Uno');
    const b = await insert('Bulk Tag Dos');
    const full = await insert('Bulk Tag Lleno');
    await put(b, nocturna);
    for (let i = 0; i < TAG_LIMITS.perCandidate; i++) await put(full, await tag(`Llena BFF ${i}`));
    const selection = { candidateIds: [a, b, full].map(String) };
    const add = [String(nocturna)];

    const preview = await gql(TAGS, { selection, add, dryRun: true }, cookies.manager);
    expect(preview.errors).toBeUndefined();
    expect(preview.data!.bulkChangeCandidateTags).toMatchObject({
      dryRun: true,
      total: 3,
      changed: 1,
      unchanged: 1,
      refused: 1,
      error: null,
    });
    expect(await tagIdsOf(a)).toEqual([]);

    const run = await gql(TAGS, { selection, add }, cookies.admin);
    const r = run.data!.bulkChangeCandidateTags;
    expect(r).toMatchObject({ dryRun: false, total: 3, changed: 1, unchanged: 1, refused: 1 });
    expect(r.results).toEqual([
      {
        candidateId: String(a),
        name: 'Bulk Tag Uno',
        outcome: 'CHANGED',
        message: BULK_TAG_MESSAGES.changed,
        tags: [{ id: String(nocturna), name: 'Enfermería nocturna BFF', color: 'teal' }],
      },
      expect.objectContaining({ candidateId: String(b), outcome: 'UNCHANGED' }),
      expect.objectContaining({ candidateId: String(full), outcome: 'REFUSED', message: BULK_TAG_MESSAGES.limit }),
    ]);
    expect(await tagIdsOf(a)).toEqual([nocturna]);

    const again = await gql(TAGS, { selection, add }, cookies.manager);
    expect(again.data!.bulkChangeCandidateTags).toMatchObject({ changed: 0, unchanged: 2, refused: 1 });

    // Removing from "every row matching" the tag-filtered list: only the tagged rows.
    const c = await insert('Bulk Tag Tres');
    const filter = { list: 'VACANCY', vacancyId: String(plazaId), tagIds: add };
    const removed = await gql(TAGS, { selection: { filter }, remove: add }, cookies.manager);
    expect(removed.data!.bulkChangeCandidateTags).toMatchObject({ total: 2, changed: 2 });
    expect([await tagIdsOf(a), await tagIdsOf(b), await tagIdsOf(c)]).toEqual([[], [], []]);
  }, 60_000);

  it('role 3 changes nothing; no tags, unknown tags and more than 500 rows are refused whole in Spanish', async () => {
    const t1 = await tag('Visualizador BFF');
    const a = await insert('Bulk Tag Visto');
    const selection = { candidateIds: [String(a)] };
    const viewer = await gql(TAGS, { selection, add: [String(t1)] }, cookies.viewer);
    expect(viewer.data ?? null).toBeNull();
    expect(viewer.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(await tagIdsOf(a)).toEqual([]);

    const none = await gql(TAGS, { selection }, cookies.manager);
    expect(none.data!.bulkChangeCandidateTags.error).toMatchObject({
      __typename: 'ValidationFailed',
      message: BULK_TAG_MESSAGES.noTags,
    });
    const unknown = await gql(TAGS, { selection, add: ['99999999'] }, cookies.manager);
    expect(unknown.data!.bulkChangeCandidateTags.error).toMatchObject({ message: BULK_TAG_MESSAGES.unknownTag });
    const ids = Array.from({ length: 501 }, (_, i) => String(i + 1));
    const over = await gql(TAGS, { selection: { candidateIds: ids }, add: [String(t1)] }, cookies.manager);
    expect(over.data!.bulkChangeCandidateTags.error).toEqual({
      __typename: 'BulkLimitExceeded',
      message: BULK_MESSAGES.tooMany(501),
      count: 501,
      limit: 500,
    });
    expect(await tagIdsOf(a)).toEqual([]);
  }, 60_000);
});

describe('export of the selected rows', () => {
  const download = (path: string, cookie?: string) => {
    const r = request(stack.bff.app).get(path);
    if (cookie) r.set('cookie', cookie);
    return r.buffer(true).parse((res, cb) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => cb(null, Buffer.concat(chunks)));
    });
  };

  it('downloads exactly the selected rows with their tags (formula-safe), recorded as N seleccionados', async () => {
    const t1 = await tag('Bilingüe export');
    const t2 = await tag('=Fórmula export');
    const a = await insert('Seleccionada Uno');
    const b = await insert('Seleccionada Dos');
    await insert('No Seleccionada');
    await put(a, t1);
    await put(b, t2);
    await put(b, t1);
    const url = candidateExportUrl({ list: 'vacancy', vacancyId: String(plazaId), ids: [String(a), String(b)] }, 'csv');
    expect(url).toContain(`ids=${a}%2C${b}`);
    const res = await download(url, cookies.manager);
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="candidatos-plaza-${plazaId}-seleccion-${todayInGuatemala()}.csv"`,
    );
    const text = (res.body as Buffer).toString('utf8').slice(1);
    const lines = text.split('\r\n').filter(Boolean);
    expect(lines[0]).toBe(csvLine(CANDIDATE_EXPORT_COLUMNS.map((c) => c.heading)).trimEnd());
    expect(lines[0]!.endsWith(',Etiquetas')).toBe(true);
    expect(lines).toHaveLength(3);
    expect(lines[1]!.startsWith('Seleccionada Uno,')).toBe(true);
    expect(lines[1]!.endsWith(',Bilingüe export')).toBe(true);
    // Tags by name; a cell starting like a formula stays text.
    expect(lines[2]!.endsWith(`,"'=Fórmula export, Bilingüe export"`)).toBe(true);

    const log = await request(stack.bff.app)
      .post('/graphql')
      .set('content-type', 'application/json')
      .set('cookie', cookies.admin)
      .send({ query: '{ candidateExports(pageSize: 1) { items { rowCount selectedCount search } } }' });
    expect(log.body.data.candidateExports.items[0]).toEqual({ rowCount: 2, selectedCount: 2, search: null });

    const viewer = await download(url, cookies.viewer);
    expect(viewer.status).toBe(403);
    const many = Array.from({ length: 501 }, (_, i) => String(i + 1));
    const over = await download(candidateExportUrl({ list: 'inbox', ids: many }, 'csv'), cookies.manager);
    expect(over.status).toBe(400);
    expect(JSON.parse((over.body as Buffer).toString('utf8')).message).toBe(BULK_MESSAGES.tooMany(501));
  }, 60_000);
});
