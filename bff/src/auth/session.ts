import { roleFromId } from '@bolsa/domain';
import { isStaffRole } from '@bolsa/domain';
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { parse as parseCookies } from 'cookie';
import type { Request, Response } from 'express';
import type { RoleId } from '@bolsa/domain';
import { resolveStaffRole, type RoleRules } from '../normalise/role.js';
import type { AccountsClient } from '../upstream/accounts.js';
import type { SessionCache } from './session-cache.js';
import type { SharedStore } from './store.js';
import { secretKey } from './keys.js';
import type { Viewer, ViewerKind } from './viewer.js';
import { actAs } from '../request-id.js';

export const SESSION_COOKIE = 'bolsa_sesion';

export interface SessionPolicy {
  idleMs: number;
  /** Absolute lifetime from login, whatever the activity (12 h). */
  maxAgeMs: number;
  roleRules: RoleRules;
  /** true/false forces the cookie's Secure flag; null follows the request (HTTPS or not). */
  cookieSecure: boolean | null;
}

/** A cookie's value, parsed by `cookie` (a malformed header yields null, never a throw). */
export function cookieValue(req: Request, name: string): string | null {
  const header = req.headers.cookie;
  if (!header) return null;
  try {
    return parseCookies(header)[name] ?? null;
  } catch {
    return null;
  }
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const ID = /^[A-Za-z0-9_-]{43}$/;
const MAC = /^[A-Za-z0-9_-]{32}$/;

const viewerMemo = new WeakMap<Request, Promise<Viewer | null>>();

/**
 * Server-side sessions. The cookie holds only an opaque random id and its HMAC (session key);
 * the session itself (kind, user id, role chosen at login, timestamps) lives in the shared store
 * under the id's SHA-256, and the account's name, role and status are read live on each use.
 * Logout, deactivation and password changes therefore end it on the next request, on every replica.
 */
export class Sessions {
  constructor(
    private readonly key: Buffer,
    private readonly policy: SessionPolicy,
    private readonly store: SharedStore,
    private readonly accounts: AccountsClient,
    /** Keeps a verified API token while the revocation feed is heard (session-cache.ts). */
    private readonly tokenCache?: Pick<SessionCache, 'apiToken'>,
  ) {}

  private mac(id: string): string {
    return createHmac('sha256', secretKey(this.key)).update(`session:${id}`).digest('base64url').slice(0, 32);
  }

  /** The id in a well-formed, authentic cookie; null for anything else (no store lookup). */
  private cookieId(req: Request): string | null {
    const raw = cookieValue(req, SESSION_COOKIE);
    if (!raw || raw.length > 100) return null;
    const [id, mac] = raw.split('.');
    if (!id || !mac || !ID.test(id) || !MAC.test(mac)) return null;
    const expected = Buffer.from(this.mac(id));
    return timingSafeEqual(expected, Buffer.from(mac)) ? id : null;
  }

  /** The caller from `Authorization: Bearer` or the session cookie (computed once per request). */
  viewer(req: Request, res: Response): Promise<Viewer | null> {
    let memo = viewerMemo.get(req);
    if (!memo) {
      memo = this.resolve(req, res).then((v) => {
        actAs(v);
        return v;
      });
      viewerMemo.set(req, memo);
    }
    return memo;
  }

  private async resolve(req: Request, res: Response): Promise<Viewer | null> {
    const auth = req.headers.authorization;
    if (auth?.startsWith('Bearer ')) return this.tokenViewer(auth.slice(7).trim());
    const hadCookie = cookieValue(req, SESSION_COOKIE) !== null;
    const id = this.cookieId(req);
    const used = id ? await this.store.useSession(sha256(id), { idleMs: this.policy.idleMs }) : null;
    if (!used) {
      if (hadCookie) this.clear(req, res);
      return null;
    }
    const kind: ViewerKind = used.kind === 'staff' ? 'STAFF' : 'CANDIDATE';
    let role: RoleId = 4;
    let real: RoleId = 4;
    if (used.kind === 'staff') {
      real = resolveStaffRole(
        { id: used.userId, usuario_: used.account.email, idrol: used.account.roleId },
        this.policy.roleRules,
        'restore',
      );
      // A preview role stays only while it is still lower than the real one.
      role = used.role >= real && roleFromId(used.role) ? (used.role as RoleId) : real;
    }
    return { id: used.userId, kind, role, realRole: real, name: used.account.name, email: used.account.email };
  }

  /** Starts a session for an account that just proved its password; ends the one the browser had. */
  async start(
    req: Request,
    res: Response,
    s: { kind: 'staff' | 'candidate'; uid: string; role: RoleId; real: RoleId; name: string; email: string },
  ): Promise<Viewer | null> {
    const previous = this.cookieId(req);
    if (previous) await this.store.endSession(sha256(previous));
    const id = randomBytes(32).toString('base64url');
    const outcome = await this.store.createSession(
      sha256(id),
      { kind: s.kind, userId: s.uid, role: s.role },
      { lifetimeMs: this.policy.maxAgeMs, idleMs: this.policy.idleMs },
    );
    if (outcome !== 'ok') return null;
    res.cookie(SESSION_COOKIE, `${id}.${this.mac(id)}`, {
      httpOnly: true,
      sameSite: 'lax',
      secure: this.secure(req),
      path: '/',
      maxAge: this.policy.maxAgeMs,
    });
    const kind: ViewerKind = s.kind === 'staff' ? 'STAFF' : 'CANDIDATE';
    const viewer: Viewer = { id: s.uid, kind, role: s.role, realRole: s.real, name: s.name, email: s.email };
    viewerMemo.set(req, Promise.resolve(viewer));
    return viewer;
  }

  /** Ends the session in the store (every replica) and in the browser. */
  async end(req: Request, res: Response): Promise<void> {
    const id = this.cookieId(req);
    if (id) await this.store.endSession(sha256(id));
    viewerMemo.set(req, Promise.resolve(null));
    this.clear(req, res);
  }

  private secure(req: Request): boolean {
    return this.policy.cookieSecure ?? req.secure;
  }

  private clear(req: Request, res: Response) {
    res.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: this.secure(req) });
  }

  /**
   * Verified by the api, and kept by the replica only while it hears the revocation feed: a
   * revoked token stops working within a second on every replica.
   */
  private async tokenViewer(token: string): Promise<Viewer | null> {
    if (!/^bolsa_[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
    const hash = hashToken(token);
    const verify = () => this.accounts.verifyApiToken(hash);
    const t = await (this.tokenCache ? this.tokenCache.apiToken(hash, verify) : verify());
    const role = t && isStaffRole(t.roleId) ? t.roleId : null;
    return t && role
      ? { id: `token:${t.id}`, kind: 'INTEGRATION', role, realRole: role, name: t.name, email: '' }
      : null;
  }
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function newApiToken(): string {
  return `bolsa_${randomBytes(32).toString('base64url')}`;
}
