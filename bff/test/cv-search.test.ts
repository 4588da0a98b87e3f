import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { CV_SNIPPET_START, CV_SNIPPET_STOP } from '@bolsa/domain';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normaliseCandidate } from '../src/normalise/candidate.js';
import { textPdf } from '../../api/test/support/pdf-text.js';
import { DEMO, DEMO_PASSWORD } from './roles.js';
import { staffCookie, startStack, type Stack } from './support.js';

/** Search inside CVs (issue 23): the inbox row's cvSnippet, through the real api and its worker. */
let stack: Stack;
let candidateId: number;

const SEARCH = `query($search: String) {
  candidates(page: 1, pageSize: 20, search: $search) { totalCount items { id fullName cvSnippet } }
}`;
const gql = async (cookie: string, search: string) =>
  (await request(stack.bff.app).post('/graphql').set('cookie', cookie).send({ query: SEARCH, variables: { search } }))
    .body as {
    data?: { candidates: { totalCount: number; items: { id: string; fullName: string; cvSnippet: string | null }[] } };
    errors?: { extensions?: { code?: string } }[];
  };

beforeAll(async () => {
  stack = await startStack();
  const db = stack.api.db;
  const plaza = await db.selectFrom('plazas').select('id').orderBy('id').executeTakeFirstOrThrow();
  candidateId = (
    await db
      .insertInto('postulantes')
      .values({
        plaza_id: plaza.id,
        nombre: 'Irma Cojtí',
        cui: null,
        email: 'irma.cojti@example.com',
        telefono: '55550001',
        estado: 'postulado',
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  // A CV as the api stores one: the file in the store, then its row (which queues it for reading).
  const key = `postulantes/${randomUUID()}.pdf`;
  const pdf = textPdf([['Técnica en radiología con experiencia en tomografías computarizadas.']]);
  await mkdir(path.join(stack.api.filesDir, 'postulantes'), { recursive: true });
  await writeFile(path.join(stack.api.filesDir, key), pdf);
  await db
    .insertInto('postulante_archivos')
    .values({
      postulante_id: candidateId,
      tipo: 'curriculum',
      clave: key,
      nombre: 'cv.pdf',
      mime: 'application/pdf',
      tamano: pdf.length,
    })
    .execute();
}, 120_000);
afterAll(() => stack?.close());

describe('cvSnippet', () => {
  it('reads fragmentoCv, and never for an erased candidate', () => {
    const snippet = `con ${CV_SNIPPET_START}tomografías${CV_SNIPPET_STOP}`;
    expect(normaliseCandidate({ id: 1, inputNombre: 'A', fragmentoCv: snippet })?.cvSnippet).toBe(snippet);
    expect(normaliseCandidate({ id: 1, inputNombre: 'A' })?.cvSnippet).toBeNull();
    expect(normaliseCandidate({ id: 1, datosEliminados: true, fragmentoCv: snippet })?.cvSnippet).toBeNull();
  });

  it('finds a candidate by a word of the CV, with the snippet, for a viewer (role 3) as for a manager', async () => {
    const viewer = await staffCookie(stack.bff.app, DEMO.viewer, DEMO_PASSWORD);
    const deadline = Date.now() + 20_000;
    let found: { id: string; cvSnippet: string | null } | undefined;
    while (!found && Date.now() < deadline) {
      const r = await gql(viewer, 'tomografia');
      expect(r.errors).toBeUndefined();
      found = r.data!.candidates.items.find((i) => i.id === String(candidateId));
      if (!found) await new Promise((res) => setTimeout(res, 250));
    }
    expect(found?.cvSnippet).toContain(`${CV_SNIPPET_START}tomografías${CV_SNIPPET_STOP}`);
    const manager = await gql(await staffCookie(stack.bff.app, DEMO.manager, DEMO_PASSWORD), 'RADIOLOGIA tomografias');
    expect(manager.data!.candidates.items.map((i) => i.id)).toEqual([String(candidateId)]);
    // Found by name: no snippet.
    const byName = await gql(viewer, 'cojti');
    expect(byName.data!.candidates.items).toEqual([
      { id: String(candidateId), fullName: 'Irma Cojtí', cvSnippet: null },
    ]);
  }, 60_000);
});
