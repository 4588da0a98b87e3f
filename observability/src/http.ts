import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import type { LogPrivacy } from './privacy.js';

const STARTED = Symbol('request started');
type Timed = ServerResponse & { [STARTED]?: number };

/** The path asked for, without the mount point Express strips (originalUrl), query string included. */
export const pathOf = (req: IncomingMessage): string =>
  (req as IncomingMessage & { originalUrl?: string }).originalUrl ?? req.url ?? '/';

export interface RequestLogOptions {
  logger: Logger;
  /** The request's id (X-Request-Id rules are the service's); bound to `req.log` and the request's line. */
  genReqId(req: IncomingMessage, res: ServerResponse): string;
  /**
   * What the request's line says besides its duration (`ms`) and `aborted`: method, route pattern
   * or masked path, status… Never a query string, body, cookie or header.
   */
  fields(req: IncomingMessage, res: ServerResponse): Record<string, unknown>;
  /** Paths asked every few seconds (health probes, polls), any query string aside: logged only when they fail. */
  probes: ReadonlySet<string>;
  /** One line per answered request (default on); off still gives every request an id and `req.log`. */
  lines?: boolean;
  /** Called once the answer is finished or cut (status 499 then), with its duration in seconds. */
  answered?(req: IncomingMessage, status: number, seconds: number): void;
}

export type RequestLog = (req: IncomingMessage, res: ServerResponse, next?: () => void) => void;

/**
 * pino-http as both services use it: a request id, `req.log` bound to it, one line per answered
 * request ('solicitud atendida' / 'solicitud fallida', error level from 500 on) with the service's
 * fields and milliseconds, personal keys redacted at the top level.
 */
export function requestLog(
  privacy: Pick<LogPrivacy, 'requestRedactPaths' | 'censor'>,
  o: RequestLogOptions,
): RequestLog {
  const fields = (req: IncomingMessage, res: ServerResponse) => {
    const started = (res as Timed)[STARTED];
    return {
      ...o.fields(req, res),
      ms: started === undefined ? undefined : Math.round((performance.now() - started) * 10) / 10,
      ...(res.writableFinished ? {} : { aborted: true }),
    };
  };
  const logging = pinoHttp({
    logger: o.logger,
    genReqId: o.genReqId,
    // One child logger per request, bound to { reqId } (req.log and the request's line): the request
    // object itself is never bound or logged, and fields() says what the line keeps.
    customAttributeKeys: { req: 'reqId' },
    wrapSerializers: false,
    serializers: { reqId: (req: IncomingMessage & { id?: unknown }) => req.id, res: () => undefined },
    // Redacts top-level keys only: wildcards would cost more than the cached board answer itself.
    // The process logger keeps the full list for everything else.
    redact: { paths: privacy.requestRedactPaths, censor: privacy.censor },
    autoLogging: o.lines ?? true,
    customLogLevel: (req, res, err) => {
      if (err || res.statusCode >= 500) return 'error';
      if (res.statusCode < 400 && o.probes.has(pathOf(req).split('?')[0]!)) return 'silent';
      return 'info';
    },
    customSuccessObject: fields,
    customErrorObject: fields,
    customSuccessMessage: () => 'solicitud atendida',
    customErrorMessage: () => 'solicitud fallida',
  });
  const { answered } = o;
  return (req, res, next) => {
    const started = performance.now();
    (res as Timed)[STARTED] = started;
    if (answered) {
      res.once('close', () => {
        const status = res.writableFinished ? res.statusCode : 499;
        answered(req, status, (performance.now() - started) / 1e3);
      });
    }
    logging(req, res, next);
  };
}
