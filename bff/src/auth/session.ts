import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Request, Response } from 'express';
import type { RoleId } from '@bolsa/domain';
import { fieldsOf, pick, text } from '../normalise/fields.js';
import { resolveStaffRole, type RoleRules } from '../normalise/role.js';
import type { AccountsClient } from '../upstream/accounts.js';
import { open, seal } from './seal.js';
import type { Viewer, ViewerKind } from './viewer.js';

export const SESSION_COOKIE = 'bolsa_sesion';

/** What the sealed cookie holds. No token is kept server-side: the BFF stays stateless. */
interface Claims {
  v: 1;
  k: 'staff' | 'candidate';
  uid: string;
  role: RoleId;
  real: RoleId;
  name: string;
  email: string;
  /** Last activity, last account check (ms). */
  seen: number;
  chk: number;
}

export interface SessionPolicy {
  idleMs: number;
  /** How often the account is re-checked (deactivation, role change): 30 s. */
  recheckMs: number;
  roleRules: RoleRules;
}

/** The session secret: SESSION_SECRET, else a key generated once under DATA_DIR. */
export function loadSessionKey(secret: string | undefined, dataDir: string): Buffer {
  if (secret) return createHash('sha256').update(secret).digest();
  const file = path.join(dataDir, 'session-secret');
  try {
    return Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
  } catch {
    const key = randomBytes(32);
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, key.toString('hex'), { mode: 0o600 });
    return key;
  }
}

const tokenCache = new Map<string, { at: number; viewer: Viewer | null }>();

export class Sessions {
  constructor(
    private readonly key: Buffer,
    private readonly policy: SessionPolicy,
    private readonly accounts: AccountsClient,
  ) {}

  /** The caller from `Authorization: Bearer` or the session cookie, refreshing the cookie. */
  async viewer(req: Request, res: Response): Promise<Viewer | null> {
    const auth = req.headers.authorization;
    if (auth?.startsWith('Bearer ')) return this.tokenViewer(auth.slice(7).trim());
    const claims = open<Claims>(readCookie(req, SESSION_COOKIE), this.key);
    if (!claims || claims.v !== 1) return null;
    const now = Date.now();
    if (now - claims.seen > this.policy.idleMs) {
      this.end(req, res);
      return null;
    }
    let next: Claims = { ...claims, seen: now };
    if (now - claims.chk > this.policy.recheckMs) {
      const state = await this.accounts.sessionState(claims.k, claims.uid);
      if (!state || !state.active) {
        this.end(req, res);
        return null;
      }
      const real =
        claims.k === 'candidate'
          ? 4
          : resolveStaffRole({ ...fieldsOfObject(state.user), idrol: state.role }, this.policy.roleRules, 'restore');
      // A preview role stays only while it is still lower than the real one.
      const role = claims.role >= real ? claims.role : real;
      next = { ...next, real, role: claims.k === 'candidate' ? 4 : role, chk: now };
    }
    // Re-seal at most every 5 s of activity: enough precision for a 15-minute idle limit.
    if (next.chk !== claims.chk || now - claims.seen > 5_000) this.write(req, res, next);
    return toViewer(next);
  }

  start(
    req: Request,
    res: Response,
    s: { kind: 'staff' | 'candidate'; uid: string; role: RoleId; real: RoleId; name: string; email: string },
  ): Viewer {
    const now = Date.now();
    const claims: Claims = {
      v: 1,
      k: s.kind,
      uid: s.uid,
      role: s.role,
      real: s.real,
      name: s.name,
      email: s.email,
      seen: now,
      chk: now,
    };
    this.write(req, res, claims);
    return toViewer(claims);
  }

  end(req: Request, res: Response): void {
    res.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: req.secure });
  }

  private write(req: Request, res: Response, claims: Claims) {
    res.cookie(SESSION_COOKIE, seal(claims, this.key), {
      httpOnly: true,
      sameSite: 'lax',
      secure: req.secure,
      path: '/',
      // The browser may keep it a while; the server decides by `seen` whether it still counts.
      maxAge: 12 * 3600_000,
    });
  }

  private async tokenViewer(token: string): Promise<Viewer | null> {
    if (!/^bolsa_[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
    const hash = hashToken(token);
    const cached = tokenCache.get(hash);
    if (cached && Date.now() - cached.at < this.policy.recheckMs) return cached.viewer;
    const t = await this.accounts.verifyApiToken(hash);
    const role = t && [1, 2, 3].includes(t.roleId) ? (t.roleId as RoleId) : null;
    const viewer: Viewer | null =
      t && role ? { id: `token:${t.id}`, kind: 'INTEGRATION', role, realRole: role, name: t.name, email: '' } : null;
    tokenCache.set(hash, { at: Date.now(), viewer });
    if (tokenCache.size > 10_000) tokenCache.delete(tokenCache.keys().next().value!);
    return viewer;
  }
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function newApiToken(): string {
  return `bolsa_${randomBytes(32).toString('base64url')}`;
}

function fieldsOfObject(raw: unknown): Record<string, unknown> {
  return raw && typeof raw === 'object' ? { ...(raw as Record<string, unknown>) } : {};
}

function toViewer(c: Claims): Viewer {
  const kind: ViewerKind = c.k === 'staff' ? 'STAFF' : 'CANDIDATE';
  return { id: c.uid, kind, role: c.role, realRole: c.real, name: c.name, email: c.email };
}

export function readCookie(req: Request, name: string): string | null {
  const header = req.headers.cookie;
  if (!header) return null;
  for (const part of header.split(';')) {
    const i = part.indexOf('=');
    if (i > 0 && part.slice(0, i).trim() === name) return decodeURIComponent(part.slice(i + 1).trim());
  }
  return null;
}

/** Display name of an account answer: nombre, nombre_completo, or the name parts. */
export function displayName(user: unknown): string {
  const f = fieldsOf(user);
  return (
    text(pick(f, 'nombre_completo', 'nombreCompleto', 'nombre')) ??
    [pick(f, 'primer_nombre'), pick(f, 'primer_apellido')].map(text).filter(Boolean).join(' ')
  );
}
