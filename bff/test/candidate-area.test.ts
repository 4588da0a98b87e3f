import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeVacancies, pdfBytes, pngBytes } from '../../api/test/support/application.js';
import { validCui } from '../../api/test/support/client.js';
import { DEMO_PASSWORD } from './roles.js';
import { startStack, type Stack } from './support.js';

let stack: Stack;
let v: Awaited<ReturnType<typeof makeVacancies>>;
let png: Buffer;
const pdf = pdfBytes();

beforeAll(async () => {
  stack = await startStack();
  v = await makeVacancies(stack.api.db);
  png = await pngBytes();
}, 180_000);
afterAll(() => stack?.close());

const gql = (query: string, variables: Record<string, unknown> = {}, cookie?: string) => {
  const r = request(stack.bff.app).post('/graphql').set('content-type', 'application/json');
  if (cookie) r.set('cookie', cookie);
  return r.send({ query, variables });
};

const cookieOf = (res: request.Response): string | null =>
  ((res.headers['set-cookie'] as unknown as string[] | undefined) ?? [])
    .find((c) => c.startsWith('bolsa_sesion='))
    ?.split(';')[0] ?? null;

async function login(kind: 'staff' | 'candidate', email: string, password = DEMO_PASSWORD): Promise<string> {
  const m =
    kind === 'staff'
      ? 'mutation($u: String!, $p: String!) { r: staffLogin(username: $u, password: $p) { viewer { id } error { __typename } } }'
      : 'mutation($u: String!, $p: String!) { r: candidateLogin(email: $u, password: $p) { viewer { id } error { __typename } } }';
  const res = await gql(m, { u: email, p: password });
  expect(res.body.data.r.error).toBeNull();
  return cookieOf(res)!;
}

let seq = 0;
/** A new candidate account through the BFF's own registration, logged in. */
async function newCandidate(): Promise<{ cookie: string; id: string; email: string; dpi: string }> {
  seq++;
  const email = `perfil.${seq}.${Date.now()}@example.com`;
  const dpi = validCui(String(61000000 + seq * 17));
  const res = await request(stack.api.url)
    .post('/usuarios-candidatos/register')
    .set('authorization', `Bearer ${stack.api.token}`)
    .send({ PrimerNombre: 'Sofía', PrimerApellido: 'Cux', Email: email, Password: 'Clave123', Dpi: dpi });
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
  const cookie = await login('candidate', email, 'Clave123');
  const me = await gql('{ me { id } }', {}, cookie);
  return { cookie, id: me.body.data.me.id, email, dpi };
}

async function upload(kind: 'candidate-document' | 'candidate-photo', data: Buffer, name: string, cookie: string) {
  const res = await request(stack.bff.app)
    .post(`/uploads?kind=${kind}`)
    .set('x-requested-with', 'fetch')
    .set('cookie', cookie)
    .attach('file', data, name);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
}

const PROFILE_FIELDS = `userId firstName secondName firstSurname fullName email phone dpi birthDate address complete
  photo { id kind label name mimeType size url }
  curriculum { id kind label name url } dpiFile { id kind url } policeRecord { id kind url } criminalRecord { id kind url }
  experiences { company position from to description } personalReferences { name phone } workReferences { name phone }`;
const MY_PROFILE = `{ myProfile { ${PROFILE_FIELDS} } }`;
const UPDATE = `mutation($input: ProfileInput!) { updateMyProfile(input: $input) {
  profile { ${PROFILE_FIELDS} }
  error { __typename ... on ValidationFailed { title message fields { path message } } ... on OperationFailed { message } }
} }`;
const MY_APPLICATIONS = `{ myApplications { id state previousState vacancyId vacancyName appliedAt branchId branchName place interview { date } } }`;

function profileInput(dpi: string, over: Record<string, unknown> = {}) {
  return {
    firstName: 'Sofía',
    secondName: 'Isabel',
    firstSurname: 'Cux',
    secondSurname: 'Batz',
    phone: '55443322',
    dpi,
    birthDate: '1990-07-15',
    address: '2a calle 5-10 zona 3, Cobán',
    experiences: [
      {
        company: 'Hospital Regional',
        position: 'Enfermera',
        from: '2015-02-01',
        to: '2018-12-31',
        description: 'Turnos',
      },
      {
        company: 'Centro de Salud',
        position: 'Auxiliar',
        from: '2019-01-15',
        to: '2024-03-31',
        description: 'Vacunación',
      },
    ],
    personalReferences: [{ name: 'Ana Batz', phone: '44332211' }],
    workReferences: [{ name: 'Dr. Pop', phone: '33221100' }],
    ...over,
  };
}

/** A candidate whose profile is complete: photo and four PDFs. */
async function completeCandidate() {
  const c = await newCandidate();
  const ids = {
    photoUploadId: await upload('candidate-photo', png, 'foto.png', c.cookie),
    curriculumUploadId: await upload('candidate-document', pdf, 'cv.pdf', c.cookie),
    dpiFileUploadId: await upload('candidate-document', pdf, 'dpi.pdf', c.cookie),
    policeRecordUploadId: await upload('candidate-document', pdf, 'policiales.pdf', c.cookie),
    criminalRecordUploadId: await upload('candidate-document', pdf, 'penales.pdf', c.cookie),
  };
  const res = await gql(UPDATE, { input: profileInput(c.dpi, ids) }, c.cookie);
  expect(res.body.errors).toBeUndefined();
  expect(res.body.data.updateMyProfile.error).toBeNull();
  return { ...c, profile: res.body.data.updateMyProfile.profile };
}

describe('the candidate area through the BFF', () => {
  it('a new candidate reads an incomplete profile, completes it with a photo and four PDFs', async () => {
    const c = await newCandidate();
    const before = await gql(MY_PROFILE, {}, c.cookie);
    expect(before.body.data.myProfile).toMatchObject({
      userId: c.id,
      email: c.email,
      dpi: c.dpi,
      complete: false,
      photo: null,
      curriculum: null,
      experiences: [],
    });

    // Without files the server says what is missing, with the spec's words.
    const missing = await gql(UPDATE, { input: profileInput(c.dpi) }, c.cookie);
    expect(missing.body.data.updateMyProfile.error).toMatchObject({
      __typename: 'ValidationFailed',
      title: 'Formulario incompleto',
    });
    expect(missing.body.data.updateMyProfile.error.fields).toEqual(
      expect.arrayContaining([
        { path: 'photoUploadId', message: 'La fotografía es obligatoria.' },
        {
          path: 'documents',
          message: 'Faltan archivos: Currículum, DPI, Antecedentes policiales, Antecedentes penales',
        },
      ]),
    );

    const ids = {
      photoUploadId: await upload('candidate-photo', png, 'foto.png', c.cookie),
      curriculumUploadId: await upload('candidate-document', pdf, 'cv.pdf', c.cookie),
      dpiFileUploadId: await upload('candidate-document', pdf, 'dpi.pdf', c.cookie),
      policeRecordUploadId: await upload('candidate-document', pdf, 'policiales.pdf', c.cookie),
      criminalRecordUploadId: await upload('candidate-document', pdf, 'penales.pdf', c.cookie),
    };
    const saved = await gql(UPDATE, { input: profileInput(c.dpi, ids) }, c.cookie);
    expect(saved.body.data.updateMyProfile.error).toBeNull();
    const p = saved.body.data.updateMyProfile.profile;
    expect(p).toMatchObject({
      complete: true,
      fullName: 'Sofía Isabel Cux Batz',
      phone: '55443322',
      birthDate: '1990-07-15',
      photo: { kind: 'PHOTO', label: 'Fotografía', name: 'foto.png', mimeType: 'image/png', size: png.length },
      curriculum: { kind: 'CURRICULUM', label: 'Currículum', name: 'cv.pdf' },
      experiences: [
        expect.objectContaining({ company: 'Hospital Regional', from: '2015-02-01' }),
        expect.objectContaining({ company: 'Centro de Salud' }),
      ],
      personalReferences: [{ name: 'Ana Batz', phone: '44332211' }],
    });
    expect(p.curriculum.url).toBe(`/files/candidatos/perfil/${p.curriculum.id}`);
    // The owner opens their own file.
    const file = await request(stack.bff.app).get(p.curriculum.url).set('cookie', c.cookie);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['cache-control']).toBe('private, no-store');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-disposition']).toMatch(/^inline; filename="cv.pdf"/);
    expect(Buffer.from(file.body as Buffer).equals(pdf)).toBe(true);
    // An upload id cannot be used twice.
    const again = await gql(
      UPDATE,
      { input: profileInput(c.dpi, { curriculumUploadId: ids.curriculumUploadId }) },
      c.cookie,
    );
    expect(again.body.data.updateMyProfile.error.fields).toEqual(
      expect.arrayContaining([
        { path: 'curriculumUploadId', message: 'El archivo ya fue utilizado o expiró. Vuelve a subirlo.' },
      ]),
    );
  });

  it('myApplications lists the candidate\u2019s applications, normalises legacy states and tracks what was seen', async () => {
    const c = await completeCandidate();
    const applied = await gql(
      `mutation($input: ApplicationInput!) { apply(input: $input) { applicationId error { __typename ... on ValidationFailed { fields { path message } } } } }`,
      {
        input: {
          vacancyId: String(v.open),
          fullName: 'Sofía Isabel Cux Batz',
          dpi: c.dpi,
          address: '2a calle 5-10 zona 3, Cobán',
          phone: '55443322',
          email: c.email,
          maritalStatus: 'SOLTERO',
          age: 34,
          educationLevel: 'UNIVERSIDAD',
          studying: false,
          available: true,
          salaryExpectation: 5000,
          negotiable: true,
          experiences: [
            {
              company: 'Hospital Regional',
              position: 'Enfermera',
              from: '2015-02-01',
              to: '2018-12-31',
              description: 'Turnos',
            },
          ],
          personalReferences: [{ name: 'Ana Batz', phone: '44332211' }],
          workReferences: [{ name: 'Dr. Pop', phone: '33221100' }],
        },
      },
      c.cookie,
    );
    // The profile's photo and four documents count as present: nothing uploaded for this application.
    expect(applied.body.errors).toBeUndefined();
    expect(applied.body.data.apply.error).toBeNull();
    const appId = applied.body.data.apply.applicationId as string;

    const list = await gql(MY_APPLICATIONS, {}, c.cookie);
    expect(list.body.data.myApplications).toEqual([
      {
        id: appId,
        state: 'APPLIED',
        previousState: null,
        vacancyId: String(v.open),
        vacancyName: 'Auxiliar de enfermería (prueba)',
        appliedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        branchId: expect.any(String),
        branchName: expect.any(String),
        place: 'Guatemala',
        interview: null,
      },
    ]);
    // Staff moved it (legacy spelling, as an older system would write it): 'Estado actualizado'.
    await stack.api.db
      .updateTable('postulantes')
      .set({ estado: 'En Revisión' })
      .where('id', '=', Number(appId))
      .execute();
    const moved = await gql(MY_APPLICATIONS, {}, c.cookie);
    expect(moved.body.data.myApplications[0]).toMatchObject({ state: 'FOLLOW_UP', previousState: 'APPLIED' });
    const seen = await gql('mutation { markMyApplicationsSeen }', {}, c.cookie);
    expect(seen.body.data.markMyApplicationsSeen).toBe(true);
    expect((await gql(MY_APPLICATIONS, {}, c.cookie)).body.data.myApplications[0]).toMatchObject({
      state: 'FOLLOW_UP',
      previousState: null,
    });
  });
});
