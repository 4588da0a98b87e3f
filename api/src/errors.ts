import {
  API_TOKEN_MESSAGES,
  AUTH_MESSAGES,
  FILE_MESSAGES,
  GENERIC_MESSAGES,
  maskPath,
  scrubText,
  USER_MESSAGES,
  VACANCY_MESSAGES,
} from '@bolsa/domain';
import { GEOGRAPHY_MESSAGES } from '@bolsa/domain/geography';
import type { ErrorRequestHandler, Request, RequestHandler } from 'express';
import type { Logger } from 'pino';
import { routeOf } from './observability/index.js';

/** The api's answers, all worded in @bolsa/domain (one home for every message). */
export const MESSAGES = {
  notFound: GENERIC_MESSAGES.notFound,
  invalidId: GENERIC_MESSAGES.invalidId,
  badRequest: GENERIC_MESSAGES.badRequest,
  tooLarge: GENERIC_MESSAGES.tooLarge,
  unauthorized: GENERIC_MESSAGES.unauthorized,
  internal: GENERIC_MESSAGES.internal,
  unavailable: GENERIC_MESSAGES.unreachable,
  lastAdmin: USER_MESSAGES.lastAdmin,
  /** = VACANCY_MESSAGES.deleteNotFound; also the answer of every other vacancy route. */
  vacancyNotFound: VACANCY_MESSAGES.deleteNotFound,
  municipalityNotFound: GEOGRAPHY_MESSAGES.municipalityNotFound,
  fileNotFound: FILE_MESSAGES.fileNotFound,
  loginOk: GENERIC_MESSAGES.loginOk,
  candidateInactive: AUTH_MESSAGES.candidateInactive,
  staffInactive: AUTH_MESSAGES.staffInactive,
  accountCreated: GENERIC_MESSAGES.accountCreated,
  accountExists: AUTH_MESSAGES.accountExists,
  howHeardInvalid: AUTH_MESSAGES.howHeardInvalid,
  observationsTooLong: AUTH_MESSAGES.observationsTooLong,
  tokenHashInvalid: API_TOKEN_MESSAGES.hashInvalid,
  tokenNotFound: API_TOKEN_MESSAGES.notFound,
  tokenExists: API_TOKEN_MESSAGES.exists,
  publicationDateInvalid: GENERIC_MESSAGES.publicationDateInvalid,
  featuredInvalid: GENERIC_MESSAGES.featuredInvalid,
  activeInvalid: GENERIC_MESSAGES.activeInvalid,
} as const;

/** An expected failure whose message is safe to show to the caller. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Fields sent before `message`, e.g. `{ success: false, conflict }` on login and registration. */
    readonly fields?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string = MESSAGES.badRequest) => new HttpError(400, message);
/** The create-vacancy form shows a title over each message (spec 2 §5): `{ title, message }`. */
export const titled = (status: number, title: string, message: string) => new HttpError(status, message, { title });
export const notFound = (message: string = MESSAGES.notFound) => new HttpError(404, message);
/** Login and registration answer failures as `{ success: false, [conflict,] message }` (spec 1 §3, spec 2 §3). */
export const failed = (status: number, message: string, conflict?: string) =>
  new HttpError(status, message, conflict ? { success: false, conflict } : { success: false });

const INT4_MAX = 2_147_483_647;

/** Parses a serial id from a path segment; anything else is a 400, never a database error. */
export function parseId(raw: unknown): number {
  if (typeof raw !== 'string' || !/^\d{1,10}$/.test(raw)) throw badRequest(MESSAGES.invalidId);
  const n = Number(raw);
  if (n < 1 || n > INT4_MAX) throw badRequest(MESSAGES.invalidId);
  return n;
}

export const notFoundHandler: RequestHandler = (_req, _res, next) => {
  next(notFound());
};

/**
 * What of an unexpected error reaches the log: its class and stack frames, its message with e-mails
 * and digit runs scrubbed (domain scrubText), and for database errors only the SQLSTATE, since their
 * messages can quote the offending values (a DPI, an e-mail).
 */
function describeForLog(err: unknown): Record<string, unknown> {
  if (!(err instanceof Error)) return { type: typeof err };
  const code = (err as { code?: unknown }).code;
  const frames = (err.stack ?? '').split('\n').slice(1, 8).join('\n');
  const isDbError = typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code);
  return isDbError
    ? { type: err.name, sqlstate: code, stack: scrubText(frames) }
    : { type: err.name, message: scrubText(err.message), stack: scrubText(frames) };
}

/** SQLSTATEs of text PostgreSQL cannot store (NUL, bytes invalid in UTF-8): the caller's input. */
const UNSTORABLE_TEXT = new Set(['22P05', '22021']);

const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
const CONNECTION_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|driver has already been destroyed|PGlite is closed|database system is (starting up|shutting down)/i;

/**
 * The database cannot be reached: refused or lost connections, a server shutting down or not
 * accepting connections (SQLSTATE class 08, 57P01–57P03, 53300), a closed embedded database.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (CONNECTION_CODES.has(code) || code.startsWith('08') || /^57P0[123]$/.test(code) || code === '53300')
      return true;
  }
  // AggregateError (pg connecting to several addresses) and wrapped causes.
  const inner = [(err as { cause?: unknown }).cause, ...((err as { errors?: unknown[] }).errors ?? [])];
  if (inner.some((e) => e !== err && isDatabaseUnavailable(e))) return true;
  return CONNECTION_MESSAGES.test(err.message);
}

/** The logger bound to this request's id by pino-http, else the process's. */
const loggerOf = (req: Request, fallback: Pick<Logger, 'error'>): Pick<Logger, 'error'> =>
  (req as Request & { log?: Logger }).log ?? fallback;

export function errorHandler(logger: Pick<Logger, 'error'>): ErrorRequestHandler {
  return (err: unknown, req, res, next) => {
    if (res.headersSent) {
      next(err);
      return;
    }
    if (err instanceof HttpError) {
      res.status(err.status).json({ ...err.fields, message: err.message });
      return;
    }
    // body-parser and the router mark client mistakes (bad JSON, bad %-encoding, huge bodies) with a 4xx status.
    const status =
      (err as { status?: unknown; statusCode?: unknown }).status ?? (err as { statusCode?: unknown }).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      res.status(status).json({ message: status === 413 ? MESSAGES.tooLarge : MESSAGES.badRequest });
      return;
    }
    const code = (err as { code?: unknown }).code;
    if (typeof code === 'string' && UNSTORABLE_TEXT.has(code)) {
      res.status(400).json({ message: MESSAGES.badRequest });
      return;
    }
    const where = { method: req.method, route: routeOf(req) ?? maskPath(req.originalUrl ?? req.path) };
    if (isDatabaseUnavailable(err)) {
      // The operator needs to know, once per request, without a stack trace: nothing in our code failed.
      loggerOf(req, logger).error(where, 'base de datos no disponible');
      res.status(503).json({ message: MESSAGES.unavailable, code: 'DB_UNAVAILABLE' });
      return;
    }
    loggerOf(req, logger).error({ ...where, err: describeForLog(err) }, 'la solicitud falló');
    res.status(500).json({ message: MESSAGES.internal });
  };
}
