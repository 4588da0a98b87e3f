import { isValidCui } from '@bolsa/domain/geography';
import { createChallenge, solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startStack, type Stack } from './support.js';

// Issue 20: the registration captcha's accessible alternative (an ALTCHA proof of work) —
// signed by the BFF, valid 5 minutes, single use on every replica.

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
}, 60_000);
afterAll(() => stack?.close());
afterEach(() => {
  vi.useRealTimers();
});

const gql = (query: string, variables: Record<string, unknown> = {}) =>
  request(stack.bff.app).post('/graphql').set('content-type', 'application/json').send({ query, variables });

const REGISTER = `mutation($i: RegisterCandidateInput!) { registerCandidate(input: $i) { ok email error { __typename
  ... on CaptchaFailed { message } ... on ValidationFailed { message } } } }`;
const LOGIN = `mutation($e: String!, $p: String!) { candidateLogin(email: $e, password: $p) { viewer { email kind } } }`;
const WRONG = { __typename: 'CaptchaFailed', message: 'El código de verificación es incorrecto' };

function freshCui(): string {
  for (;;) {
    const cui = `${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}0101`;
    if (isValidCui(cui)) return cui;
  }
}

let n = 0;
function person(captcha: Record<string, unknown>) {
  const email = `accesible.${Date.now()}.${++n}@example.com`;
  return {
    primerNombre: 'Rosa',
    primerApellido: 'Tzul',
    email,
    emailConfirmation: email,
    password: 'secreto1',
    passwordConfirmation: 'secreto1',
    dpi: freshCui(),
    ...captcha,
  };
}

async function newChallenge(): Promise<Challenge> {
  const r = await gql('mutation { newProofOfWork { challenge } }');
  expect(r.body.errors).toBeUndefined();
  return JSON.parse(r.body.data.newProofOfWork.challenge) as Challenge;
}

/** What the widget sends: base64 of { challenge, solution }. */
async function solve(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  expect(solution).not.toBeNull();
  const { codeChallenge: _none, ...rest } = challenge;
  return Buffer.from(JSON.stringify({ challenge: rest, solution })).toString('base64');
}

describe('the accessible alternative to the image captcha', () => {
  it('registers with a solved proof of work instead of the image, and the account logs in', async () => {
    const challenge = await newChallenge();
    expect(challenge.parameters.algorithm).toBe('PBKDF2/SHA-256');
    expect(challenge.signature).toMatch(/^[0-9a-f]+$/);
    const started = performance.now();
    const proof = await solve(challenge);
    // Node's PBKDF2 is quicker than a phone's WebCrypto, but the bound keeps the cost in check.
    expect(performance.now() - started).toBeLessThan(2_000);
    const input = person({ captchaProof: proof });
    const r = await gql(REGISTER, { i: input });
    expect(r.body.data.registerCandidate).toEqual({ ok: true, email: input.email, error: null });
    const login = await gql(LOGIN, { e: input.email, p: 'secreto1' });
    expect(login.body.data.candidateLogin.viewer).toEqual({ email: input.email, kind: 'CANDIDATE' });
  }, 30_000);

  it('refuses a proof used once already (replay), even for another person', async () => {
    const proof = await solve(await newChallenge());
    const first = await gql(REGISTER, { i: person({ captchaProof: proof }) });
    expect(first.body.data.registerCandidate.ok).toBe(true);
    const replay = await gql(REGISTER, { i: person({ captchaProof: proof }) });
    expect(replay.body.data.registerCandidate).toEqual({ ok: false, email: null, error: WRONG });
  }, 30_000);

  it('refuses a proof whose challenge expired (5 minutes)', async () => {
    const proof = await solve(await newChallenge());
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 5 * 60_000 + 1_000 });
    const r = await gql(REGISTER, { i: person({ captchaProof: proof }) });
    expect(r.body.data.registerCandidate).toEqual({ ok: false, email: null, error: WRONG });
  }, 30_000);

  it('refuses a forged challenge, a tampered solution and garbage', async () => {
    // Signed with a key the BFF does not have.
    const forged = await createChallenge({
      algorithm: 'PBKDF2/SHA-256',
      cost: 200,
      counter: 500,
      deriveKey,
      expiresAt: Math.floor(Date.now() / 1000) + 300,
      hmacSignatureSecret: 'una clave que no es la del servidor',
      hmacKeySignatureSecret: 'otra clave que tampoco',
    });
    const a = await gql(REGISTER, { i: person({ captchaProof: await solve(forged) }) });
    expect(a.body.data.registerCandidate.error).toEqual(WRONG);

    // A genuine challenge with an easier difficulty written in: the signature no longer matches.
    const genuine = await newChallenge();
    const easier = { ...genuine, parameters: { ...genuine.parameters, keyPrefix: '00' } };
    delete easier.parameters.keySignature;
    const b = await gql(REGISTER, { i: person({ captchaProof: await solve(easier) }) });
    expect(b.body.data.registerCandidate.error).toEqual(WRONG);

    // The right challenge with a made-up key (the work is proven by the key the signature covers).
    const payload = JSON.parse(Buffer.from(await solve(genuine), 'base64').toString()) as {
      solution: { counter: number; derivedKey: string };
    };
    const k = payload.solution.derivedKey;
    payload.solution.derivedKey = `${k.slice(0, -1)}${k.endsWith('0') ? '1' : '0'}`;
    const c = await gql(REGISTER, {
      i: person({ captchaProof: Buffer.from(JSON.stringify(payload)).toString('base64') }),
    });
    expect(c.body.data.registerCandidate.error).toEqual(WRONG);

    for (const junk of ['', 'no es base64 ni json', Buffer.from('{"challenge":1}').toString('base64')]) {
      const d = await gql(REGISTER, { i: person({ captchaProof: junk }) });
      expect(d.body.data.registerCandidate.error).toEqual(WRONG);
    }
    // Neither the image's answer nor a proof.
    const e = await gql(REGISTER, { i: person({}) });
    expect(e.body.data.registerCandidate.error).toEqual(WRONG);
  }, 60_000);
});
