import request from 'supertest';
import { fromBuffer, type Entry } from 'yauzl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeVacancies, pdfBytes, pngBytes } from '../../api/test/support/application.js';
import { validCui } from '../../api/test/support/client.js';
import { stagedCount } from '../../api/test/support/files.js';
import { FILE_MESSAGES } from '@bolsa/domain';
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

/** The experience and references a candidate of these tests has, in their profile and applications. */
const HOSPITAL = {
  company: 'Hospital Regional',
  position: 'Enfermera',
  from: '2015-02-01',
  to: '2018-12-31',
  description: 'Turnos',
};
const REFERENCES = {
  personalReferences: [{ name: 'Ana Batz', phone: '44332211' }],
  workReferences: [{ name: 'Dr. Pop', phone: '33221100' }],
};

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
      HOSPITAL,
      {
        company: 'Centro de Salud',
        position: 'Auxiliar',
        from: '2019-01-15',
        to: '2024-03-31',
        description: 'Vacunación',
      },
    ],
    ...REFERENCES,
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
          message: 'Faltan archivos: Currículum, DPI escaneado, Antecedentes policiales, Antecedentes penales',
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
      // Kept re-encoded as a bounded JPEG (issue 22).
      photo: { kind: 'PHOTO', label: 'Fotografía', name: 'foto.png', mimeType: 'image/jpeg', size: expect.any(Number) },
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
      { input: registeredApplication(c, v.open) },
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

function unzip(data: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    fromBuffer(data, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error('zip'));
      const out = new Map<string, Buffer>();
      zip.on('entry', (entry: Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e ?? new Error('entry'));
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            out.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(out));
      zip.readEntry();
    });
  });
}

const binary = (res: request.Response, cb: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
};

/** A registered candidate's application (spec 1 §3 fields); the profile holds the photo and documents. */
function registeredApplication(c: { dpi: string; email: string }, vacancyId: number | string) {
  return {
    vacancyId: String(vacancyId),
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
    experiences: [HOSPITAL],
    ...REFERENCES,
  };
}

/** A registered candidate's application sent with the profile's files plus one new upload. */
async function applyWithProfile(c: { cookie: string; dpi: string; email: string }, vacancyId: number) {
  const res = await gql(
    `mutation($input: ApplicationInput!) { apply(input: $input) { applicationId error { __typename } } }`,
    {
      input: {
        ...registeredApplication(c, vacancyId),
        policeRecordUploadId: await upload('candidate-document', pdfBytes(2500), 'pol-2.pdf', c.cookie),
      },
    },
    c.cookie,
  );
  expect(res.body.data.apply.error).toBeNull();
  return res.body.data.apply.applicationId as string;
}

describe('profile bad input through the BFF', () => {
  it('is refused with the spec message on the input field, and nothing changes', async () => {
    const c = await completeCandidate();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ phone: '555443322' }, 'phone', 'El teléfono debe tener exactamente 8 dígitos'],
      [{ address: 'Zona 1 GT' }, 'address', 'La dirección debe tener al menos 10 caracteres'],
      [{ birthDate: '2099-01-01' }, 'birthDate', 'Debe ser mayor de 18 años'],
      [{ birthDate: '2026-02-30' }, 'birthDate', 'Fecha de nacimiento inválida'],
      [
        {
          experiences: [
            { company: 'A', position: 'P', from: '2015-01-01', to: '2019-12-31', description: 'd' },
            { company: 'B', position: 'P', from: '2019-06-01', to: '2020-12-31', description: 'd' },
          ],
        },
        'experiences.1.from',
        'Las fechas de A y B se traslapan.',
      ],
    ];
    for (const [over, path, message] of cases) {
      const res = await gql(UPDATE, { input: profileInput(c.dpi, { ...over, firstName: 'Otra' }) }, c.cookie);
      expect(res.body.data.updateMyProfile.error, path).toMatchObject({
        __typename: 'ValidationFailed',
        title: 'Formulario incompleto',
      });
      expect(res.body.data.updateMyProfile.error.fields).toEqual(expect.arrayContaining([{ path, message }]));
    }
    // What only the api knows (the account's DPI) comes back as 'Datos inválidos'.
    const dpi = await gql(UPDATE, { input: profileInput(validCui('77665544'), { firstName: 'Otra' }) }, c.cookie);
    expect(dpi.body.data.updateMyProfile.error).toEqual({
      __typename: 'ValidationFailed',
      title: 'Datos inválidos',
      message: 'El DPI no coincide con el de tu cuenta.',
      fields: [{ path: 'dpi', message: 'El DPI no coincide con el de tu cuenta.' }],
    });
    expect((await gql(MY_PROFILE, {}, c.cookie)).body.data.myProfile.firstName).toBe('Sofía');
  });
});

// Issue 22: whatever refuses the profile form (the BFF's rules or the api's), its staged files go at
// once, and the same upload ids are spent; a saved form keeps them as the profile's documents.
describe('a refused profile form deletes its staged files at once', () => {
  it.each([
    ['a field breaks a rule (refused by the BFF)', (dpi: string) => profileInput(dpi, { phone: '12' })],
    ['the DPI is not the account\u2019s (refused by the api)', () => profileInput(validCui('77665533'))],
  ] as const)('when %s', async (_name, input) => {
    const c = await newCandidate();
    const ids = {
      photoUploadId: await upload('candidate-photo', png, 'foto.png', c.cookie),
      curriculumUploadId: await upload('candidate-document', pdf, 'cv.pdf', c.cookie),
      dpiFileUploadId: await upload('candidate-document', pdf, 'dpi.pdf', c.cookie),
      policeRecordUploadId: await upload('candidate-document', pdf, 'policiales.pdf', c.cookie),
      criminalRecordUploadId: await upload('candidate-document', pdf, 'penales.pdf', c.cookie),
    };
    const before = await stagedCount(stack);
    const res = await gql(UPDATE, { input: { ...input(c.dpi), ...ids } }, c.cookie);
    expect(res.body.data.updateMyProfile.error.__typename).toBe('ValidationFailed');
    expect(await stagedCount(stack)).toEqual({ rows: before.rows - 5, files: before.files - 5 });
    // Sent again, the same ids are spent: the web uploads the files again.
    const again = await gql(UPDATE, { input: profileInput(c.dpi, ids) }, c.cookie);
    expect(again.body.data.updateMyProfile.error.fields).toContainEqual({
      path: 'curriculumUploadId',
      message: FILE_MESSAGES.uploadSpent,
    });
  });

  it('a saved form keeps its files', async () => {
    const before = await stagedCount(stack);
    const c = await completeCandidate();
    expect(await stagedCount(stack)).toEqual(before);
    expect(c.profile.curriculum.name).toBe('cv.pdf');
  });
});

describe('authorisation: a candidate reaches only their own data', () => {
  let a: Awaited<ReturnType<typeof completeCandidate>>;
  let b: Awaited<ReturnType<typeof completeCandidate>>;
  let aApplication: string;
  let aApplicationFile: number;
  beforeAll(async () => {
    a = await completeCandidate();
    b = await completeCandidate();
    aApplication = await applyWithProfile(a, v.second);
    aApplicationFile = (
      await stack.api.db
        .selectFrom('postulante_archivos')
        .select('id')
        .where('postulante_id', '=', Number(aApplication))
        .where('tipo', '=', 'policiales')
        .executeTakeFirstOrThrow()
    ).id;
  }, 120_000);

  it('GraphQL answers B with B\u2019s profile and applications only (no field takes a user id)', async () => {
    const profile = await gql(MY_PROFILE, {}, b.cookie);
    expect(profile.body.data.myProfile).toMatchObject({ userId: b.id, email: b.email });
    expect(JSON.stringify(profile.body)).not.toContain(a.email);
    const list = await gql(MY_APPLICATIONS, {}, b.cookie);
    expect(list.body.data.myApplications).toEqual([]);
    // A user id smuggled in as an argument is a validation error, not someone else's data.
    const smuggled = await gql(`{ myProfile(userId: "${a.id}") { userId } }`, {}, b.cookie);
    expect(smuggled.body.errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });

  it('/files gives B none of A\u2019s photo, documents or application files, and says nothing of their existence', async () => {
    const urls = [
      a.profile.photo.url,
      a.profile.curriculum.url,
      a.profile.dpiFile.url,
      `/files/candidatos/postulacion/${aApplicationFile}`,
    ];
    for (const url of urls) {
      const asB = await request(stack.bff.app).get(url).set('cookie', b.cookie);
      expect(asB.status, url).toBe(404);
      expect(asB.body).toEqual({ message: 'Archivo no encontrado' });
      const anonymous = await request(stack.bff.app).get(url);
      expect(anonymous.status, url).toBe(404);
      const own = await request(stack.bff.app).get(url).set('cookie', a.cookie);
      expect(own.status, url).toBe(200);
    }
    // A file that does not exist answers exactly the same.
    const none = await request(stack.bff.app).get('/files/candidatos/perfil/999999').set('cookie', b.cookie);
    expect(none.status).toBe(404);
    expect(none.body).toEqual({ message: 'Archivo no encontrado' });
    for (const bad of ['/files/candidatos/otro/1', '/files/candidatos/perfil/abc', '/files/candidatos/perfil/-1'])
      expect((await request(stack.bff.app).get(bad).set('cookie', a.cookie)).status, bad).toBe(404);
  });

  it("a browser tab ('Ver') that cannot open a file gets a page in Spanish, not JSON (spec 1 §8)", async () => {
    const tab = (url: string, cookie: string) =>
      request(stack.bff.app)
        .get(url)
        .set('cookie', cookie)
        .set('accept', 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8')
        .set('sec-fetch-dest', 'document');
    for (const url of [a.profile.curriculum.url, '/files/candidatos/perfil/999999']) {
      const res = await tab(url, b.cookie);
      expect(res.status, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/html; charset=utf-8/);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.text).toContain('<html lang="es">');
      expect(res.text).toContain('<h1>No se pudo abrir el archivo</h1>');
      expect(res.text).toContain('Archivo no encontrado');
    }
    // The owner's tab gets the file itself.
    const own = await tab(a.profile.curriculum.url, a.cookie);
    expect(own.status).toBe(200);
    expect(own.headers['content-type']).toBe('application/pdf');
  });

  it('staff open a candidate\u2019s file and every opening is recorded; candidates\u2019 own openings are not', async () => {
    const count = async () => (await stack.api.db.selectFrom('archivos_accesos').select('id').execute()).length;
    const before = await count();
    await request(stack.bff.app).get(a.profile.curriculum.url).set('cookie', a.cookie);
    expect(await count()).toBe(before);

    const viewer = await login('staff', 'visualizador@ejemplo.org.gt');
    const staffId = (await gql('{ me { id } }', {}, viewer)).body.data.me.id as string;
    const profileFile = await request(stack.bff.app)
      .get(a.profile.policeRecord.url)
      .set('cookie', viewer)
      .buffer(true)
      .parse(binary);
    expect(profileFile.status).toBe(200);
    expect(profileFile.headers['cache-control']).toBe('private, no-store');
    expect(profileFile.headers['x-content-type-options']).toBe('nosniff');
    expect(profileFile.headers['content-disposition']).toContain('policiales.pdf');
    const appFile = await request(stack.bff.app)
      .get(`/files/candidatos/postulacion/${aApplicationFile}`)
      .set('cookie', viewer)
      .buffer(true)
      .parse(binary);
    expect(appFile.status).toBe(200);
    expect((appFile.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');

    const rows = await stack.api.db.selectFrom('archivos_accesos').selectAll().orderBy('id', 'desc').limit(2).execute();
    expect(rows).toEqual([
      expect.objectContaining({
        usuario_id: Number(staffId),
        postulante_id: Number(aApplication),
        usuario_candidato_id: null,
        tipo: 'policiales',
      }),
      expect.objectContaining({
        usuario_id: Number(staffId),
        postulante_id: null,
        usuario_candidato_id: Number(a.id),
        tipo: 'policiales',
      }),
    ]);
    // Both openings, the profile's file and the application's, are on the candidate's timeline.
    const timeline = await gql(
      `query($id: ID!) { candidate(id: $id) { timeline { __typename ... on FileAccessEvent { by document } } } }`,
      { id: aApplication },
      viewer,
    );
    const me = (await gql('{ me { name } }', {}, viewer)).body.data.me.name as string;
    expect(
      timeline.body.data.candidate.timeline.filter((e: { __typename: string }) => e.__typename === 'FileAccessEvent'),
    ).toEqual([
      { __typename: 'FileAccessEvent', by: me, document: 'POLICE_RECORD' },
      { __typename: 'FileAccessEvent', by: me, document: 'POLICE_RECORD' },
    ]);
  });

  it('B cannot put an upload of A\u2019s into B\u2019s profile: refused on the field, nothing changes', async () => {
    const before = (await gql(MY_PROFILE, {}, b.cookie)).body.data.myProfile;
    const aUpload = await upload('candidate-document', pdf, 'de-a.pdf', a.cookie);
    const res = await gql(
      UPDATE,
      { input: profileInput(b.dpi, { curriculumUploadId: aUpload, firstName: 'Otra' }) },
      b.cookie,
    );
    expect(res.body.data.updateMyProfile.profile).toBeNull();
    expect(res.body.data.updateMyProfile.error.fields).toEqual([
      { path: 'curriculumUploadId', message: 'El archivo ya fue utilizado o expiró. Vuelve a subirlo.' },
    ]);
    const after = (await gql(MY_PROFILE, {}, b.cookie)).body.data.myProfile;
    expect(after.firstName).toBe(before.firstName);
    expect(after.curriculum).toEqual(before.curriculum);
    // A's upload is still A's to use.
    const own = await gql(UPDATE, { input: profileInput(a.dpi, { curriculumUploadId: aUpload }) }, a.cookie);
    expect(own.body.data.updateMyProfile.error).toBeNull();
    expect(own.body.data.updateMyProfile.profile.curriculum.name).toBe('de-a.pdf');
  });
});

describe('Mis datos: export and deletion, confirmed by password', () => {
  const EXPORT = `mutation($p: String!) { exportMyData(password: $p) { url error { __typename ... on InvalidCredentials { message } } } }`;
  const DELETE = `mutation($p: String!) { deleteMyAccount(password: $p) { ok error { __typename ... on InvalidCredentials { message } ... on OperationFailed { message } } } }`;

  it('exports a one-time zip of datos.json and every file', async () => {
    const c = await completeCandidate();
    const appId = await applyWithProfile(c, v.open);
    const wrong = await gql(EXPORT, { p: 'otra-clave' }, c.cookie);
    expect(wrong.body.data.exportMyData).toEqual({
      url: null,
      error: { __typename: 'InvalidCredentials', message: 'La contraseña es incorrecta.' },
    });
    const ok = await gql(EXPORT, { p: 'Clave123' }, c.cookie);
    const url = ok.body.data.exportMyData.url as string;
    expect(url).toMatch(/^\/files\/mis-datos\/[A-Za-z0-9_-]+$/);

    // Another candidate cannot use the link, and that try does not spend it.
    const other = await newCandidate();
    expect((await request(stack.bff.app).get(url).set('cookie', other.cookie)).status).toBe(404);

    const res = await request(stack.bff.app).get(url).set('cookie', c.cookie).buffer(true).parse(binary);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['content-disposition']).toBe('attachment; filename="mis-datos.zip"');
    const entries = await unzip(res.body as Buffer);
    const datos = JSON.parse(entries.get('datos.json')!.toString('utf8'));
    expect(datos.perfil).toMatchObject({ email: c.email, dpi: c.dpi, telefono: '55443322' });
    expect(datos.postulaciones.map((p: { id: number }) => String(p.id))).toEqual([appId]);
    const files = [...entries.keys()].filter((k) => k.startsWith('archivos/'));
    // Five profile files, and the application's five rows (four referencing the profile's, one of its own).
    expect(files).toHaveLength(10);
    for (const f of files) expect(entries.get(f)!.length).toBeGreaterThan(0);
    expect(files.some((f) => f.endsWith('pol-2.pdf'))).toBe(true);

    // One time only.
    expect((await request(stack.bff.app).get(url).set('cookie', c.cookie)).status).toBe(404);
  });

  it('deletes the account: personal data and files erased, the session ended, the application kept anonymous', async () => {
    const c = await completeCandidate();
    const appId = Number(await applyWithProfile(c, v.open));
    // A document dropped on a form and never sent: staged in the api under this account.
    await upload('candidate-document', pdfBytes(1800), 'sin-enviar.pdf', c.cookie);
    const stagedByThem = () =>
      stack.api.db
        .selectFrom('archivos_preparados')
        .select('id')
        .where('usuario_candidato_id', '=', Number(c.id))
        .execute();
    expect(await stagedByThem()).toHaveLength(1);
    const wrong = await gql(DELETE, { p: 'otra-clave' }, c.cookie);
    expect(wrong.body.data.deleteMyAccount).toEqual({
      ok: false,
      error: { __typename: 'InvalidCredentials', message: 'La contraseña es incorrecta.' },
    });
    expect((await gql('{ me { id } }', {}, c.cookie)).body.data.me).toEqual({ id: c.id });

    const res = await gql(DELETE, { p: 'Clave123' }, c.cookie);
    expect(res.body.data.deleteMyAccount).toEqual({ ok: true, error: null });
    const cleared = ((res.headers['set-cookie'] as unknown as string[]) ?? []).find((x) =>
      x.startsWith('bolsa_sesion='),
    );
    expect(cleared).toMatch(/bolsa_sesion=;/);
    // The old cookie is worth nothing now, and the account cannot log in.
    expect((await gql('{ me { id } }', {}, c.cookie)).body.data.me).toBeNull();
    const relogin = await gql(
      'mutation($u: String!, $p: String!) { r: candidateLogin(email: $u, password: $p) { viewer { id } error { __typename } } }',
      { u: c.email, p: 'Clave123' },
    );
    expect(relogin.body.data.r.error.__typename).toBe('InvalidCredentials');

    const row = await stack.api.db
      .selectFrom('postulantes')
      .select(['datos_eliminados', 'cui', 'email', 'nombre', 'estado'])
      .where('id', '=', appId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ datos_eliminados: true, cui: null, email: null, nombre: '', estado: 'postulado' });
    expect(
      await stack.api.db
        .selectFrom('perfil_archivos')
        .select('id')
        .where('usuario_candidato_id', '=', Number(c.id))
        .execute(),
    ).toEqual([]);
    expect(await stagedByThem()).toEqual([]);
    // Its files are gone from the route too, for staff as well.
    const admin = await login('staff', 'admin@ejemplo.org.gt');
    expect((await request(stack.bff.app).get(c.profile.curriculum.url).set('cookie', admin)).status).toBe(404);
  });
});
