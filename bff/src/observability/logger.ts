import { createRequire } from 'node:module';
import { Writable } from 'node:stream';
import { LOG_CENSOR, LOG_REDACT_PATHS } from '@bolsa/domain';
import { pino, type DestinationStream, type Logger, type LoggerOptions } from 'pino';

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

/**
 * The process's logger: JSON lines (level as a word, ISO time, service name) with personal data
 * redacted by key (domain PERSONAL_LOG_KEYS). Messages and the fields code passes must carry no
 * personal data in the first place; redaction is the net under that rule.
 */
export function createLogger(service: 'api' | 'bff', settings: LogSettings = {}): Logger {
  const options: LoggerOptions = {
    level: settings.level ?? 'info',
    base: { service },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    redact: { paths: LOG_REDACT_PATHS, censor: LOG_CENSOR },
  };
  if (settings.destination) return pino(options, settings.destination);
  if (settings.pretty) {
    const target = prettyTarget();
    if (target) {
      return pino({
        ...options,
        // pino-pretty runs in a worker thread and cannot take the level formatter.
        formatters: {},
        transport: { target, options: { colorize: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' } },
      });
    }
  }
  // Asynchronous writes to stdout (flushed on exit): a request never waits for the terminal or pipe.
  return pino(options, pino.destination({ dest: 1, sync: false }));
}

let processLogger: Logger | undefined;

/** One logger per process from the environment, for code started without one (tests, scripts). */
export function defaultLogger(): Logger {
  processLogger ??= createLogger('bff', logSettingsFromEnv());
  return processLogger;
}

/** A logger writing JSON lines into `lines` (tests: what would reach stdout, to grep it). */
export function capturingLogger(service: 'api' | 'bff', lines: string[], level = 'info'): Logger {
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString('utf8').split('\n')) if (line) lines.push(line);
      done();
    },
  });
  return createLogger(service, { level, destination: sink });
}
