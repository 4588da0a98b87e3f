import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash, randomUUID } from 'node:crypto';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_PATTERN, IDEMPOTENCY_MESSAGES } from '@bolsa/domain';
import type { NextFunction, Request, Response } from 'express';
// The module, not the index: the index reaches upstream/, which reaches back here (no cycles).
import { requestIdFor, type TrustedPeer } from './observability/http.js';

/** What the api hears about the request being served, on every call made for it. */
interface RequestScope {
  id: string;
  /** The browser's address (Express's req.ip: TRUST_PROXY applied), for the audit log. */
  address: string | null;
  /** 'usuario:12' (a staff session) or 'token:3' (an API token), once the viewer is known. */
  actor: string | null;
  /** The browser's Idempotency-Key on /graphql, if it sent one (idempotencyKeyMiddleware). */
  idempotencyKey: string | null;
  /** How many writes this request has sent per 'METHOD path', for the derived keys. */
  writes: Map<string, number>;
}

const current = new AsyncLocalStorage<RequestScope>();

/** The id of the request being served (sent to the api on every call it makes), if any. */
export const currentRequestId = (): string | undefined => current.getStore()?.id;

/**
 * The headers that tell the api who acts and from where (its audit log). The api trusts them
 * because only the BFF holds the service token.
 */
export function auditHeaders(): Record<string, string> {
  const s = current.getStore();
  if (!s) return {};
  return {
    ...(s.actor ? { 'x-bolsa-actor': s.actor } : {}),
    ...(s.address ? { 'x-bolsa-client-address': s.address } : {}),
  };
}

/** Records who acts in this request (the sessions, once they know the viewer). Candidates and guests: no one. */
export function actAs(viewer: { id: string; kind: string } | null): void {
  const s = current.getStore();
  if (!s) return;
  if (viewer?.kind === 'STAFF' && /^\d{1,10}$/.test(viewer.id)) s.actor = `usuario:${viewer.id}`;
  else if (viewer?.kind === 'INTEGRATION' && /^token:\d{1,10}$/.test(viewer.id)) s.actor = viewer.id;
  else s.actor = null;
}

export function requestIdOf(req: Request): string {
  return (req as Request & { requestId?: string }).requestId ?? randomUUID();
}

/**
 * Gives every request one id (the one the instrumented handler chose, else by the same rule: a
 * trusted proxy's X-Request-Id or a new one), answered in X-Request-Id and carried to the api, so
 * both logs agree.
 */
export function requestIdMiddleware(req: Request, res: Response, next: NextFunction) {
  const trusted = req.app.get('trust proxy fn') as TrustedPeer;
  const id = requestIdFor(req, trusted);
  (req as Request & { requestId?: string }).requestId = id;
  res.setHeader('X-Request-Id', id);
  current.run({ id, address: req.ip ?? null, actor: null, idempotencyKey: null, writes: new Map() }, next);
}

/**
 * Keeps the browser's `Idempotency-Key` (docs/decisions/2026-11-29-idempotent-writes.md) for the
 * api writes of this GraphQL request. A malformed key is refused (400) rather than ignored: the
 * client asked for a write carried out at most once, and silently dropping the key would repeat it.
 */
export function idempotencyKeyMiddleware(req: Request, res: Response, next: NextFunction) {
  const key = req.get(IDEMPOTENCY_HEADER);
  if (key === undefined) {
    next();
    return;
  }
  if (!IDEMPOTENCY_KEY_PATTERN.test(key)) {
    res.status(400).json({
      errors: [{ message: IDEMPOTENCY_MESSAGES.keyInvalid, extensions: { code: 'BAD_USER_INPUT' } }],
    });
    return;
  }
  const s = current.getStore();
  if (s) s.idempotencyKey = key;
  next();
}

/**
 * The key to send with an api write of this request, if the browser gave one: derived from its key,
 * the call's method and path and how many such calls came before in this request, so the same
 * mutation retried maps each of its api calls to the same key (and two calls never share one).
 */
export function idempotencyKeyFor(method: string, path: string): string | undefined {
  const s = current.getStore();
  if (!s?.idempotencyKey) return undefined;
  const call = `${method} ${path}`;
  const n = (s.writes.get(call) ?? 0) + 1;
  s.writes.set(call, n);
  return createHash('sha256').update(`${s.idempotencyKey}:${call}#${n}`).digest('base64url');
}
