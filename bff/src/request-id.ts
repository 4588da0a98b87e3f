import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';

/** A client's id is kept only when short and plain; anything else is replaced, never echoed. */
export const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

const current = new AsyncLocalStorage<string>();

/** The id of the request being served (sent to the api on every call it makes), if any. */
export const currentRequestId = (): string | undefined => current.getStore();

export function requestIdOf(req: Request): string {
  return (req as Request & { requestId?: string }).requestId ?? randomUUID();
}

/** Gives every request one id, answered in X-Request-Id and carried to the api, so both logs agree. */
export function requestIdMiddleware(req: Request, res: Response, next: NextFunction) {
  const given = req.get('x-request-id');
  const id = given && SAFE_REQUEST_ID.test(given) ? given : randomUUID();
  (req as Request & { requestId?: string }).requestId = id;
  res.setHeader('X-Request-Id', id);
  current.run(id, next);
}
