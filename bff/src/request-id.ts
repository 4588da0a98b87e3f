import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
// The module, not the index: the index reaches upstream/, which reaches back here (no cycles).
import { requestIdFor, type TrustedPeer } from './observability/http.js';

const current = new AsyncLocalStorage<string>();

/** The id of the request being served (sent to the api on every call it makes), if any. */
export const currentRequestId = (): string | undefined => current.getStore();

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
  current.run(id, next);
}
