import { createServer } from 'node:http';
import { connect } from 'node:net';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_MESSAGES, todayInGuatemala } from '@bolsa/domain';
import { jpegBytes, makeVacancies, pdfBytes, pngBytes } from '../../api/test/support/application.js';
import { validCui } from '../../api/test/support/client.js';
import { DEMO, DEMO_PASSWORD } from './roles.js';
import { listen, startStack, type Stack } from './support.js';

let stack: Stack;
let v: Awaited<ReturnType<typeof makeVacancies>>;
let png: Buffer;
let jpeg: Buffer;
const pdf = pdfBytes();

beforeAll(async () => {
  stack = await startStack();
  v = await makeVacancies(stack.api.db);
  png = await pngBytes();
  jpeg = await jpegBytes();
}, 180_000);
afterAll(() => stack?.close());

const APPLY = `mutation Apply($input: ApplicationInput!) {
  apply(input: $input) {
    applicationId message mode
    error {
      __typename
      ... on DuplicateApplication { conflict message }
      ... on ValidationFailed { title message fields { path message } }
      ... on VacancyClosed { message }
    }
  }
}`;
const CHECK = `query Check($vacancyId: ID!, $dpi: String!, $email: String!) {
  applicationCheck(vacancyId: $vacancyId, dpi: $dpi, email: $email) { ok conflict message }
}`;

const gql = (query: string, variables: Record<string, unknown>, cookie?: string) => {
  const r = request(stack.bff.app).post('/graphql').set('content-type', 'application/json');
  if (cookie) r.set('cookie', cookie);
  return r.send({ query, variables });
};

const cookieOf = (res: request.Response, name: string): string | null =>
  ((res.headers['set-cookie'] as unknown as string[] | undefined) ?? [])
    .find((c) => c.startsWith(`${name}=`))
    ?.split(';')[0] ?? null;

async function upload(kind: string, data: Buffer, name: string, cookie?: string) {
  const r = request(stack.bff.app).post(`/uploads?kind=${kind}`).set('x-requested-with', 'fetch');
  if (cookie) r.set('cookie', cookie);
  const res = await r.attach('file', data, name);
  return { res, cookie: cookie ?? cookieOf(res, 'bolsa_invitado') };
}

let seq = 0;
function input(vacancyId: number, over: Record<string, unknown> = {}) {
  seq++;
  return {
    vacancyId: String(vacancyId),
    fullName: 'Rosa Elena Xuc',
    dpi: validCui(String(41000000 + seq * 13)),
    address: '3a calle 4-12 zona 1, Guatemala',
    phone: '55123456',
    email: `bff.persona${seq}@example.com`,
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

/** A guest's browser: its binding cookie and a CV and photo uploaded with it. */
async function guestWithFiles() {
  const cv = await upload('candidate-document', pdf, 'cv.pdf');
  expect(cv.res.status).toBe(201);
  expect(cv.cookie).toMatch(/^bolsa_invitado=/);
  const photo = await upload('candidate-photo', png, 'foto.png', cv.cookie!);
  expect(photo.res.status).toBe(201);
  return { cookie: cv.cookie!, cvUploadId: cv.res.body.id as string, photoUploadId: photo.res.body.id as string };
}

describe('applications through the BFF', () => {
  it('a guest uploads a CV and a photo, applies in short mode, and the acknowledgement is queued', async () => {
    const g = await guestWithFiles();
    const inp = input(v.open, { cvUploadId: g.cvUploadId, photoUploadId: g.photoUploadId });
    const res = await gql(APPLY, { input: inp }, g.cookie);
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.apply).toMatchObject({ mode: 'GUEST', error: null, applicationId: expect.any(String) });
    const id = Number(res.body.data.apply.applicationId);
    const files = await stack.api.db
      .selectFrom('postulante_archivos')
      .select('tipo')
      .where('postulante_id', '=', id)
      .execute();
    expect(files.map((f) => f.tipo).sort()).toEqual(['curriculum', 'fotografia']);
    const row = await stack.api.db
      .selectFrom('postulantes')
      .select(['estado_civil', 'nivel_educativo', 'usuario_candidato_id'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ estado_civil: 'Union de hecho', nivel_educativo: 'Básicos', usuario_candidato_id: null });
    const mail = await stack.api.db
      .selectFrom('correos_salientes')
      .select('destinatario')
      .where('postulante_id', '=', id)
      .execute();
    expect(mail).toEqual([{ destinatario: inp.email }]);

    // The check now reports the DPI, and a second submission is a DuplicateApplication.
    const check = await gql(CHECK, { vacancyId: String(v.open), dpi: inp.dpi, email: 'otra@example.com' });
    expect(check.body.data.applicationCheck).toEqual({
      ok: false,
      conflict: 'DPI',
      message: 'Ese CUI/DPI ya tiene una postulación en curso para esta vacante.',
    });
    const again = await guestWithFiles();
    const dup = await gql(
      APPLY,
      { input: { ...inp, cvUploadId: again.cvUploadId, photoUploadId: again.photoUploadId } },
      again.cookie,
    );
    expect(dup.body.data.apply.error).toMatchObject({ __typename: 'DuplicateApplication', conflict: 'DPI' });
  });

  it("another browser cannot use a guest's upload ids, and a spent upload cannot be used twice", async () => {
    const g = await guestWithFiles();
    const stranger = await gql(APPLY, {
      input: input(v.open, { cvUploadId: g.cvUploadId, photoUploadId: g.photoUploadId }),
    });
    expect(stranger.body.data.apply.error).toMatchObject({ __typename: 'ValidationFailed' });
    const paths = stranger.body.data.apply.error.fields.map((f: { path: string }) => f.path);
    expect(paths).toEqual(expect.arrayContaining(['cvUploadId', 'photoUploadId']));
    const first = await gql(
      APPLY,
      { input: input(v.open, { cvUploadId: g.cvUploadId, photoUploadId: g.photoUploadId }) },
      g.cookie,
    );
    expect(first.body.data.apply.error).toBeNull();
    const reuse = await gql(
      APPLY,
      { input: input(v.second, { cvUploadId: g.cvUploadId, photoUploadId: g.photoUploadId }) },
      g.cookie,
    );
    expect(reuse.body.data.apply.error.fields[0]).toMatchObject({
      message: 'El archivo ya fue utilizado o expiró. Vuelve a subirlo.',
    });
  });

  it("answers the domain's Spanish messages with the input's field names, before calling the api", async () => {
    const res = await gql(APPLY, { input: input(v.open, { phone: '123', salaryExpectation: 60000, experiences: [] }) });
    const err = res.body.data.apply.error;
    expect(err).toMatchObject({ __typename: 'ValidationFailed', title: 'Formulario incompleto' });
    expect(err.fields).toEqual(
      expect.arrayContaining([
        { path: 'phone', message: 'El teléfono debe tener 8 dígitos' },
        { path: 'salaryExpectation', message: 'La pretensión excede el rango' },
        { path: 'cvUploadId', message: 'Debes adjuntar tu Hoja de Vida (PDF).' },
        { path: 'experiences', message: expect.stringContaining('experiencia') },
      ]),
    );
  });

  it("tells anyone today's date on Guatemala's clock, the day the api checks an application's dates against", async () => {
    const before = todayInGuatemala();
    const res = await gql('{ today }', {});
    expect(res.status).toBe(200);
    // Around midnight the day may turn between the two readings.
    expect([before, todayInGuatemala()]).toContain(res.body.data.today);
    expect(res.body.data.today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('a closed vacancy is VacancyClosed', async () => {
    const g = await guestWithFiles();
    const res = await gql(
      APPLY,
      { input: input(v.expired, { cvUploadId: g.cvUploadId, photoUploadId: g.photoUploadId }) },
      g.cookie,
    );
    expect(res.body.data.apply.error).toEqual({
      __typename: 'VacancyClosed',
      message: 'La vacante ya no está disponible.',
    });
  });

  it('upload kinds check the bytes and the size: a PNG named .pdf, a PDF named .jpg, 6 MB and zero bytes are refused', async () => {
    const a = await upload('candidate-document', png, 'cv.pdf');
    expect(a.res.status).toBe(415);
    expect(a.res.body.message).toBe('Solo se permiten archivos PDF');
    const b = await upload('candidate-photo', pdf, 'foto.jpg');
    expect(b.res.status).toBe(415);
    expect(b.res.body.message).toBe('Solo se permiten imágenes JPG o PNG');
    const big = await upload('candidate-document', pdfBytes(6 * 1024 * 1024), 'cv.pdf');
    expect(big.res.status).toBe(413);
    expect(big.res.body.message).toBe('El archivo no puede ser mayor a 5MB');
    const empty = await upload('candidate-document', Buffer.alloc(0), 'cv.pdf');
    expect(empty.res.status).toBe(400);
    // A file was chosen: not 'No se recibió ningún archivo.' (a helper's look).
    expect(empty.res.body.message).toBe('El archivo está vacío. Elige otro archivo.');
    // Other kinds still need a session.
    const c = await upload('vacancy-image', png, 'x.png');
    expect(c.res.status).toBe(401);
  });

  it('a registered candidate applies in full mode as themselves (user id from the session); staff cannot apply', async () => {
    // A new account: its profile holds no documents yet (the first demo candidate's holds them all).
    const created = await request(stack.api.url)
      .post('/usuarios-candidatos/register')
      .set('authorization', `Bearer ${stack.api.token}`)
      .send({
        PrimerNombre: 'Ana',
        PrimerApellido: 'Nueva',
        Email: 'ana.nueva@example.com',
        Password: 'Clave123',
        Dpi: validCui('39600011'),
      });
    expect(created.status).toBe(201);
    const login = await gql(
      `mutation { candidateLogin(email: "ana.nueva@example.com", password: "Clave123") { viewer { id } } }`,
      {},
    );
    const session = cookieOf(login, 'bolsa_sesion')!;
    const viewerId = login.body.data.candidateLogin.viewer.id as string;
    const ana = await stack.api.db
      .selectFrom('usuarios_candidatos')
      .select(['dpi', 'email'])
      .where('id', '=', Number(viewerId))
      .executeTakeFirstOrThrow();
    const up = async (kind: string, data: Buffer, name: string) =>
      (await upload(kind, data, name, session)).res.body.id as string;
    const files = {
      photoUploadId: await up('candidate-photo', jpeg, 'foto.jpg'),
      cvUploadId: await up('candidate-document', pdf, 'cv.pdf'),
      dpiScanUploadId: await up('candidate-document', pdf, 'dpi.pdf'),
      policeRecordUploadId: await up('candidate-document', pdf, 'policiales.pdf'),
      criminalRecordUploadId: await up('candidate-document', pdf, 'penales.pdf'),
    };
    const missing = await gql(
      APPLY,
      {
        input: input(v.open, {
          dpi: ana.dpi,
          email: ana.email,
          // A refused form's files are deleted at once (issue 22): these are not the ones sent next.
          cvUploadId: await up('candidate-document', pdf, 'cv.pdf'),
          photoUploadId: await up('candidate-photo', jpeg, 'foto.jpg'),
        }),
      },
      session,
    );
    expect(missing.body.data.apply.mode).toBe('REGISTERED');
    expect(missing.body.data.apply.error.fields.map((f: { path: string }) => f.path)).toEqual(
      expect.arrayContaining(['dpiScanUploadId', 'policeRecordUploadId', 'criminalRecordUploadId']),
    );
    const ok = await gql(APPLY, { input: input(v.open, { dpi: ana.dpi, email: ana.email, ...files }) }, session);
    expect(ok.body.data.apply).toMatchObject({ mode: 'REGISTERED', error: null });
    const row = await stack.api.db
      .selectFrom('postulantes')
      .select('usuario_candidato_id')
      .where('id', '=', Number(ok.body.data.apply.applicationId))
      .executeTakeFirstOrThrow();
    expect(String(row.usuario_candidato_id)).toBe(viewerId);
    const yaAplico = await gql(CHECK, { vacancyId: String(v.open), dpi: ana.dpi, email: ana.email }, session);
    // Worded for someone logged in: no 'Inicia sesión' (issue 20), at the check and at a second submission.
    expect(yaAplico.body.data.applicationCheck).toEqual({
      ok: false,
      conflict: 'YA_APLICO',
      message: 'Ya tienes una postulación a esta vacante.',
    });
    const again = {
      photoUploadId: await up('candidate-photo', jpeg, 'foto.jpg'),
      cvUploadId: await up('candidate-document', pdf, 'cv.pdf'),
      dpiScanUploadId: await up('candidate-document', pdf, 'dpi.pdf'),
      policeRecordUploadId: await up('candidate-document', pdf, 'policiales.pdf'),
      criminalRecordUploadId: await up('candidate-document', pdf, 'penales.pdf'),
    };
    const twice = await gql(APPLY, { input: input(v.open, { dpi: ana.dpi, email: ana.email, ...again }) }, session);
    expect(twice.body.data.apply.error).toEqual({
      __typename: 'DuplicateApplication',
      conflict: 'YA_APLICO',
      message: 'Ya tienes una postulación a esta vacante.',
    });

    const staff = await gql(
      `mutation { staffLogin(username: "${DEMO.manager}", password: "${DEMO_PASSWORD}") { viewer { id } } }`,
      {},
    );
    const res = await gql(APPLY, { input: input(v.open) }, cookieOf(staff, 'bolsa_sesion')!);
    expect(res.body.errors[0].extensions.code).toBe('FORBIDDEN');
  });

  it("a guest who registers and logs in finds the application's data and documents in their profile; staff see the application as registered", async () => {
    const g = await guestWithFiles();
    const inp = input(v.second, {
      phone: '55778899',
      address: '5a avenida 3-20 zona 1, Cobán',
      cvUploadId: g.cvUploadId,
      photoUploadId: g.photoUploadId,
    });
    const applied = await gql(APPLY, { input: inp }, g.cookie);
    expect(applied.body.data.apply.error).toBeNull();
    const applicationId = applied.body.data.apply.applicationId as string;

    const cap = (await gql('mutation { newCaptcha { id } }', {})).body.data.newCaptcha.id as string;
    const answer = (await request(stack.bff.app).get('/__test/captcha').query({ id: cap })).body.answer as string;
    const reg = await gql(
      `mutation($i: RegisterCandidateInput!) { registerCandidate(input: $i) { ok error { __typename } } }`,
      {
        i: {
          primerNombre: 'Rosa',
          primerApellido: 'Xuc',
          email: inp.email,
          emailConfirmation: inp.email,
          password: 'secreto1',
          passwordConfirmation: 'secreto1',
          dpi: inp.dpi,
          captchaId: cap,
          captchaAnswer: answer,
        },
      },
    );
    expect(reg.body.data.registerCandidate).toEqual({ ok: true, error: null });
    const login = await gql(
      `mutation($e: String!, $p: String!) { candidateLogin(email: $e, password: $p) { linkedApplications error { __typename } } }`,
      { e: inp.email, p: 'secreto1' },
    );
    expect(login.body.data.candidateLogin).toEqual({ linkedApplications: 1, error: null });
    const session = cookieOf(login, 'bolsa_sesion')!;
    const profile = await gql(
      `{ myProfile { phone address complete photo { name url } curriculum { name url } dpiFile { id }
        experiences { company position from to description } personalReferences { name phone } workReferences { name phone } } }`,
      {},
      session,
    );
    expect(profile.body.data.myProfile).toMatchObject({
      phone: '55778899',
      address: '5a avenida 3-20 zona 1, Cobán',
      complete: false,
      photo: { name: 'foto.png', url: expect.stringMatching(/^\/files\/candidatos\/perfil\/\d+$/) },
      curriculum: { name: 'cv.pdf' },
      dpiFile: null,
      experiences: [
        { company: 'Farmacia Central', position: 'Cajera', from: '2020-01-06', to: '2023-05-31', description: 'Caja' },
      ],
      personalReferences: [{ name: 'Marta Xuc', phone: '44556677' }],
      workReferences: [{ name: 'Luis Pérez', phone: '33445566' }],
    });
    // The carried photo opens for its owner through the BFF's file route.
    const photo = await request(stack.bff.app).get(profile.body.data.myProfile.photo.url).set('cookie', session);
    // Kept re-encoded as a bounded JPEG (issue 22).
    expect([photo.status, photo.headers['content-type']]).toEqual([200, 'image/jpeg']);

    const staff = await gql(
      `mutation { staffLogin(username: "${DEMO.manager}", password: "${DEMO_PASSWORD}") { viewer { id } } }`,
      {},
    );
    const detail = await gql(
      `query($id: ID!) { candidate(id: $id) { registered } }`,
      { id: applicationId },
      cookieOf(staff, 'bolsa_sesion')!,
    );
    expect(detail.body.data.candidate).toEqual({ registered: true });
  });

  it('login with a vacancy id runs the duplicate check and refuses with the spec 1 §8 messages', async () => {
    const LOGIN = `mutation($e: String!, $p: String!, $v: ID) {
      candidateLogin(email: $e, password: $p, vacancyId: $v) {
        viewer { id }
        error { __typename ... on DuplicateApplication { conflict message } ... on ApplicationCheckFailed { title message } }
      }
    }`;
    // The new account applied to v.open in the test above.
    const refused = await gql(LOGIN, { e: 'ana.nueva@example.com', p: 'Clave123', v: String(v.open) });
    expect(refused.body.data.candidateLogin).toEqual({
      viewer: null,
      error: {
        __typename: 'DuplicateApplication',
        conflict: 'YA_APLICO',
        message: 'Ya tienes una postulación a esta vacante.',
      },
    });
    expect(cookieOf(refused, 'bolsa_sesion')).toBeNull();

    // An application in course for the vacancy with Carlos's e-mail (sent as a guest before he registered).
    const carlos = 'carlos.perez@example.com';
    await stack.api.db
      .insertInto('postulantes')
      .values({ plaza_id: v.second, nombre: 'Carlos Pérez', cui: validCui('47000001'), email: carlos })
      .execute();
    const inUse = await gql(LOGIN, { e: carlos, p: DEMO_PASSWORD, v: String(v.second) });
    expect(inUse.body.data.candidateLogin.error).toEqual({
      __typename: 'DuplicateApplication',
      conflict: 'EMAIL',
      message: 'Ese correo ya está en uso para esta vacante. Usa otro correo.',
    });

    const bad = await gql(LOGIN, { e: carlos, p: DEMO_PASSWORD, v: 'abc' });
    expect(bad.body.data.candidateLogin.error).toEqual({
      __typename: 'ApplicationCheckFailed',
      title: 'Error al validar',
      message: 'No se pudo verificar tu postulación. Intenta de nuevo.',
    });

    const ok = await gql(LOGIN, { e: carlos, p: DEMO_PASSWORD, v: String(v.open) });
    expect(ok.body.data.candidateLogin).toMatchObject({ viewer: { id: expect.any(String) }, error: null });
    expect(cookieOf(ok, 'bolsa_sesion')).not.toBeNull();
  });

  describe('staged uploads (docs/decisions/2026-11-24-staged-uploads.md)', () => {
    const files = async (dir: string) =>
      (await readdir(dir).catch(() => [] as string[])).filter((f) => !f.startsWith('.'));
    const apiTmp = () => files(path.join(stack.api.filesDir, 'tmp'));
    const bffUploads = () => files(path.join(stack.config.dataDir, 'uploads'));
    const staged = () => stack.api.db.selectFrom('archivos_preparados').select(['id', 'nombre', 'tipo']).execute();

    it("a candidate's file goes straight into the api's store when it is dropped, never onto the BFF's disk", async () => {
      const before = await staged();
      const onBffDisk = await bffUploads();
      const cv = await upload('candidate-document', pdf, 'mi cv.pdf');
      expect(cv.res.status).toBe(201);
      expect(cv.res.body).toMatchObject({ name: 'mi cv.pdf', size: pdf.length, type: 'application/pdf' });
      const photo = await upload('candidate-photo', jpeg, 'foto.jpg', cv.cookie!);
      expect(photo.res.body).toMatchObject({ type: 'image/jpeg', size: jpeg.length });
      expect(await bffUploads()).toEqual(onBffDisk);
      const now = await staged();
      expect(now.length).toBe(before.length + 2);
      const added = now.filter((r) => !before.some((b) => b.id === r.id));
      expect(added.map((r) => [r.nombre, r.tipo]).sort()).toEqual([
        ['foto.jpg', 'jpeg'],
        ['mi cv.pdf', 'pdf'],
      ]);
      for (const r of added) expect(await apiTmp()).toContain(r.id);
      // The upload id is sealed: it names neither the api's id nor a path.
      for (const r of added) expect(cv.res.body.id + photo.res.body.id).not.toContain(r.id);
    });

    it('a refused upload leaves nothing staged in the api', async () => {
      const rows = (await staged()).length;
      const tmp = (await apiTmp()).length;
      const onBffDisk = await bffUploads();
      expect((await upload('candidate-document', png, 'cv.pdf')).res.status).toBe(415);
      expect((await upload('candidate-photo', pdf, 'foto.png')).res.status).toBe(415);
      expect((await upload('candidate-document', pdfBytes(6 * 1024 * 1024), 'cv.pdf')).res.status).toBe(413);
      expect((await upload('candidate-document', Buffer.alloc(0), 'cv.pdf')).res.status).toBe(400);
      const two = await request(stack.bff.app)
        .post('/uploads?kind=candidate-document')
        .set('x-requested-with', 'fetch')
        .attach('file', pdf, 'uno.pdf')
        .attach('otro', pdf, 'dos.pdf');
      expect(two.status).toBe(400);
      expect((await staged()).length).toBe(rows);
      // A file cut off at the limit is removed by the api just after the BFF has answered.
      for (let i = 0; i < 50 && (await apiTmp()).length !== tmp; i++) await new Promise((r) => setTimeout(r, 100));
      expect((await apiTmp()).length).toBe(tmp);
      expect(await bffUploads()).toEqual(onBffDisk);
    });

    it('an upload cut off halfway leaves nothing staged in the api', async () => {
      const rows = (await staged()).length;
      const tmp = (await apiTmp()).length;
      const server = createServer(stack.bff.app);
      try {
        const port = await listen(server);
        const boundary = '----corte';
        const head =
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cv.pdf"\r\n` +
          'Content-Type: application/pdf\r\n\r\n';
        const big = pdfBytes(3 * 1024 * 1024);
        const socket = connect(port, '127.0.0.1');
        await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
        socket.write(
          `POST /uploads?kind=candidate-document HTTP/1.1\r\nHost: x\r\nX-Requested-With: fetch\r\n` +
            `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${head.length + big.length + 100}\r\n\r\n`,
        );
        socket.write(head);
        socket.write(big.subarray(0, 1024 * 1024));
        await new Promise((r) => setTimeout(r, 300));
        socket.destroy();
        // The api sees its stream end early and drops what it had begun to store.
        for (let i = 0; i < 50 && (await apiTmp()).length !== tmp; i++) await new Promise((r) => setTimeout(r, 100));
        expect((await staged()).length).toBe(rows);
        expect((await apiTmp()).length).toBe(tmp);
      } finally {
        server.close();
      }
    });

    it('a refusal by the api deletes the staged files at once: the same uploads cannot be sent again (issue 22)', async () => {
      const g = await guestWithFiles();
      const rows = (await staged()).length;
      const closed = await gql(
        APPLY,
        { input: input(v.expired, { cvUploadId: g.cvUploadId, photoUploadId: g.photoUploadId }) },
        g.cookie,
      );
      expect(closed.body.data.apply.error).toMatchObject({ __typename: 'VacancyClosed' });
      expect((await staged()).length).toBe(rows - 2);
      const open = await gql(
        APPLY,
        { input: input(v.open, { cvUploadId: g.cvUploadId, photoUploadId: g.photoUploadId }) },
        g.cookie,
      );
      expect(open.body.data.apply.error).toMatchObject({
        __typename: 'ValidationFailed',
        message: FILE_MESSAGES.uploadSpent,
      });
    });
  });
});

describe('an upload while the api is down', () => {
  it('answers 503 in Spanish, not a file error, instead of waiting on a stream nobody reads', async () => {
    const alone = await startStack();
    try {
      await alone.api.close();
      const res = await request(alone.bff.app)
        .post('/uploads?kind=candidate-document')
        .set('x-requested-with', 'fetch')
        .attach('file', pdfBytes(2 * 1024 * 1024), 'cv.pdf');
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ message: 'No se pudo contactar al servidor. Intenta nuevamente.' });
    } finally {
      await alone.bff.close();
    }
  }, 60_000);
});
