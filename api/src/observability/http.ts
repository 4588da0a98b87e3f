import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { maskPath, SAFE_REQUEST_ID } from '@bolsa/domain';
import type { Request, RequestHandler } from 'express';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import type { ApiMetrics } from './metrics.js';

/** Probes that arrive every few seconds: counted, and logged only when they fail. */
const PROBES = new Set(['/healthz', '/internal/readyz']);

const STARTED = Symbol('request started');
type Timed = ServerResponse & { [STARTED]?: number };

/** The route pattern Express matched ('/plazas/:id'), or null when no route answered. */
export function routeOf(req: IncomingMessage): string | null {
  const r = req as Partial<Request>;
  const pattern = r.route?.path as unknown;
  return typeof pattern === 'string' ? `${r.baseUrl ?? ''}${pattern}` : null;
}

const pathOf = (req: IncomingMessage): string => (req as Partial<Request>).originalUrl ?? req.url ?? '/';

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
  const fields = (req: IncomingMessage, res: ServerResponse) => {
    const started = (res as Timed)[STARTED];
    return {
      method: req.method,
      route: routeOf(req) ?? maskPath(pathOf(req)),
      status: res.statusCode,
      ms: started === undefined ? undefined : Math.round((performance.now() - started) * 10) / 10,
      ...(res.writableFinished ? {} : { aborted: true }),
    };
  };
  const logging = pinoHttp({
    logger: o.logger,
    genReqId: requestId,
    quietReqLogger: true,
    quietResLogger: true,
    // No request or response object in any line: fields() says what is kept.
    wrapSerializers: false,
    serializers: { req: () => undefined, res: () => undefined },
    autoLogging: o.lines,
    customLogLevel: (req, res, err) => {
      if (err || res.statusCode >= 500) return 'error';
      if (res.statusCode < 400 && PROBES.has(pathOf(req))) return 'silent';
      return 'info';
    },
    customSuccessObject: fields,
    customErrorObject: fields,
    customSuccessMessage: () => 'solicitud atendida',
    customErrorMessage: () => 'solicitud fallida',
  });
  return (req, res, next) => {
    (res as Timed)[STARTED] = performance.now();
    if (o.metrics) {
      const metrics = o.metrics;
      res.once('close', () => {
        const status = res.writableFinished ? res.statusCode : 499;
        metrics.request(
          req.method,
          routeOf(req) ?? 'none',
          status,
          (performance.now() - (res as Timed)[STARTED]!) / 1e3,
        );
      });
    }
    logging(req, res, next);
  };
}
