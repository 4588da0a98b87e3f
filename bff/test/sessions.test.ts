import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, DEMO_PASSWORD } from './roles.js';
import { startStack, type Stack } from './support.js';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ sessionIdleMs: 1_000 });
});
afterAll(() => stack?.close());

const gql = (query: string, variables: Record<string, unknown> = {}, cookie?: string) => {
  const r = request(stack.bff.app).post('/graphql').set('content-type', 'application/json');
  if (cookie) r.set('cookie', cookie);
  return r.send({ query, variables });
};
const STAFF_LOGIN = `mutation($u: String!, $p: String!, $f: Role) { r: staffLogin(username: $u, password: $p, forceRole: $f) {
  viewer { id name role realRole kind idleTimeoutSeconds } error { __typename ... on InvalidCredentials { message } ... on Throttled { message retryAfterSeconds } } } }`;
const sessionCookie = (res: request.Response) =>
  ((res.headers['set-cookie'] as unknown as string[]) ?? []).find((c) => c.startsWith('bolsa_sesion='));

describe('staff and candidate sessions', () => {
  it('sets an HttpOnly, SameSite=Lax cookie and keeps nothing readable in it', async () => {
    const res = await gql(STAFF_LOGIN, { u: DEMO.manager, p: DEMO_PASSWORD });
    expect(res.body.data.r.viewer).toMatchObject({
      role: 'MANAGER',
      realRole: 'MANAGER',
      kind: 'STAFF',
      idleTimeoutSeconds: 1,
    });
    const cookie = sessionCookie(res)!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toContain('gestor');
    const me = await gql('{ me { email role } }', {}, cookie.split(';')[0]);
    expect(me.body.data.me).toEqual({ email: DEMO.manager, role: 'MANAGER' });
  });

  it('ends the session after the idle time, enforced by the server', async () => {
    const cookie = sessionCookie(await gql(STAFF_LOGIN, { u: DEMO.viewer, p: DEMO_PASSWORD }))!.split(';')[0];
    await new Promise((r) => setTimeout(r, 1_300));
    const me = await gql('{ me { id } }', {}, cookie);
    expect(me.body.data.me).toBeNull();
    expect((await gql('{ staffUsers { id } }', {}, cookie)).body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
  });

  it("lets 'Forzar rol' lower the role but never raise it", async () => {
    const lowered = await gql(STAFF_LOGIN, { u: DEMO.admin, p: DEMO_PASSWORD, f: 'VIEWER' });
    expect(lowered.body.data.r.viewer).toMatchObject({ role: 'VIEWER', realRole: 'ADMIN' });
    const cookie = sessionCookie(lowered)!.split(';')[0];
    expect((await gql('{ staffUsers { id } }', {}, cookie)).body.errors[0].extensions.code).toBe('FORBIDDEN');
    const raised = await gql(STAFF_LOGIN, { u: DEMO.viewer, p: DEMO_PASSWORD, f: 'ADMIN' });
    expect(raised.body.data.r.viewer).toMatchObject({ role: 'VIEWER', realRole: 'VIEWER' });
  });

  it('accepts an API token as Bearer, shown once and stored hashed, until revoked', async () => {
    const admin = sessionCookie(await gql(STAFF_LOGIN, { u: DEMO.admin, p: DEMO_PASSWORD }))!.split(';')[0];
    const created = await gql(
      'mutation { createApiToken(name: "Integración RRHH", role: VIEWER) { token apiToken { id name role revoked } error { __typename } } }',
      {},
      admin,
    );
    const { token, apiToken } = created.body.data.createApiToken;
    expect(token).toMatch(/^bolsa_/);
    expect(apiToken).toMatchObject({ name: 'Integración RRHH', role: 'VIEWER', revoked: false });
    const listed = await gql('{ apiTokens { id name } }', {}, admin);
    expect(JSON.stringify(listed.body)).not.toContain(token);
    const bearer = (q: string) =>
      request(stack.bff.app).post('/graphql').set('authorization', `Bearer ${token}`).send({ query: q });
    expect((await bearer('{ me { kind role } }')).body.data.me).toEqual({ kind: 'INTEGRATION', role: 'VIEWER' });
    expect((await bearer('{ staffUsers { id } }')).body.errors[0].extensions.code).toBe('FORBIDDEN');
    await gql(`mutation { revokeApiToken(id: "${apiToken.id}") { ok } }`, {}, admin);
    expect((await bearer('{ me { kind } }')).body.data.me).toBeNull();
  });

  it('throttles ten wrong passwords in a row for one account with the generic message', async () => {
    const answers = [];
    for (let i = 0; i < 10; i++)
      answers.push((await gql(STAFF_LOGIN, { u: DEMO.admin, p: `mal-${i}` })).body.data.r.error);
    expect(
      answers
        .slice(0, 5)
        .every((e) => e.__typename === 'InvalidCredentials' && e.message === 'Credenciales incorrectas'),
    ).toBe(true);
    expect(answers.slice(5).every((e) => e.__typename === 'Throttled')).toBe(true);
    // Even the right password waits out the window.
    expect((await gql(STAFF_LOGIN, { u: DEMO.admin, p: DEMO_PASSWORD })).body.data.r.error.__typename).toBe(
      'Throttled',
    );
  });

  it('refuses a cross-site request carrying the cookie, and simple form posts', async () => {
    const cookie = sessionCookie(await gql(STAFF_LOGIN, { u: DEMO.manager, p: DEMO_PASSWORD }))!.split(';')[0]!;
    const crossSite = await request(stack.bff.app)
      .post('/graphql')
      .set('origin', 'https://sitio-malicioso.example')
      .set('cookie', cookie)
      .send({ query: '{ me { id } }' });
    expect(crossSite.status).toBe(403);
    const form = await request(stack.bff.app)
      .post('/graphql')
      .set('cookie', cookie)
      .type('form')
      .send({ query: 'mutation { logout }' });
    expect(form.status).toBe(400);
  });

  it('registers a candidate with a server-checked, single-use captcha, then logs in', async () => {
    const cap = (await gql('mutation { newCaptcha { id image } }')).body.data.newCaptcha;
    expect(cap.image).toMatch(/^data:image\/png;base64,/);
    const answer = (await request(stack.bff.app).get('/__test/captcha').query({ id: cap.id })).body.answer as string;
    expect(answer).toMatch(/^[A-Z0-9]{6}$/);
    const input = {
      primerNombre: 'María',
      primerApellido: 'Xol',
      email: 'maria.xol@example.com',
      emailConfirmation: 'maria.xol@example.com',
      password: 'secreto1',
      passwordConfirmation: 'secreto1',
      dpi: '2476 4596 8',
      captchaId: cap.id,
      captchaAnswer: answer.toLowerCase(),
    };
    const REGISTER = `mutation($i: RegisterCandidateInput!) { registerCandidate(input: $i) { ok email error { __typename
      ... on ValidationFailed { message } ... on CaptchaFailed { message } ... on RegistrationConflict { conflict message } } } }`;
    const invalidDpi = await gql(REGISTER, { i: input });
    expect(invalidDpi.body.data.registerCandidate.error).toEqual({
      __typename: 'ValidationFailed',
      message: 'El CUI/DPI no es válido. Revisa los 13 dígitos.',
    });
    // The captcha was spent by that attempt.
    const reused = await gql(REGISTER, { i: { ...input, dpi: '1580352240101' } });
    expect(reused.body.data.registerCandidate.error).toEqual({
      __typename: 'CaptchaFailed',
      message: 'El código de verificación es incorrecto',
    });

    const fresh = (await gql('mutation { newCaptcha { id } }')).body.data.newCaptcha.id;
    const freshAnswer = (await request(stack.bff.app).get('/__test/captcha').query({ id: fresh })).body.answer;
    const taken = await gql(REGISTER, {
      i: { ...input, dpi: '1580352240101', captchaId: fresh, captchaAnswer: freshAnswer },
    });
    expect(taken.body.data.registerCandidate.error).toMatchObject({
      __typename: 'RegistrationConflict',
      conflict: 'DPI_TITULAR',
    });
  });
});
