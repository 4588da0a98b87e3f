import { registrationFailedMessage } from '@bolsa/domain';
import {
  answerText,
  apiTokenBody,
  loginBody,
  registrationBody,
  sessionStateBody,
  toRestCandidateLogin,
  toRestRegistration,
  toRestStaffLogin,
  type LoginBody,
  type Registration,
} from '../normalise/account.js';
import { failureOf, type Failure } from './failure.js';
import { UpstreamHttpError, type Upstream } from './http.js';

/** An answer of the api whether 2xx or not: login and register read the body either way. */
interface Answer {
  status: number;
  body: unknown;
}

async function answer(p: Promise<unknown>): Promise<Answer> {
  try {
    return { status: 200, body: await p };
  } catch (err) {
    if (err instanceof UpstreamHttpError) return { status: err.status, body: err.body };
    throw err;
  }
}

/** A login attempt: the account it opens, or why not (the api's own message when it gave one). */
export type LoginOutcome =
  | { ok: true; account: LoginBody & { userId: string } }
  | { ok: false; reason: 'INVALID_CREDENTIALS' | 'INACTIVE'; message: string | null };

/** A registration: done, refused as a conflict (with the api's conflict code) or failed. */
export type RegisterOutcome =
  | { ok: true }
  | { ok: false; reason: 'CONFLICT'; conflict: string | null; message: string }
  | { ok: false; reason: 'FAILED'; message: string; failure: Failure };

export interface SessionState {
  active: boolean;
  role: unknown;
  user: unknown;
}

function loginOutcome(a: Answer): LoginOutcome {
  const b = loginBody(a.body);
  if (a.status === 200 && b.success && b.userId) return { ok: true, account: { ...b, userId: b.userId } };
  if (a.status >= 500) throw new Error(`login: api ${a.status}`);
  return { ok: false, reason: a.status === 403 ? 'INACTIVE' : 'INVALID_CREDENTIALS', message: answerText(a.body) };
}

/**
 * Logins and accounts as sessions need them (spec 1 §7 candidate login and register, spec 2 §7
 * staff login) and the internal session and token checks. Staff user records: staff-users.ts.
 */
export class AccountsClient {
  constructor(private readonly http: Upstream) {}

  private candidateAnswer(email: string, password: string) {
    return answer(
      this.http.request('/usuarios-candidatos/login', {
        method: 'POST',
        json: toRestCandidateLogin(email, password),
        idempotent: false, // a password check, not a write to carry out once
      }),
    );
  }

  /** A candidate login; an api failure (5xx, unreachable) throws. */
  async candidateLogin(email: string, password: string): Promise<LoginOutcome> {
    return loginOutcome(await this.candidateAnswer(email, password));
  }

  /**
   * Whether `password` is the candidate account's own (the login call, for 'Mis datos'
   * confirmations): 'ok', 'wrong', or 'unavailable' when the api cannot tell.
   */
  async verifyCandidatePassword(
    email: string,
    password: string,
    userId: string,
  ): Promise<'ok' | 'wrong' | 'unavailable'> {
    const a = await this.candidateAnswer(email, password);
    const b = loginBody(a.body);
    if (a.status === 200 && b.success && b.userId === userId) return 'ok';
    return a.status >= 500 ? 'unavailable' : 'wrong';
  }

  async register(input: Registration): Promise<RegisterOutcome> {
    const a = await answer(
      this.http.request('/usuarios-candidatos/register', {
        method: 'POST',
        json: toRestRegistration(input),
        idempotent: false, // a repeat is answered as a conflict already (the account exists)
      }),
    );
    if (typeof a.body === 'string') {
      const message = `Error del servidor: ${a.body.slice(0, 200)}`;
      return { ok: false, reason: 'FAILED', message, failure: failureOf(a.status, a.body) };
    }
    const b = registrationBody(a.body);
    if (a.status >= 200 && a.status < 300 && !b.refused) return { ok: true };
    const message = answerText(a.body) ?? registrationFailedMessage(a.status);
    if (b.conflict || a.status === 409) return { ok: false, reason: 'CONFLICT', conflict: b.conflict, message };
    const failure = failureOf(a.status, a.body);
    return { ok: false, reason: 'FAILED', message, failure };
  }

  /** Recruiter login; an api failure (5xx, unreachable) throws. */
  async staffLogin(username: string, password: string): Promise<LoginOutcome> {
    return loginOutcome(
      await answer(
        this.http.request('/login', { method: 'POST', json: toRestStaffLogin(username, password), idempotent: false }),
      ),
    );
  }

  /** Whether an account may still hold a session, and its current role (internal call). */
  async sessionState(kind: 'staff' | 'candidate', userId: string): Promise<SessionState | null> {
    const path =
      kind === 'staff' ? `/internal/usuarios/${userId}/sesion` : `/internal/usuarios-candidatos/${userId}/sesion`;
    const a = await answer(this.http.request(path, { timeoutMs: 5_000 }));
    if (a.status === 404) return null;
    if (a.status !== 200) throw new UpstreamHttpError(a.status, a.body);
    return sessionStateBody(a.body);
  }

  async verifyApiToken(hash: string): Promise<{ id: string; name: string; roleId: number } | null> {
    const a = await answer(this.http.request(`/internal/api-tokens/verificar/${hash}`, { timeoutMs: 5_000 }));
    if (a.status !== 200) return null;
    return apiTokenBody(a.body);
  }
}
