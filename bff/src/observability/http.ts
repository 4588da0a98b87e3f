import { randomUUID } from 'node:crypto';
import type { IncomingMessage, RequestListener } from 'node:http';
import { maskPath, SAFE_REQUEST_ID } from '@bolsa/domain';
import { pathOf, type Logger } from '@bolsa/observability';
import type { Request } from 'express';
import { requestLog } from './logger.js';
import type { BffMetrics } from './metrics.js';

const ROUTE = Symbol('route label');
const OPERATION = Symbol('operation label');
const CACHED = Symbol('answered from the shared cache');
type Marked = IncomingMessage & { [ROUTE]?: string; [OPERATION]?: string; [CACHED]?: true; id?: unknown };

/** Probes that arrive every few seconds: counted, and logged only when they fail. */
const PROBES = new Set(['/livez', '/readyz', '/healthz']);

/** Says which route answered when Express's own record cannot (the early cache path, SPA pages). */
export function markRoute(req: IncomingMessage, route: string): void {
  (req as Marked)[ROUTE] = route;
}

/** The GraphQL operation's label (BffMetrics.operationLabel), for the request's log line. */
export function markOperation(req: IncomingMessage, label: string): void {
  (req as Marked)[OPERATION] = label;
}

export const operationOf = (req: IncomingMessage): string | undefined => (req as Marked)[OPERATION];

/**
 * Answered from the public board's shared cache (answer-cache.ts): the same bytes for every
 * anonymous visitor, nothing personal. Such answers are summed up in one log line per second per
 * operation ('respuestas resumidas') instead of a line each: at the board's peak that line was a
 * quarter of the CPU of a cached answer (docs/decisions/2026-11-23-board-answers-before-express.md).
 * They are still counted one by one in the HTTP histogram.
 */
export function markCachedAnswer(req: IncomingMessage): void {
  (req as Marked)[CACHED] = true;
}

/** The route pattern that answered ('/images/:key', '/graphql', '/vacantes/:id'), or null. */
export function routeOf(req: IncomingMessage): string | null {
  const marked = (req as Marked)[ROUTE];
  if (marked) return marked;
  const r = req as Partial<Request>;
  const pattern = r.route?.path as unknown;
  if (typeof pattern === 'string') return `${r.baseUrl ?? ''}${pattern}`;
  // A mounted middleware that answered itself (Apollo under /graphql, static files under /assets).
  return r.baseUrl ? r.baseUrl : null;
}

/** Whether the peer of this connection is a proxy TRUST_PROXY names (Express's compiled rule). */
export type TrustedPeer = (address: string, hop: number) => boolean;

/**
 * The request's id. An incoming X-Request-Id is kept only from a trusted proxy (TRUST_PROXY), which
 * may have logged it already, and only when short and plain; anyone else gets a fresh one, so a
 * client cannot plant ids in our logs. The id goes back in X-Request-Id and to the api on every call.
 */
export function requestIdFor(req: IncomingMessage, trusted: TrustedPeer): string {
  const existing = (req as Marked).id;
  if (typeof existing === 'string') return existing;
  const given = req.headers['x-request-id'];
  const peer = req.socket?.remoteAddress;
  const id =
    typeof given === 'string' && SAFE_REQUEST_ID.test(given) && peer && trusted(peer, 0) ? given : randomUUID();
  (req as Marked).id = id;
  return id;
}

export interface InstrumentOptions {
  logger: Logger;
  metrics: BffMetrics;
  trusted: TrustedPeer;
}

/**
 * Wraps the whole public handler (the early cache path and Express alike): a request id, `req.log`
 * bound to it (pino-http), one log line per answer (method, route, status, ms, GraphQL operation
 * name; never a query string, body, cookie or header) — answers from the board's shared cache
 * summed up per second instead (markCachedAnswer) — and the HTTP duration histogram.
 */
export function instrument(handler: RequestListener, o: InstrumentOptions): RequestListener {
  const { metrics } = o;
  const log = requestLog({
    logger: o.logger,
    // X-Request-Id goes out with the answer: requestIdMiddleware sets it for Express, the early cache
    // path writes it with its captured headers.
    genReqId: (req) => requestIdFor(req, o.trusted),
    probes: PROBES,
    fields: (req, res) => {
      const operationName = operationOf(req);
      return {
        method: req.method,
        route: routeOf(req) ?? maskPath(pathOf(req)),
        status: res.statusCode,
        ...(operationName ? { operationName } : {}),
      };
    },
    summarised: (req) =>
      (req as Marked)[CACHED]
        ? { route: routeOf(req) ?? '/graphql', operationName: operationOf(req) ?? '', origin: 'caché compartida' }
        : undefined,
    answered: (req, status, seconds) =>
      metrics.request(req.method ?? 'GET', routeOf(req) ?? (status < 400 ? 'static' : 'none'), status, seconds),
  });
  return (req, res) => {
    log(req, res);
    handler(req, res);
  };
}
