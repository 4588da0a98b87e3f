import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@bolsa/domain';
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
    error { __typename ... on ValidationFailed { message fields { path message } } ... on DuplicateApplication { conflict } ... on VacancyClosed { message } }
  }
}`;
const CHECK = `query Check($vacancyId: ID!, $dpi: String!, $email: String!) {
  applicationCheck(vacancyId: $vacancyId, dpi: $dpi, email: $email) { ok conflict message }
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
    const waited = await gql(APPLY, { input: input(v.open, ids) }, { cookie, address: probe });
    expect(waited.body.data.apply.error).toMatchObject({
      __typename: 'ValidationFailed',
      message: AUTH_MESSAGES.throttled,
    });
    // Refused before it was read: its staged files went at once.
    expect(await stagedRows()).toBe(rows - 2);
  }, 120_000);
});

describe('applicationCheck', () => {
  it('answers the spec’s conflict codes within the limit, then refuses to look up (THROTTLED, retryAfterSeconds)', async () => {
    const address = '203.0.113.40';
    const { cookie, ...ids } = await guestFiles(address);
    const person = input(v.open, ids);
    const applied = await gql(APPLY, { input: person }, { cookie, address });
    expect(applied.body.data.apply.error).toBeNull();
    const check = (from: string) =>
      gql(CHECK, { vacancyId: String(v.open), dpi: person.dpi, email: 'otra@example.com' }, { address: from });
    const lookups = '203.0.113.41';
    for (let i = 0; i < 5; i++) {
      const r = await check(lookups);
      expect(r.body.data.applicationCheck).toMatchObject({ ok: false, conflict: expect.any(String) });
    }
    const refused = await check(lookups);
    expect(refused.body.data).toBeNull();
    expect(refused.body.errors[0].extensions).toMatchObject({
      code: 'THROTTLED',
      retryAfterSeconds: expect.any(Number),
    });
    expect(refused.body.errors[0].message).toMatch(/^Demasiadas solicitudes/);
    // Another address still gets the answer.
    expect((await check('203.0.113.42')).body.data.applicationCheck.ok).toBe(false);
  }, 60_000);
});
