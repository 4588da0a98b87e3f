import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICATION_MESSAGES, AUTH_MESSAGES, FILE_MESSAGES } from '@bolsa/domain';
import { makeVacancies, pdfBytes, pngBytes } from '../../api/test/support/application.js';
import { validCui } from '../../api/test/support/client.js';
import { startStack, type Stack } from './support.js';

// Issue 22: the guest application cap counts refused applications, not successful ones; the
// duplicate check is limited per address; a refused form's staged files go at once.
let stack: Stack;
let v: Awaited<ReturnType<typeof makeVacancies>>;
let png: Buffer;
const pdf = pdfBytes();
beforeAll(async () => {
  // One failure per pair: 4 refused guest applications per address per window; 5 checks per 10 minutes.
  stack = await startStack({ loginMaxFailures: 1, applicationChecksPerAddress: 5 });
  v = await makeVacancies(stack.api.db);
  png = await pngBytes();
}, 180_000);
afterAll(() => stack?.close());

const APPLY = `mutation Apply($input: ApplicationInput!) {
  apply(input: $input) {
    applicationId
    error { __typename ... on ValidationFailed { message fields { path message } } ... on DuplicateApplication { conflict } ... on VacancyClosed { message } ... on Throttled { message retryAfterSeconds } }
  }
}`;
const CHECK = `query Check($vacancyId: ID!, $dpi: String!, $email: String!, $captchaId: ID, $captchaAnswer: String) {
  applicationCheck(vacancyId: $vacancyId, dpi: $dpi, email: $email, captchaId: $captchaId, captchaAnswer: $captchaAnswer) {
    ok conflict message captcha { id image }
  }
}`;

const gql = (query: string, variables: Record<string, unknown>, o: { cookie?: string; address: string }) => {
  const r = request(stack.bff.app)
    .post('/graphql')
    .set('content-type', 'application/json')
    .set('x-forwarded-for', o.address);
  if (o.cookie) r.set('cookie', o.cookie);
  return r.send({ query, variables });
};

async function upload(kind: string, data: Buffer, name: string, address: string, cookie?: string) {
  const r = request(stack.bff.app)
    .post(`/uploads?kind=${kind}`)
    .set('x-requested-with', 'fetch')
    .set('x-forwarded-for', address);
  if (cookie) r.set('cookie', cookie);
  const res = await r.attach('file', data, name);
  expect(res.status).toBe(201);
  const set = ((res.headers['set-cookie'] as unknown as string[] | undefined) ?? []).find((c) =>
    c.startsWith('bolsa_invitado='),
  );
  return { id: res.body.id as string, cookie: cookie ?? set!.split(';')[0]! };
}

async function guestFiles(address: string) {
  const cv = await upload('candidate-document', pdf, 'cv.pdf', address);
  const photo = await upload('candidate-photo', png, 'foto.png', address, cv.cookie);
  return { cookie: cv.cookie, cvUploadId: cv.id, photoUploadId: photo.id };
}

let seq = 0;
function input(vacancyId: number, over: Record<string, unknown> = {}) {
  seq++;
  return {
    vacancyId: String(vacancyId),
    fullName: 'Rosa Elena Xuc',
    dpi: validCui(String(52000000 + seq * 13)),
    address: '3a calle 4-12 zona 1, Guatemala',
    phone: '55123456',
    email: `limite.persona${seq}@example.com`,
    maritalStatus: 'UNION_DE_HECHO',
    age: 29,
    educationLevel: 'BASICOS',
    studying: false,
    available: true,
    salaryExpectation: 4500,
    negotiable: true,
    experiences: [
      { company: 'Farmacia Central', position: 'Cajera', from: '2020-01-06', to: '2023-05-31', description: 'Caja' },
    ],
    personalReferences: [{ name: 'Marta Xuc', phone: '44556677' }],
    workReferences: [{ name: 'Luis Pérez', phone: '33445566' }],
    ...over,
  };
}

const count = async (table: 'postulantes') =>
  Number(
    (
      await stack.api.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const stagedRows = async () =>
  Number(
    (
      await stack.api.db
        .selectFrom('archivos_preparados')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('the guest application cap', () => {
  it('people applying successfully from one address never use it up; refused applications do', async () => {
    const office = '203.0.113.10';
    for (let i = 0; i < 6; i++) {
      const files = await guestFiles(office);
      const { cookie, ...ids } = files;
      const r = await gql(APPLY, { input: input(v.open, ids) }, { cookie, address: office });
      expect(r.body.data.apply, `application ${i + 1}`).toMatchObject({
        applicationId: expect.any(String),
        error: null,
      });
    }
    // Four refused (no CV) from one address, then the fifth attempt waits, even a complete one.
    const probe = '203.0.113.20';
    for (let i = 0; i < 4; i++) {
      const r = await gql(APPLY, { input: input(v.open) }, { address: probe });
      expect(r.body.data.apply.error.__typename).toBe('ValidationFailed');
      expect(r.body.data.apply.error.message).not.toBe(AUTH_MESSAGES.throttled);
    }
    const { cookie, ...ids } = await guestFiles(probe);
    const rows = await stagedRows();
    const applications = await count('postulantes');
    const waited = await gql(APPLY, { input: input(v.open, ids) }, { cookie, address: probe });
    // What the guest reads: a Spanish message with the wait in minutes, and when to try again.
    const wait = Number(waited.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(15 * 60);
    expect(waited.body.data.apply.error).toEqual({
      __typename: 'Throttled',
      message: APPLICATION_MESSAGES.applyThrottled(Math.ceil(wait / 60)),
      retryAfterSeconds: wait,
    });
    // Refused before it was read: nothing stored, its staged files went at once.
    expect(await count('postulantes')).toBe(applications);
    expect(await stagedRows()).toBe(rows - 2);
    // Another address is not held up.
    const other = await guestFiles('203.0.113.21');
    const { cookie: otherCookie, ...otherIds } = other;
    const fine = await gql(APPLY, { input: input(v.open, otherIds) }, { cookie: otherCookie, address: '203.0.113.21' });
    expect(fine.headers['retry-after']).toBeUndefined();
    expect(fine.body.data.apply).toMatchObject({ applicationId: expect.any(String), error: null });
  }, 120_000);
});

describe('applicationCheck', () => {
  it('answers the spec’s conflict codes within the limit, then asks for the captcha and answers with it solved', async () => {
    const address = '203.0.113.40';
    const { cookie, ...ids } = await guestFiles(address);
    const person = input(v.open, ids);
    const applied = await gql(APPLY, { input: person }, { cookie, address });
    expect(applied.body.data.apply.error).toBeNull();
    const check = (from: string, captcha: Record<string, string> = {}) =>
      gql(
        CHECK,
        { vacancyId: String(v.open), dpi: person.dpi, email: 'otra@example.com', ...captcha },
        { address: from },
      );
    const lookups = '203.0.113.41';
    for (let i = 0; i < 5; i++) {
      const r = await check(lookups);
      expect(r.body.data.applicationCheck).toMatchObject({ ok: false, conflict: 'DPI', captcha: null });
    }
    // Past the limit: no lookup, a captcha to solve.
    const asked = await check(lookups);
    expect(asked.body.errors).toBeUndefined();
    expect(asked.body.data.applicationCheck).toEqual({
      ok: false,
      conflict: null,
      message: APPLICATION_MESSAGES.checkCaptchaRequired,
      captcha: { id: expect.any(String), image: expect.stringMatching(/^data:image\/png;base64,/) },
    });
    // A wrong answer: another captcha, and still no lookup.
    const wrong = await check(lookups, {
      captchaId: asked.body.data.applicationCheck.captcha.id,
      captchaAnswer: 'XXXXXX',
    });
    expect(wrong.body.data.applicationCheck).toMatchObject({
      ok: false,
      conflict: null,
      message: AUTH_MESSAGES.captchaWrong,
      captcha: { id: expect.any(String) },
    });
    // Solved: the lookup is made and answers the spec's conflict code.
    const id = wrong.body.data.applicationCheck.captcha.id as string;
    const answer = (await request(stack.bff.app).get('/__test/captcha').query({ id })).body.answer as string;
    const solved = await check(lookups, { captchaId: id, captchaAnswer: answer.toLowerCase() });
    expect(solved.body.data.applicationCheck).toMatchObject({ ok: false, conflict: 'DPI', captcha: null });
    // Single use: the same answer again asks for a new captcha.
    const replay = await check(lookups, { captchaId: id, captchaAnswer: answer });
    expect(replay.body.data.applicationCheck).toMatchObject({ conflict: null, message: AUTH_MESSAGES.captchaWrong });
    // Another address still gets the answer without a captcha.
    expect((await check('203.0.113.42')).body.data.applicationCheck).toMatchObject({ conflict: 'DPI', captcha: null });
  }, 60_000);
});

describe('applicationCheck past the limit with the accessible alternative', () => {
  it('a solved proof of work (newProofOfWork) stands for the image', async () => {
    const address = '203.0.113.45';
    const ask = (captchaProof?: string) =>
      gql(
        `query($v: ID!, $d: String!, $e: String!, $p: String) {
          applicationCheck(vacancyId: $v, dpi: $d, email: $e, captchaProof: $p) { ok conflict message captcha { id } }
        }`,
        { v: String(v.open), d: validCui('61000017'), e: 'nadie@example.com', p: captchaProof },
        { address },
      );
    for (let i = 0; i < 5; i++) expect((await ask()).body.data.applicationCheck.captcha).toBeNull();
    expect((await ask()).body.data.applicationCheck.captcha).not.toBeNull();
    const r = await gql('mutation { newProofOfWork { challenge } }', {}, { address });
    const challenge = JSON.parse(r.body.data.newProofOfWork.challenge as string) as Challenge;
    const solution = await solveChallenge({ challenge, deriveKey });
    const { codeChallenge: _none, ...rest } = challenge;
    const proof = Buffer.from(JSON.stringify({ challenge: rest, solution })).toString('base64');
    expect((await ask(proof)).body.data.applicationCheck).toEqual({
      ok: true,
      conflict: null,
      message: null,
      captcha: null,
    });
    expect((await ask(proof)).body.data.applicationCheck).toMatchObject({
      ok: false,
      message: AUTH_MESSAGES.captchaWrong,
    });
  }, 60_000);
});

describe('a refused form deletes its staged files at once', () => {
  const tmpFiles = async () => (await readdir(path.join(stack.api.filesDir, 'tmp')).catch(() => [])).length;

  it.each([
    ['a field is missing (refused by the BFF)', 'ValidationFailed'],
    ['the applicant already applied (refused by the api)', 'DuplicateApplication'],
    ['the vacancy is closed (refused by the api)', 'VacancyClosed'],
  ] as const)(
    'when %s',
    async (name, typename) => {
      const address = `203.0.113.${60 + name.length}`;
      let person = input(v.open);
      if (typename === 'DuplicateApplication') {
        const first = await guestFiles(address);
        const { cookie, ...ids } = first;
        const ok = await gql(APPLY, { input: { ...person, ...ids } }, { cookie, address });
        expect(ok.body.data.apply.error).toBeNull();
      }
      if (typename === 'VacancyClosed') person = input(v.expired);
      if (typename === 'ValidationFailed') person = { ...person, fullName: '' };
      const { cookie, ...ids } = await guestFiles(address);
      const [rows, tmp] = [await stagedRows(), await tmpFiles()];
      const r = await gql(APPLY, { input: { ...person, ...ids } }, { cookie, address });
      expect(r.body.data.apply.error.__typename).toBe(typename);
      expect(await stagedRows()).toBe(rows - 2);
      expect(await tmpFiles()).toBe(tmp - 2);
      // The same uploads sent again are gone, not kept for an hour.
      const again = await gql(APPLY, { input: { ...input(v.open), ...ids } }, { cookie, address });
      expect(again.body.data.apply.error).toMatchObject({
        __typename: 'ValidationFailed',
        message: FILE_MESSAGES.uploadSpent,
      });
    },
    60_000,
  );

  it('a successful application keeps its files', async () => {
    const address = '203.0.113.90';
    const { cookie, ...ids } = await guestFiles(address);
    const rows = await stagedRows();
    const r = await gql(APPLY, { input: input(v.open, ids) }, { cookie, address });
    const id = Number(r.body.data.apply.applicationId);
    expect(id).toBeGreaterThan(0);
    expect(await stagedRows()).toBe(rows - 2);
    const kept = await stack.api.db
      .selectFrom('postulante_archivos')
      .select('tipo')
      .where('postulante_id', '=', id)
      .orderBy('tipo')
      .execute();
    expect(kept.map((k) => k.tipo)).toEqual(['curriculum', 'fotografia']);
  }, 60_000);
});
