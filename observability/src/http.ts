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
  /**
   * Requests answered from a shared cache that holds nothing personal (the BFF's public board):
   * the fields naming their group (route, operation), or undefined for a request like any other.
   * Such a request gets no line of its own unless it fails (500 on); instead each group gets one
   * line per `summaryMs` ('respuestas resumidas': how many, by status, and the slowest).
   */
  summarised?(req: IncomingMessage): Record<string, string> | undefined;
  /** How often the summary lines are written (default 1,000 ms). */
  summaryMs?: number;
}

export type RequestLog = (req: IncomingMessage, res: ServerResponse, next?: () => void) => void;

interface Summary {
  fields: Record<string, string>;
  answers: number;
  byStatus: Record<string, number>;
  maxMs: number;
}

/**
 * The summary lines of `summarised` requests: counted as they finish, written every `everyMs`
 * (a timer that never keeps the process alive; what was counted in the last interval before the
 * process stops is not written).
 */
function summaries(logger: Logger, everyMs: number) {
  const groups = new Map<string, Summary>();
  let timer: NodeJS.Timeout | undefined;
  const write = () => {
    timer = undefined;
    for (const g of groups.values())
      logger.info(
        { ...g.fields, answers: g.answers, byStatus: g.byStatus, maxMs: g.maxMs, everyMs },
        'respuestas resumidas',
      );
    groups.clear();
  };
  return (fields: Record<string, string>, status: number, ms: number) => {
    const key = JSON.stringify(fields);
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { fields, answers: 0, byStatus: {}, maxMs: 0 }));
    g.answers++;
    g.byStatus[status] = (g.byStatus[status] ?? 0) + 1;
    if (ms > g.maxMs) g.maxMs = ms;
    timer ??= setTimeout(write, everyMs).unref();
  };
}

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
      if (o.summarised?.(req)) return 'silent';
      if (res.statusCode < 400 && o.probes.has(pathOf(req).split('?')[0]!)) return 'silent';
      return 'info';
    },
    customSuccessObject: fields,
    customErrorObject: fields,
    customSuccessMessage: () => 'solicitud atendida',
    customErrorMessage: () => 'solicitud fallida',
  });
  const { answered, summarised } = o;
  const summary = summarised && summaries(o.logger, o.summaryMs ?? 1_000);
  return (req, res, next) => {
    const started = performance.now();
    (res as Timed)[STARTED] = started;
    if (answered || summary) {
      res.once('close', () => {
        const status = res.writableFinished ? res.statusCode : 499;
        const seconds = (performance.now() - started) / 1e3;
        answered?.(req, status, seconds);
        // Asked once the answer is done: the handler has said by then whether it came from the cache.
        // A failed or cut answer has its own line (customLogLevel) and is not counted here.
        const group = status < 499 ? summarised?.(req) : undefined;
        if (summary && group) summary(group, status, Math.round(seconds * 1e4) / 10);
      });
    }
    logging(req, res, next);
  };
}
