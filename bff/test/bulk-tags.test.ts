import { CANDIDATE_LIST_FILTER_MESSAGES } from '@bolsa/domain';
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
