import { randomUUID } from 'node:crypto';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { maskPath, SAFE_REQUEST_ID } from '@bolsa/domain';
import type { Request } from 'express';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import type { BffMetrics } from './metrics.js';

const STARTED = Symbol('request started');
const ROUTE = Symbol('route label');
const OPERATION = Symbol('operation label');
type Marked = IncomingMessage & { [ROUTE]?: string; [OPERATION]?: string; id?: unknown };
type Timed = ServerResponse & { [STARTED]?: number };

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

const pathOf = (req: IncomingMessage): string => (req as Partial<Request>).originalUrl ?? req.url ?? '/';

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
 * name; never a query string, body, cookie or header) and the HTTP duration histogram.
 */
export function instrument(handler: RequestListener, o: InstrumentOptions): RequestListener {
  const fields = (req: IncomingMessage, res: ServerResponse) => {
    const started = (res as Timed)[STARTED];
    const operationName = operationOf(req);
    return {
      method: req.method,
      route: routeOf(req) ?? maskPath(pathOf(req)),
      status: res.statusCode,
      ms: started === undefined ? undefined : Math.round((performance.now() - started) * 10) / 10,
      ...(operationName ? { operationName } : {}),
      ...(res.writableFinished ? {} : { aborted: true }),
    };
  };
  const logging = pinoHttp({
    logger: o.logger,
    genReqId: (req, res) => {
      const id = requestIdFor(req, o.trusted);
      res.setHeader('X-Request-Id', id);
      return id;
    },
    quietReqLogger: true,
    quietResLogger: true,
    wrapSerializers: false,
    serializers: { req: () => undefined, res: () => undefined },
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
  const { metrics } = o;
  return (req, res) => {
    const started = performance.now();
    (res as Timed)[STARTED] = started;
    res.once('close', () => {
      const status = res.writableFinished ? res.statusCode : 499;
      const route = routeOf(req) ?? (status < 400 ? 'static' : 'none');
      metrics.request(req.method ?? 'GET', route, status, (performance.now() - started) / 1e3);
    });
    logging(req, res);
    handler(req, res);
  };
}
