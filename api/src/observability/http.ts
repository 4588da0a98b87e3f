import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { maskPath, SAFE_REQUEST_ID } from '@bolsa/domain';
import { pathOf, type Logger } from '@bolsa/observability';
import type { Request, RequestHandler } from 'express';
import { requestLog } from './logger.js';
import type { ApiMetrics } from './metrics.js';

/**
 * Requests that arrive every few seconds (health probes, each BFF's session-revocation poll four
 * times a second): counted, and logged only when they fail.
 */
const PROBES = new Set(['/livez', '/healthz', '/internal/readyz', '/internal/sesiones/revocaciones']);

/** The route pattern Express matched ('/plazas/:id'), or null when no route answered. */
export function routeOf(req: IncomingMessage): string | null {
  const r = req as Partial<Request>;
  const pattern = r.route?.path as unknown;
  return typeof pattern === 'string' ? `${r.baseUrl ?? ''}${pattern}` : null;
}

/** The request's id: the caller's (the BFF's) when well-formed, else a new one; answered in X-Request-Id. */
function requestId(req: IncomingMessage, res: ServerResponse): string {
  const given = req.headers['x-request-id'];
  const id = typeof given === 'string' && SAFE_REQUEST_ID.test(given) ? given : randomUUID();
  res.setHeader('X-Request-Id', id);
  return id;
}

export interface RequestLoggingOptions {
  logger: Logger;
  /** One line per request (API_LOG); off still gives every request an id and a child logger (req.log). */
  lines: boolean;
  metrics?: ApiMetrics;
}

/**
 * pino-http: a request id (the BFF's, carried as x-request-id), `req.log` bound to it, and one line per
 * answered request with method, route pattern (or the masked path when no route answered), status and
 * milliseconds. Never the query string, a body or a header.
 */
export function requestLogging(o: RequestLoggingOptions): RequestHandler {
  const { metrics } = o;
  const log = requestLog({
    logger: o.logger,
    genReqId: requestId,
    lines: o.lines,
    probes: PROBES,
    fields: (req, res) => ({
      method: req.method,
      route: routeOf(req) ?? maskPath(pathOf(req)),
      status: res.statusCode,
    }),
    answered: metrics
      ? (req, status, seconds) => metrics.request(req.method ?? 'GET', routeOf(req) ?? 'none', status, seconds)
      : undefined,
  });
  return (req, res, next) => log(req, res, next);
}
