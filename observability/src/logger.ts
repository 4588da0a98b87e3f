import { createRequire } from 'node:module';
import { Writable } from 'node:stream';
import { pino, type DestinationStream, type Logger, type LoggerOptions } from 'pino';

import { requestLog, type RequestLog, type RequestLogOptions } from './http.js';
import type { LogPrivacy } from './privacy.js';

export type { Logger } from 'pino';

export interface LogSettings {
  /** LOG_LEVEL: fatal, error, warn, info (default), debug, trace or silent. */
  level?: string;
  /**
   * Human-readable lines through pino-pretty (a development tool, never loaded otherwise).
   * Default: LOG_PRETTY when set, else on outside production when stdout is a terminal.
   */
  pretty?: boolean;
  /** Where JSON lines go (tests capture them); default stdout. */
  destination?: DestinationStream;
}

const LEVELS = new Set(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']);

/** The settings the environment asks for: LOG_LEVEL, LOG_PRETTY, NODE_ENV and whether stdout is a terminal. */
export function logSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): LogSettings {
  const level = env.LOG_LEVEL?.trim().toLowerCase();
  const prettyVar = env.LOG_PRETTY?.trim().toLowerCase();
  const pretty =
    prettyVar === 'true' || prettyVar === '1'
      ? true
      : prettyVar === 'false' || prettyVar === '0'
        ? false
        : env.NODE_ENV !== 'production' && process.stdout.isTTY === true;
  return { level: level && LEVELS.has(level) ? level : 'info', pretty };
}

/** pino-pretty when it is installed (a root devDependency); null in a production install. */
function prettyTarget(): string | null {
  try {
    return createRequire(import.meta.url).resolve('pino-pretty');
  } catch {
    return null;
  }
}

export interface Logging {
  /**
   * The process's logger: JSON lines (level as a word, ISO time, service name) with personal data
   * redacted by key. Messages and the fields code passes must carry no personal data in the first
   * place; redaction is the net under that rule.
   */
  createLogger(service: string, settings?: LogSettings): Logger;
  /** A logger writing JSON lines into `lines` (tests: what would reach stdout, to grep it). */
  capturingLogger(service: string, lines: string[], level?: string): Logger;
  /** One logger per service and process from the environment, for code started without one (tests, scripts). */
  processLogger(service: string): Logger;
  /** The per-request logger (pino-http) with the same privacy rules: see requestLog. */
  requestLog(o: RequestLogOptions): RequestLog;
}

/**
 * pino's isoTime (`,"time":"2026-11-28T00:40:00.123Z"`), made once per millisecond: under load
 * a dozen lines share each one, and `toISOString` was a tenth of a log line's cost.
 */
let stampMs = -1;
let stamp = '';
export function isoTimeOncePerMs(): string {
  const now = Date.now();
  if (now !== stampMs) {
    stampMs = now;
    stamp = `,"time":"${new Date(now).toISOString()}"`;
  }
  return stamp;
}

let stdout: (DestinationStream & { flush(cb?: (err?: Error) => void): void }) | undefined;

/** Lines are gathered for at most this long (or this many) before one write. */
const BATCH_MS = 10;
const BATCH_LINES = 512;

/**
 * stdout for JSON lines, written in batches: the lines of every request answered within
 * BATCH_MS go out in one write instead of one write (a trip through libuv's thread pool) per
 * line, which was a fifth of the CPU a cached board answer cost; per event-loop turn was still a
 * write every few requests under load (issue 22: the line per request was the BFF's largest cost
 * after the socket). No line waits longer than BATCH_MS; `logger.flush()` and the process's exit
 * (graceful stop, or a crash logged through `fatal`) write what is pending. One per process.
 */
function batchedStdout() {
  if (stdout) return stdout;
  let pending: string[] = [];
  let timer: NodeJS.Timeout | undefined;
  const writePending = () => {
    clearTimeout(timer);
    timer = undefined;
    if (!pending.length) return;
    const lines = pending.join('');
    pending = [];
    out.write(lines);
  };
  // Registered before pino.destination registers its own flush on exit, so it runs first.
  process.on('exit', writePending);
  const out = pino.destination({ dest: 1, sync: false });
  stdout = {
    write(line: string) {
      const n = pending.push(line);
      if (n >= BATCH_LINES) writePending();
      // unref: a pending batch never keeps a finished process alive; the exit hook writes it.
      else if (n === 1) timer = setTimeout(writePending, BATCH_MS).unref();
    },
    flush(cb?: (err?: Error) => void) {
      writePending();
      out.flush(cb);
    },
  };
  return stdout;
}

/** The loggers of a process that keeps `privacy`'s rules. */
export function logging(privacy: LogPrivacy): Logging {
  /**
   * `err` in a log line: an Error becomes its class, scrubbed message and first stack frames; what
   * code already shaped for the log (a plain object) stays as it is.
   */
  const errForLog = (err: unknown): unknown =>
    err instanceof Error
      ? {
          type: err.name,
          message: privacy.scrub(err.message),
          stack: privacy.scrub((err.stack ?? '').split('\n').slice(1, 8).join('\n')),
        }
      : err;

  function createLogger(service: string, settings: LogSettings = {}): Logger {
    const options: LoggerOptions = {
      level: settings.level ?? 'info',
      base: { service },
      timestamp: isoTimeOncePerMs,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: privacy.redactPaths, censor: privacy.censor },
      serializers: { err: errForLog },
    };
    if (settings.destination) return pino(options, settings.destination);
    if (settings.pretty) {
      const target = prettyTarget();
      if (target) {
        return pino({
          ...options,
          // pino-pretty runs in a worker thread and cannot take the level formatter.
          formatters: {},
          transport: {
            target,
            options: {
              colorize: true,
              singleLine: true,
              translateTime: 'SYS:HH:MM:ss.l',
              // A request reads 'solicitud atendida POST /graphql 200 3.1ms Board'.
              messageFormat:
                '{msg}{if method} {method} {route} {status} {ms}ms{end}{if operationName} {operationName}{end}',
              ignore: 'pid,hostname,method,route,status,ms,operationName',
            },
          },
        });
      }
    }
    // Asynchronous writes to stdout (flushed on exit): a request never waits for the terminal or pipe.
    return pino(options, batchedStdout());
  }

  const perService = new Map<string, Logger>();
  return {
    createLogger,
    capturingLogger(service, lines, level = 'info') {
      const sink = new Writable({
        write(chunk: Buffer, _enc, done) {
          for (const line of chunk.toString('utf8').split('\n')) if (line) lines.push(line);
          done();
        },
      });
      return createLogger(service, { level, destination: sink });
    },
    processLogger(service) {
      let logger = perService.get(service);
      if (!logger) perService.set(service, (logger = createLogger(service, logSettingsFromEnv())));
      return logger;
    },
    requestLog: (o) => requestLog(privacy, o),
  };
}
