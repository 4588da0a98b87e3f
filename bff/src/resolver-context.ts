import type { Request, Response } from 'express';
import type { Viewer } from './auth/viewer.js';
import type { Context, Services } from './context.js';
import { createLoaders } from './loaders.js';
import { guestOwner } from './uploads/guest.js';

/**
 * The context Apollo holds: the resolvers' Context plus the raw request, which only the server's
 * own plugins (request id, operation metrics) read; resolvers are typed with Context and never see it.
 */
export type ServerContext = Context & { req: Request };

/** The resolver context of one GraphQL request: Express's request and response stay here. */
export function resolverContext(
  services: Services,
  req: Request,
  res: Response,
  viewer: Viewer | null,
  requestId: string,
): ServerContext {
  const { http, sessions, ...rest } = services;
  return {
    ...rest,
    viewer,
    requestId,
    loaders: createLoaders(services),
    clientAddress: req.ip ?? '',
    guestOwner: guestOwner(req, null),
    session: { start: (s) => sessions.start(req, res, s), end: () => sessions.end(req, res) },
    apiHealthy: () => http.healthy(),
    retryAfter: (seconds) => void res.setHeader('Retry-After', String(Math.max(1, Math.ceil(seconds)))),
    req,
  };
}
