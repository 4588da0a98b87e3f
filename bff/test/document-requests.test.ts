import { DOCUMENT_REQUEST_MESSAGES as M } from '@bolsa/domain';
import { sql } from 'kysely';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfBytes, pngBytes } from '../../api/test/support/application.js';
import { validCui } from '../../api/test/support/client.js';
import { stagedCount } from '../../api/test/support/files.js';
import { DEMO, DEMO_PASSWORD } from './roles.js';
import { startStack, type Stack } from './support.js';

let stack: Stack;
const cookies = { manager: '', viewer: '' };

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Data = Record<string, any>;
const gql = async (query: string, variables: Record<string, unknown> = {}, cookie?: string) => {
  const r = request(stack.bff.app).post('/graphql').set('content-type', 'application/json');
  if (cookie) r.set('cookie', cookie);
  const res = await r.send({ query, variables });
  return res.body as { data?: Data; errors?: { message: string; extensions?: { code?: string } }[] };
};

const cookieOf = (res: request.Response): string =>
  ((res.headers['set-cookie'] as unknown as string[] | undefined) ?? [])
    .find((c) => c.startsWith('bolsa_sesion='))!
    .split(';')[0]!;

async function staffLogin(user: string) {
  const res = await request(stack.bff.app)
    .post('/graphql')
    .send({ query: `mutation { staffLogin(username: "${user}", password: "${DEMO_PASSWORD}") { viewer { id } } }` });
  return cookieOf(res);
}

let seq = 0;
/**
 * A candidate registered through the api, logged in through the BFF, with a profile CV and an
 * application (postulante) bound to the account; `email: null` leaves the application without one.
 */
async function registeredCandidate(opts: { email?: null } = {}) {
  seq++;
  const email = `docs.${seq}.${Date.now()}@example.com`;
  const res = await request(stack.api.url)
    .post('/usuarios-candidatos/register')
    .set('authorization', `Bearer ${stack.api.token}`)
    .send({
      PrimerNombre: 'Lucía',
      PrimerApellido: 'Chen',
      Email: email,
      Password: 'Clave123',
      Dpi: validCui(String(71000000 + seq * 19)),
    });
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
  const login = await request(stack.bff.app)
    .post('/graphql')
    .send({ query: `mutation { candidateLogin(email: "${email}", password: "Clave123") { viewer { id } } }` });
  const cookie = cookieOf(login);
  const userId = Number((await gql('{ me { id } }', {}, cookie)).data!.me.id);
  const db = stack.api.db;
  await db
    .insertInto('perfil_archivos')
    .values({
      usuario_candidato_id: userId,
      tipo: 'curriculum',
      clave: `postulantes/perfiles/cv-anterior-${seq}.pdf`,
      nombre: 'cv-anterior.pdf',
      mime: 'application/pdf',
      tamano: 10,
    })
    .execute();
  const plaza = await db.selectFrom('plazas').select(['id', 'nombre']).orderBy('id').executeTakeFirstOrThrow();
  const app = await db
    .insertInto('postulantes')
    .values({
      plaza_id: plaza.id,
      nombre: 'Lucía Chen',
      cui: null,
      email: opts.email === null ? null : email,
      estado: 'en seguimiento',
      usuario_candidato_id: userId,
      es_registrado: true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { cookie, userId, email, candidateId: String(app.id), vacancy: plaza.nombre };
}

async function upload(data: Buffer, name: string, cookie: string) {
  const res = await request(stack.bff.app)
    .post('/uploads?kind=requested-document')
    .set('x-requested-with', 'fetch')
    .set('cookie', cookie)
    .attach('file', data, name);
  return res;
}
const uploadId = async (data: Buffer, name: string, cookie: string) => {
  const res = await upload(data, name, cookie);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
};

const REQUEST = `mutation($id: ID!, $docs: [CandidateDocumentKind!]!, $comment: String!) {
  requestDocuments(candidateId: $id, documents: $docs, comment: $comment) {
    emailQueued
    request { id candidateId documents comment requestedAt requestedBy expiresAt fulfilledAt }
    error { __typename ... on ValidationFailed { message fields { path message } } ... on NotFound { message }
      ... on OperationFailed { message } }
  } }`;
const VIEW = `query($token: String!) { documentRequest(token: $token) { id documents comment vacancyName expiresAt fulfilled } }`;
const FULFIL = `mutation($token: String!, $uploads: [DocumentUploadInput!]!) {
  fulfilDocumentRequest(token: $token, uploads: $uploads) {
    ok
    error { __typename ... on DocumentRequestInvalid { message } ... on ValidationFailed { message fields { path message } }
      ... on OperationFailed { message } }
  } }`;
const TIMELINE = `query($id: ID!) { candidate(id: $id) { timeline { __typename
  ... on DocumentRequestEvent { at by action documents comment } } } }`;

const ask = (candidateId: string, docs: string[] = ['CURRICULUM'], comment = 'Tu CV está desactualizado') =>
  gql(REQUEST, { id: candidateId, docs, comment }, cookies.manager);

const mailsTo = (to: string) =>
  stack.api.db
    .selectFrom('correos_salientes')
    .select(['asunto', 'texto', 'html', 'plantilla'])
    .where('destinatario', '=', to)
    .orderBy('id')
    .execute();
const tokenIn = (text: string) => /\/perfil\/documentos\/([A-Za-z0-9_-]{43})(?![A-Za-z0-9_-])/.exec(text)?.[1] ?? '';

async function requestedToken(c: { candidateId: string; email: string }, docs: string[] = ['CURRICULUM']) {
  const r = await ask(c.candidateId, docs);
  expect(r.data!.requestDocuments.error).toBeNull();
  const mails = await mailsTo(c.email);
  return tokenIn(mails.at(-1)!.texto);
}

beforeAll(async () => {
  stack = await startStack();
  cookies.manager = await staffLogin(DEMO.manager);
  cookies.viewer = await staffLogin(DEMO.viewer);
}, 180_000);
afterAll(async () => stack?.close());

describe('requestDocuments refuses bad input with the spec messages, queuing nothing', () => {
  const outbox = async () =>
    Number(
      (
        await stack.api.db
          .selectFrom('correos_salientes')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it.each([
    ['no documents', [] as string[], 'Tu CV está desactualizado', M.documentsRequired, 'documents'],
    ['a comment under 8 characters', ['CURRICULUM'], '  corto  ', M.commentRequired, 'comment'],
    [
      'the photo (not a document that can be requested)',
      ['PHOTO'],
      'Tu foto es antigua',
      M.documentInvalid,
      'documents',
    ],
  ])('%s', async (_name, docs, comment, message, path) => {
    const c = await registeredCandidate();
    const before = await outbox();
    const r = await ask(c.candidateId, docs, comment);
    expect(r.data!.requestDocuments).toMatchObject({
      request: null,
      emailQueued: false,
      error: { __typename: 'ValidationFailed', message, fields: [{ path, message }] },
    });
    expect(await outbox()).toBe(before);
  });

  it('a candidate without e-mail', async () => {
    const c = await registeredCandidate({ email: null });
    const before = await outbox();
    const r = await ask(c.candidateId);
    expect(r.data!.requestDocuments.error).toEqual({
      __typename: 'ValidationFailed',
      message: M.noEmail,
      fields: [{ path: 'candidateId', message: M.noEmail }],
    });
    expect(await outbox()).toBe(before);
  });

  it('a guest candidate (not registered on the platform)', async () => {
    const plaza = await stack.api.db.selectFrom('plazas').select('id').orderBy('id').executeTakeFirstOrThrow();
    const guest = await stack.api.db
      .insertInto('postulantes')
      .values({
        plaza_id: plaza.id,
        nombre: 'Invitada',
        cui: null,
        email: 'invitada.docs@example.com',
        estado: 'postulado',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const r = await ask(String(guest.id));
    expect(r.data!.requestDocuments.error).toMatchObject({ __typename: 'ValidationFailed', message: M.notRegistered });
    expect(await mailsTo('invitada.docs@example.com')).toEqual([]);
  });

  it('an unknown candidate', async () => {
    const r = await ask('999999');
    expect(r.data!.requestDocuments.error).toEqual({ __typename: 'NotFound', message: 'Candidato no encontrado' });
  });

  it("an e-mail that cannot be queued: 'No se pudo enviar la notificación.' and no request stored", async () => {
    const c = await registeredCandidate();
    const db = stack.api.db;
    await sql`create or replace function falla_correo() returns trigger language plpgsql as $$
      begin raise exception 'falla de prueba'; end $$`.execute(db);
    await sql`create trigger falla_correo before insert on correos_salientes for each row execute function falla_correo()`.execute(
      db,
    );
    try {
      const r = await ask(c.candidateId);
      expect(r.data!.requestDocuments).toMatchObject({
        request: null,
        emailQueued: false,
        error: { __typename: 'OperationFailed', message: M.failed },
      });
    } finally {
      await sql`drop trigger falla_correo on correos_salientes`.execute(db);
    }
    const stored = await db
      .selectFrom('solicitudes_documentos')
      .select('id')
      .where('postulante_id', '=', Number(c.candidateId))
      .execute();
    expect(stored).toEqual([]);
  });

  it('a viewer (role 3) may not request', async () => {
    const c = await registeredCandidate();
    const r = await gql(
      REQUEST,
      { id: c.candidateId, docs: ['CURRICULUM'], comment: 'Tu CV está viejo' },
      cookies.viewer,
    );
    expect(r.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(await mailsTo(c.email)).toEqual([]);
  });
});

describe('the signed link', () => {
  it('e-mails the link, the candidate re-uploads through it, the profile document is replaced and the timeline shows both', async () => {
    const c = await registeredCandidate();
    const r = await ask(c.candidateId, ['CURRICULUM', 'POLICE_RECORD'], 'Sube tu CV y antecedentes recientes');
    const payload = r.data!.requestDocuments;
    expect(payload.error).toBeNull();
    expect(payload.emailQueued).toBe(true);
    expect(payload.request).toMatchObject({
      candidateId: c.candidateId,
      documents: ['CURRICULUM', 'POLICE_RECORD'],
      comment: 'Sube tu CV y antecedentes recientes',
      requestedBy: expect.any(String),
      fulfilledAt: null,
    });
    const days = (Date.parse(payload.request.expiresAt) - Date.parse(payload.request.requestedAt)) / 86_400_000;
    expect(days).toBeCloseTo(7, 2);

    // The e-mail is in the outbox: the documents, the comment and the link valid 7 days.
    const [mail] = await mailsTo(c.email);
    expect(mail!.plantilla).toBe('documentos-solicitados');
    expect(mail!.texto).toContain('Currículum');
    expect(mail!.texto).toContain('Antecedentes policiales');
    expect(mail!.texto).toContain('Sube tu CV y antecedentes recientes');
    expect(mail!.texto).toContain('7 días');
    const token = tokenIn(mail!.texto);
    expect(mail!.texto).toMatch(new RegExp(`https?://[^\\s]+/perfil/documentos/${token}`));
    expect(mail!.html).toContain(`/perfil/documentos/${token}`);

    const view = await gql(VIEW, { token }, c.cookie);
    expect(view.data!.documentRequest).toMatchObject({
      documents: ['CURRICULUM', 'POLICE_RECORD'],
      comment: 'Sube tu CV y antecedentes recientes',
      vacancyName: c.vacancy,
      fulfilled: false,
    });

    const pdf = pdfBytes();
    // Missing one of the requested documents: refused, nothing changes.
    const partial = await gql(
      FULFIL,
      { token, uploads: [{ kind: 'CURRICULUM', uploadId: await uploadId(pdf, 'cv-nuevo.pdf', c.cookie) }] },
      c.cookie,
    );
    expect(partial.data!.fulfilDocumentRequest).toMatchObject({
      ok: false,
      error: { __typename: 'ValidationFailed', message: M.missingDocument('Antecedentes policiales') },
    });
    // A document that was not requested.
    const extra = await gql(
      FULFIL,
      {
        token,
        uploads: [
          { kind: 'CURRICULUM', uploadId: await uploadId(pdf, 'cv.pdf', c.cookie) },
          { kind: 'POLICE_RECORD', uploadId: await uploadId(pdf, 'pol.pdf', c.cookie) },
          { kind: 'DPI', uploadId: await uploadId(pdf, 'dpi.pdf', c.cookie) },
        ],
      },
      c.cookie,
    );
    expect(extra.data!.fulfilDocumentRequest.error).toMatchObject({
      __typename: 'ValidationFailed',
      fields: [{ path: 'uploads.2.kind', message: M.notRequested('DPI escaneado') }],
    });

    const ok = await gql(
      FULFIL,
      {
        token,
        uploads: [
          { kind: 'CURRICULUM', uploadId: await uploadId(pdf, 'cv-nuevo.pdf', c.cookie) },
          { kind: 'POLICE_RECORD', uploadId: await uploadId(pdf, 'policiales-nuevo.pdf', c.cookie) },
        ],
      },
      c.cookie,
    );
    expect(ok.data!.fulfilDocumentRequest).toEqual({ ok: true, error: null });

    const profile = await gql('{ myProfile { curriculum { name } policeRecord { name } } }', {}, c.cookie);
    expect(profile.data!.myProfile).toEqual({
      curriculum: { name: 'cv-nuevo.pdf' },
      policeRecord: { name: 'policiales-nuevo.pdf' },
    });

    const timeline = await gql(TIMELINE, { id: c.candidateId }, cookies.viewer);
    const events = timeline.data!.candidate.timeline.filter((e: Data) => e.__typename === 'DocumentRequestEvent');
    expect(events).toEqual([
      expect.objectContaining({
        action: 'REQUESTED',
        documents: ['CURRICULUM', 'POLICE_RECORD'],
        comment: 'Sube tu CV y antecedentes recientes',
        by: expect.any(String),
      }),
      expect.objectContaining({ action: 'FULFILLED', documents: ['CURRICULUM', 'POLICE_RECORD'] }),
    ]);

    // Used: the link no longer opens nor takes files.
    expect((await gql(VIEW, { token }, c.cookie)).data!.documentRequest).toBeNull();
    const again = await gql(
      FULFIL,
      {
        token,
        uploads: [
          { kind: 'CURRICULUM', uploadId: await uploadId(pdf, 'otra.pdf', c.cookie) },
          { kind: 'POLICE_RECORD', uploadId: await uploadId(pdf, 'otra.pdf', c.cookie) },
        ],
      },
      c.cookie,
    );
    expect(again.data!.fulfilDocumentRequest).toEqual({
      ok: false,
      error: { __typename: 'DocumentRequestInvalid', message: M.linkInvalid },
    });
  });

  it('reads the deprecated COVER_LETTER as the DPI scan: asked with DPI, one document is requested and answered', async () => {
    const c = await registeredCandidate();
    const r = await ask(c.candidateId, ['COVER_LETTER', 'DPI'], 'Tu documento de identidad venció');
    expect(r.data!.requestDocuments.error).toBeNull();
    expect(r.data!.requestDocuments.request.documents).toEqual(['DPI']);
    const token = tokenIn((await mailsTo(c.email)).at(-1)!.texto);
    expect((await mailsTo(c.email)).at(-1)!.texto.match(/DPI escaneado/g)).toHaveLength(1);
    expect((await gql(VIEW, { token }, c.cookie)).data!.documentRequest.documents).toEqual(['DPI']);
  });

  it("another candidate's session cannot read or use the link", async () => {
    const owner = await registeredCandidate();
    const other = await registeredCandidate();
    const token = await requestedToken(owner);
    expect((await gql(VIEW, { token }, other.cookie)).data!.documentRequest).toBeNull();
    const r = await gql(
      FULFIL,
      { token, uploads: [{ kind: 'CURRICULUM', uploadId: await uploadId(pdfBytes(), 'cv.pdf', other.cookie) }] },
      other.cookie,
    );
    expect(r.data!.fulfilDocumentRequest.error).toEqual({
      __typename: 'DocumentRequestInvalid',
      message: M.linkInvalid,
    });
    // The owner's upload ids are the owner's: another session cannot pass one off either.
    const ownersUpload = await uploadId(pdfBytes(), 'cv.pdf', owner.cookie);
    const stolen = await gql(
      FULFIL,
      { token, uploads: [{ kind: 'CURRICULUM', uploadId: ownersUpload }] },
      other.cookie,
    );
    expect(stolen.data!.fulfilDocumentRequest.error.__typename).toBe('DocumentRequestInvalid');
    // Still usable by its owner.
    expect((await gql(VIEW, { token }, owner.cookie)).data!.documentRequest).not.toBeNull();
  });

  it('an expired link is invalid', async () => {
    const c = await registeredCandidate();
    const token = await requestedToken(c);
    await stack.api.db
      .updateTable('solicitudes_documentos')
      .set({ expira_en: new Date(Date.now() - 60_000).toISOString() })
      .where('postulante_id', '=', Number(c.candidateId))
      .execute();
    expect((await gql(VIEW, { token }, c.cookie)).data!.documentRequest).toBeNull();
    const r = await gql(
      FULFIL,
      { token, uploads: [{ kind: 'CURRICULUM', uploadId: await uploadId(pdfBytes(), 'cv.pdf', c.cookie) }] },
      c.cookie,
    );
    expect(r.data!.fulfilDocumentRequest.error).toEqual({
      __typename: 'DocumentRequestInvalid',
      message: M.linkInvalid,
    });
  });

  // Issue 22: whatever refuses the page (an expired link too), its staged files go at once and the same
  // upload ids are spent; a fulfilled request keeps them as the new documents.
  it.each([
    ['the link expired', 'DocumentRequestInvalid'],
    ['a document was not requested', 'ValidationFailed'],
    ['a requested document is missing', 'ValidationFailed'],
  ] as const)('a refused page deletes its staged files at once: %s', async (name, typename) => {
    const c = await registeredCandidate();
    const token = await requestedToken(c, ['CURRICULUM', 'POLICE_RECORD']);
    if (name === 'the link expired')
      await stack.api.db
        .updateTable('solicitudes_documentos')
        .set({ expira_en: new Date(Date.now() - 60_000).toISOString() })
        .where('postulante_id', '=', Number(c.candidateId))
        .execute();
    const uploads = [
      { kind: 'CURRICULUM', uploadId: await uploadId(pdfBytes(), 'cv.pdf', c.cookie) },
      {
        kind: name === 'a requested document is missing' ? 'CURRICULUM' : 'POLICE_RECORD',
        uploadId: await uploadId(pdfBytes(), 'p.pdf', c.cookie),
      },
      ...(name === 'a document was not requested'
        ? [{ kind: 'DPI', uploadId: await uploadId(pdfBytes(), 'dpi.pdf', c.cookie) }]
        : []),
    ];
    const before = await stagedCount(stack);
    const r = await gql(FULFIL, { token, uploads }, c.cookie);
    expect(r.data!.fulfilDocumentRequest.error.__typename).toBe(typename);
    const n = uploads.length;
    expect(await stagedCount(stack)).toEqual({ rows: before.rows - n, files: before.files - n });
    if (name === 'the link expired') return;
    const again = await gql(FULFIL, { token, uploads: uploads.slice(0, 1) }, c.cookie);
    expect(again.data!.fulfilDocumentRequest.error.fields).toContainEqual({
      path: 'uploads.0.uploadId',
      message: 'El archivo ya fue utilizado o expiró. Vuelve a subirlo.',
    });
  });

  it('a fulfilled request keeps its staged files as the new documents', async () => {
    const c = await registeredCandidate();
    const token = await requestedToken(c);
    const uploads = [{ kind: 'CURRICULUM', uploadId: await uploadId(pdfBytes(), 'nuevo-cv.pdf', c.cookie) }];
    const before = await stagedCount(stack);
    const r = await gql(FULFIL, { token, uploads }, c.cookie);
    expect(r.data!.fulfilDocumentRequest).toEqual({ ok: true, error: null });
    expect(await stagedCount(stack)).toEqual({ rows: before.rows - 1, files: before.files - 1 });
    const kept = await stack.api.db
      .selectFrom('perfil_archivos')
      .select('nombre')
      .where('usuario_candidato_id', '=', c.userId)
      .where('tipo', '=', 'curriculum')
      .execute();
    expect(kept.map((k) => k.nombre)).toEqual(['nuevo-cv.pdf']);
  });

  it('a non-PDF disguised as a PDF is refused at upload, and the link stays unused', async () => {
    const c = await registeredCandidate();
    const token = await requestedToken(c);
    const disguised = await upload(await pngBytes(), 'cv.pdf', c.cookie);
    expect(disguised.status).toBe(415);
    expect(disguised.body.message).toBe('Solo se permiten archivos PDF');
    // An upload id of the wrong kind (a photo) is not a document either.
    const photo = await request(stack.bff.app)
      .post('/uploads?kind=candidate-photo')
      .set('x-requested-with', 'fetch')
      .set('cookie', c.cookie)
      .attach('file', await pngBytes(), 'foto.png');
    const r = await gql(FULFIL, { token, uploads: [{ kind: 'CURRICULUM', uploadId: photo.body.id }] }, c.cookie);
    expect(r.data!.fulfilDocumentRequest.error).toMatchObject({
      __typename: 'ValidationFailed',
      fields: [{ path: 'uploads.0.uploadId', message: 'El archivo ya fue utilizado o expiró. Vuelve a subirlo.' }],
    });
    expect((await gql(VIEW, { token }, c.cookie)).data!.documentRequest).toMatchObject({ fulfilled: false });
  });

  it('staff sessions cannot open a candidate link', async () => {
    const c = await registeredCandidate();
    const token = await requestedToken(c);
    const r = await gql(VIEW, { token }, cookies.manager);
    expect(r.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});
