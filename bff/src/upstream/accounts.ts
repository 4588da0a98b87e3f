import { fieldsOf, id, pick, text } from '../normalise/fields.js';
import { UpstreamHttpError, type Upstream } from './http.js';

/** An answer of the api whether 2xx or not: login and register read the body either way. */
export interface Answer {
  status: number;
  body: unknown;
}

export async function answer(p: Promise<unknown>): Promise<Answer> {
  try {
    return { status: 200, body: await p };
  } catch (err) {
    if (err instanceof UpstreamHttpError) return { status: err.status, body: err.body };
    throw err;
  }
}

/** The api's own message in an answer body, if any. */
export function answerMessage(a: Answer): string | null {
  if (typeof a.body === 'string') return a.body.trim().slice(0, 300) || null;
  return text(pick(fieldsOf(a.body), 'message', 'mensaje', 'error'));
}

export interface SessionState {
  active: boolean;
  role: unknown;
  user: unknown;
}

/**
 * Logins and accounts as sessions need them (spec 1 §7 candidate login and register, spec 2 §7
 * staff login) and the internal session and token checks. Staff user records: staff-users.ts.
 */
export class AccountsClient {
  constructor(private readonly http: Upstream) {}

  candidateLogin(email: string, password: string) {
    return answer(
      this.http.request('/usuarios-candidatos/login', { method: 'POST', json: { Email: email, Password: password } }),
    );
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
    const a = await this.candidateLogin(email, password);
    const body = fieldsOf(a.body);
    const uid = id(pick(fieldsOf(pick(body, 'user', 'usuario')), 'id'));
    if (a.status === 200 && pick(body, 'success') === true && uid === userId) return 'ok';
    return a.status >= 500 ? 'unavailable' : 'wrong';
  }

  register(payload: Record<string, string>) {
    return answer(this.http.request('/usuarios-candidatos/register', { method: 'POST', json: payload }));
  }

  /** Recruiter login: every field of the request is sent, defaults except user and password (spec 2 §3). */
  staffLogin(username: string, password: string) {
    return answer(
      this.http.request('/login', {
        method: 'POST',
        json: { id: 0, nombre: '', usuario_: username, clave: password, estatus: '1', idRol: 0 },
      }),
    );
  }

  /** Whether an account may still hold a session, and its current role (internal call). */
  async sessionState(kind: 'staff' | 'candidate', userId: string): Promise<SessionState | null> {
    const path =
      kind === 'staff' ? `/internal/usuarios/${userId}/sesion` : `/internal/usuarios-candidatos/${userId}/sesion`;
    const a = await answer(this.http.request(path, { timeoutMs: 5_000 }));
    if (a.status === 404) return null;
    if (a.status !== 200) throw new UpstreamHttpError(a.status, a.body);
    const f = fieldsOf(a.body);
    const activeRaw = pick(f, 'activo', 'estatus', 'active');
    return {
      active: activeRaw === true || activeRaw === 1 || activeRaw === '1',
      role: pick(f, 'idrol', 'rol'),
      user: a.body,
    };
  }

  async verifyApiToken(hash: string): Promise<{ id: string; name: string; roleId: number } | null> {
    const a = await answer(this.http.request(`/internal/api-tokens/verificar/${hash}`, { timeoutMs: 5_000 }));
    if (a.status !== 200) return null;
    const f = fieldsOf(a.body);
    if (pick(f, 'revocado') === true) return null;
    const tid = id(pick(f, 'id'));
    return tid ? { id: tid, name: text(pick(f, 'nombre')) ?? 'API', roleId: Number(pick(f, 'idrol')) } : null;
  }
}
