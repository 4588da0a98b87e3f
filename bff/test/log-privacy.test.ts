import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeVacancies, pdfBytes, pngBytes } from '../../api/test/support/application.js';
import { validCui } from '../../api/test/support/client.js';
import { DEMO, DEMO_PASSWORD } from './roles.js';
import { records, startStack, type Stack } from './support.js';

/**
 * ARCHITECTURE.md principle 11: no personal data in any log. A whole journey runs through the real
 * BFF handler (request lines, errors) and the real api (its request lines on), both logging into
 * captured streams exactly as they would to stdout; then the captured text is searched for every
 * piece of personal data the journey sent.
 */

const GUEST = {
  fullName: 'Rosa Elena Xuc Tzunún',
  dpi: validCui('41987013'),
  email: 'rosa.xuc.tzunun@example.com',
  phone: '57783921',
  cvName: 'Rosa_Xuc_Tzunun_CV_2026.pdf',
};
const REGISTERED = {
  primerNombre: 'Marta',
  primerApellido: 'Quiñónez',
  email: 'marta.quinonez@example.com',
  dpi: validCui('30566127'),
  password: 'Secreto-2026',
};
/** The demo candidate of api/src/demo/accounts.ts. */
const DEMO_CANDIDATE = { email: 'ana.lopez@example.com', dpi: '1587564440904', names: ['Lucía', 'López García'] };

let stack: Stack;
let vacancyId: number;

beforeAll(async () => {
  stack = await startStack({}, { apiRequestLines: true });
  vacancyId = (await makeVacancies(stack.api.db)).open;
}, 180_000);
afterAll(() => stack?.close());

/** Every request goes through the handler the BFF listens with (instrumented: id, log line, metrics). */
const http = () => request(stack.bff.handler);

function gql(operation: string, variables: Record<string, unknown> = {}, cookie?: string) {
  const r = http().post('/graphql').set('content-type', 'application/json');
  if (cookie) r.set('cookie', cookie);
  return r.send({ query: operation, variables });
}

const cookieOf = (res: request.Response, name: string): string => {
  const found = ((res.headers['set-cookie'] as unknown as string[] | undefined) ?? []).find((c) =>
    c.startsWith(`${name}=`),
  );
  if (!found) throw new Error(`no ${name} cookie: ${JSON.stringify(res.body)}`);
  return found.split(';')[0]!;
};

describe('a whole journey leaves no personal data in the logs', () => {
  it('guest application, registration, candidate and staff log-ins, list, detail, state change, file download', async () => {
    // A guest uploads a CV and applies, with DPI, e-mail and phone.
    const cv = await http()
      .post('/uploads?kind=candidate-document')
      .set('x-requested-with', 'fetch')
      .attach('file', pdfBytes(), GUEST.cvName);
    expect(cv.status).toBe(201);
    const guestCookie = cookieOf(cv, 'bolsa_invitado');
    const photo = await http()
      .post('/uploads?kind=candidate-photo')
      .set('x-requested-with', 'fetch')
      .set('cookie', guestCookie)
      .attach('file', await pngBytes(), 'Rosa_Xuc_foto.png');
    expect(photo.status).toBe(201);
    const applied = await gql(
      `mutation Apply($input: ApplicationInput!) { apply(input: $input) { applicationId error { __typename ... on ValidationFailed { fields { path message } } } } }`,
      {
        input: {
          vacancyId: String(vacancyId),
          fullName: GUEST.fullName,
          dpi: GUEST.dpi,
          address: '3a calle 4-12 zona 1, Guatemala',
          phone: GUEST.phone,
          email: GUEST.email,
          maritalStatus: 'UNION_DE_HECHO',
          age: 31,
          educationLevel: 'BASICOS',
          studying: false,
          available: true,
          salaryExpectation: 4800,
          negotiable: true,
          experiences: [
            {
              company: 'Farmacia Central',
              position: 'Cajera',
              from: '2020-01-06',
              to: '2023-05-31',
              description: 'Caja',
            },
          ],
          personalReferences: [{ name: 'Tomasa Tzunún', phone: '44556677' }],
          workReferences: [{ name: 'Luis Tzunún', phone: '33445566' }],
          cvUploadId: cv.body.id,
          photoUploadId: photo.body.id,
        },
      },
      guestCookie,
    );
    expect(applied.body.errors).toBeUndefined();
    expect(applied.body.data.apply.error, JSON.stringify(applied.body.data.apply.error)).toBeNull();
    const applicationId = applied.body.data.apply.applicationId as string;

    // A candidate registers (with the captcha) and logs in.
    const captcha = (await gql('mutation NewCaptcha { newCaptcha { id } }')).body.data.newCaptcha.id as string;
    const answer = (await http().get('/__test/captcha').query({ id: captcha })).body.answer as string;
    const registered = await gql(
      `mutation Register($i: RegisterCandidateInput!) { registerCandidate(input: $i) { ok error { __typename } } }`,
      {
        i: {
          ...REGISTERED,
          emailConfirmation: REGISTERED.email,
          passwordConfirmation: REGISTERED.password,
          captchaId: captcha,
          captchaAnswer: answer,
        },
      },
    );
    expect(registered.body.data.registerCandidate).toEqual({ ok: true, error: null });
    const CANDIDATE_LOGIN = `mutation CandidateLogin($e: String!, $p: String!) {
      candidateLogin(email: $e, password: $p) { viewer { id } error { __typename } } }`;
    const marta = await gql(CANDIDATE_LOGIN, { e: REGISTERED.email, p: REGISTERED.password });
    expect(marta.body.data.candidateLogin.error).toBeNull();
    expect((await gql('query Me { me { id kind } }', {}, cookieOf(marta, 'bolsa_sesion'))).status).toBe(200);

    // The demo candidate logs in and reads her profile.
    const ana = await gql(CANDIDATE_LOGIN, { e: DEMO_CANDIDATE.email, p: DEMO_PASSWORD });
    expect(ana.body.data.candidateLogin.error).toBeNull();
    const anaCookie = cookieOf(ana, 'bolsa_sesion');
    expect((await gql('query Me { me { id kind } }', {}, anaCookie)).body.errors).toBeUndefined();

    // Staff log in, search the list by name, open the candidate, change the state, open the CV.
    const staff = await gql(
      `mutation StaffLogin($u: String!, $p: String!) { staffLogin(username: $u, password: $p) { viewer { id } } }`,
      { u: DEMO.manager, p: DEMO_PASSWORD },
    );
    const staffCookie = cookieOf(staff, 'bolsa_sesion');
    const list = await gql(
      `query Candidates($s: String) { candidates(search: $s) { totalCount items { id fullName } } }`,
      { s: 'Xuc Tzunún' },
      staffCookie,
    );
    expect(list.body.errors).toBeUndefined();
    expect(list.body.data.candidates.items.map((c: { id: string }) => c.id)).toContain(applicationId);
    const detail = await gql(
      `query Candidate($id: ID!) { candidate(id: $id) { id fullName documents { kind name url } } }`,
      { id: applicationId },
      staffCookie,
    );
    expect(detail.body.errors).toBeUndefined();
    const document = (detail.body.data.candidate.documents as { kind: string; name: string; url: string }[]).find(
      (d) => d.kind === 'CURRICULUM',
    )!;
    expect(document.name).toBe(GUEST.cvName);
    const moved = await gql(
      `mutation FollowUp($id: ID!) { startFollowUp(id: $id) { error { __typename } } }`,
      { id: applicationId },
      staffCookie,
    );
    expect(moved.body.errors).toBeUndefined();
    expect(moved.body.data.startFollowUp.error).toBeNull();
    const file = await http().get(document.url).set('cookie', staffCookie);
    expect(file.status).toBe(200);
    expect(String(file.headers['content-disposition'])).toContain('Rosa_Xuc');

    // Both tiers logged, one JSON line each, with request lines and shared request ids.
    const bff = records(stack.logs.bff);
    const api = records(stack.logs.api);
    const bffLines = bff.filter((l) => l.msg === 'solicitud atendida');
    expect(bffLines.map((l) => l.operationName)).toEqual(
      expect.arrayContaining([
        'Apply',
        'Register',
        'CandidateLogin',
        'StaffLogin',
        'Candidates',
        'Candidate',
        'FollowUp',
      ]),
    );
    expect(bffLines).toContainEqual(
      expect.objectContaining({ method: 'GET', route: '/files/candidatos/:scope/:id', status: 200 }),
    );
    const applyLine = bffLines.find((l) => l.operationName === 'Apply')!;
    expect(applyLine).toMatchObject({ method: 'POST', route: '/graphql', status: 200, ms: expect.any(Number) });
    const apiIds = new Set(api.filter((l) => l.msg === 'solicitud atendida').map((l) => l.reqId));
    expect(apiIds.has(applyLine.reqId)).toBe(true);
    expect(bffLines.filter((l) => apiIds.has(l.reqId)).length).toBeGreaterThan(5);

    // And nothing personal, anywhere in either log.
    const everything = [...stack.logs.bff, ...stack.logs.api].join('\n');
    const secrets = [
      GUEST.dpi,
      GUEST.email,
      GUEST.phone,
      'Xuc',
      'Tzun',
      'Rosa',
      REGISTERED.email,
      REGISTERED.dpi,
      REGISTERED.password,
      'Quiñónez',
      'Quin',
      DEMO_CANDIDATE.email,
      DEMO_CANDIDATE.dpi,
      ...DEMO_CANDIDATE.names,
      DEMO_PASSWORD,
      '44556677',
      '33445566',
      'bolsa_sesion=',
      'bolsa_invitado=',
      '@example.com',
      `@${'ejemplo.org.gt'}`,
    ];
    for (const secret of secrets) expect(everything, secret).not.toContain(secret);
    expect(everything).not.toMatch(/\d{13}/);
  }, 120_000);
});
