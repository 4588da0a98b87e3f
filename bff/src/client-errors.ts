import { PAGE_ERROR_MESSAGES, scrubText, TRUSTED_DOCUMENT_MESSAGES } from '@bolsa/domain';
import type { ErrorRequestHandler, Request, Response } from 'express';
import type { GraphQLFormattedError } from 'graphql';
import type { Logger } from 'pino';
import { MESSAGES } from './errors.js';
import { messagePage, wantsPage } from './message-page.js';

/**
 * Everything a client can read is in Spanish (ARCHITECTURE.md principle 7). graphql-js,
 * Apollo Server and body-parser speak English, so their messages are rewritten here: once for
 * GraphQL errors (formatError) and once for plain HTTP errors on every route (jsonErrors).
 */

export const BAD_REQUEST = 'Solicitud inválida.';
export const TOO_LARGE = 'La solicitud es demasiado grande.';

const q = (s: string) => `«${s}»`;

/** graphql-js validation messages (and graphql-armor's) → Spanish, keeping names, never suggestions. */
const VALIDATION: [RegExp, (...m: string[]) => string][] = [
  [/^Cannot query field "([^"]+)" on type "([^"]+)"/, (f, t) => `El campo ${q(f)} no existe en el tipo ${q(t)}.`],
  [/^Unknown argument "([^"]+)" on field "([^"]+)"/, (a, f) => `El argumento ${q(a)} no existe en el campo ${q(f)}.`],
  [
    /^Field "([^"]+)" argument "([^"]+)" of type "[^"]+" is required/,
    (f, a) => `Falta el argumento obligatorio ${q(a)} del campo ${q(f)}.`,
  ],
  [
    /^Field "([^"]+)" of type "[^"]+" must have a selection of subfields/,
    (f) => `El campo ${q(f)} necesita subcampos.`,
  ],
  [/^Field "([^"]+)" must not have a selection/, (f) => `El campo ${q(f)} no admite subcampos.`],
  [/^Variable "\$([^"]+)" is never used/, (v) => `La variable ${q(v)} no se usa.`],
  [/^Variable "\$([^"]+)" is not defined/, (v) => `La variable ${q(v)} no está declarada.`],
  [/^Unknown type "([^"]+)"/, (t) => `El tipo ${q(t)} no existe.`],
  [/^Unknown fragment "([^"]+)"/, (f) => `El fragmento ${q(f)} no existe.`],
  [/^Unknown directive "@?([^"]+)"/, (d) => `La directiva ${q(`@${d}`)} no existe.`],
  [/depth limit/i, () => 'La consulta es demasiado profunda.'],
  [/aliases limit/i, () => 'La consulta usa demasiados alias.'],
  [/cost limit|query cost/i, () => 'La consulta es demasiado costosa.'],
  [/tokens?\b.*(limit|more th)/i, () => 'La consulta es demasiado larga.'],
  [/^Syntax Error/, () => 'La consulta GraphQL tiene un error de sintaxis.'],
  [/^(Int|Float|String|Boolean|ID) cannot represent/, () => 'Un argumento de la consulta no tiene un valor válido.'],
  [/^(Enum|Value) "[^"]*" does not exist in "([^"]+)" enum/, (_v, e) => `Valor no válido para ${q(e ?? '')}.`],
  [/^Argument "([^"]+)"/, (a) => `El argumento ${q(a)} no tiene un valor válido.`],
];

/** Apollo's coercion of variables: 'Variable "$i" got invalid value 5 at "i.name"; …'. */
function coercion(message: string): { message: string; field: string } | null {
  const m = /^Variable "\$([^"]+)"( got invalid value .*? at "([^"]+)")?/.exec(message);
  if (!m) return null;
  const at = m[3] ?? m[1]!;
  const missing = /Field "([^"]+)" of required type "[^"]+" was not provided/.exec(message);
  if (missing)
    return { message: `${BAD_REQUEST.slice(0, -1)}: falta ${q(`${at}.${missing[1]}`)}.`, field: `${at}.${missing[1]}` };
  if (/was not provided/.test(message)) return { message: `${BAD_REQUEST.slice(0, -1)}: falta ${q(at)}.`, field: at };
  return { message: `${BAD_REQUEST.slice(0, -1)}: el valor de ${q(at)} no es válido.`, field: at };
}

function validationMessage(message: string): string {
  for (const [re, make] of VALIDATION) {
    const m = re.exec(message);
    if (m) return make(...m.slice(1));
  }
  return 'La consulta GraphQL no es válida.';
}

/** Codes whose message comes from graphql-js or Apollo itself (always English). */
const LIBRARY_CODES = new Set([
  'GRAPHQL_PARSE_FAILED',
  'GRAPHQL_VALIDATION_FAILED',
  'BAD_REQUEST',
  'OPERATION_RESOLUTION_FAILURE',
  'PERSISTED_QUERY_NOT_SUPPORTED',
]);

/** Codes our own resolvers use, with Spanish messages already. */
const OWN_CODES = new Set([
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'UPSTREAM_UNAVAILABLE',
  'BAD_USER_INPUT',
  'THROTTLED',
  // trusted-documents.ts: free text where only registered operations run.
  'OPERATION_NOT_REGISTERED',
]);

/**
 * A client-visible GraphQL error in Spanish, or null when the error is unexpected (the caller
 * logs it and answers the generic message).
 */
export function translateGraphQLError(formatted: GraphQLFormattedError): GraphQLFormattedError | null {
  const code = String(formatted.extensions?.code ?? '');
  const { stacktrace: _s, ...extensions } = formatted.extensions ?? {};
  const base = { locations: formatted.locations, path: formatted.path };
  if (code === 'BAD_USER_INPUT') {
    const c = coercion(formatted.message);
    if (c) return { ...base, message: c.message, extensions: { code, field: c.field } };
  }
  if (code === 'GRAPHQL_PARSE_FAILED' || code === 'GRAPHQL_VALIDATION_FAILED') {
    return { ...base, message: validationMessage(formatted.message), extensions: { code } };
  }
  if (code === 'BAD_REQUEST' || code === 'OPERATION_RESOLUTION_FAILURE') {
    return { ...base, message: BAD_REQUEST, extensions: { code: 'BAD_REQUEST' } };
  }
  // A hash this build did not register (often a page loaded before a deploy): Apollo's code, said in Spanish.
  if (code === 'PERSISTED_QUERY_NOT_FOUND')
    return { ...base, message: TRUSTED_DOCUMENT_MESSAGES.unknownHash, extensions: { code } };
  if (LIBRARY_CODES.has(code)) return { ...base, message: BAD_REQUEST, extensions: { code } };
  // graphql-js refuses an operation type the schema lacks at execution, without a code.
  if (!code || code === 'INTERNAL_SERVER_ERROR') {
    // Apollo's persisted-query checks (trusted documents): text that is not the hash's, a version other than 1.
    if (
      /^Schema is not configured to execute \w+ operation/.test(formatted.message) ||
      /^(provided sha does not match query|Unsupported persisted query version)$/.test(formatted.message)
    ) {
      return { ...base, message: BAD_REQUEST, extensions: { code: 'BAD_REQUEST' } };
    }
    // graphql-js stops coercing after 50 bad variable values (a large input full of mistakes).
    if (/^Too many errors processing variables/.test(formatted.message)) {
      return { ...base, message: BAD_REQUEST, extensions: { code: 'BAD_USER_INPUT' } };
    }
  }
  if (OWN_CODES.has(code)) return { ...formatted, extensions };
  return null;
}

const isGraphQLPath = (req: Request) => req.baseUrl.startsWith('/graphql') || req.path.startsWith('/graphql');

/**
 * JSON, for scripts and for every path that is not a page (a browser at /metrics or /.env gets the
 * same 404 as curl). `asPage`: a failure or a broken address (a link cut short in a chat:
 * '/vacantes/%E0%A4%A/postular') reached by a browser tab gets a page in Spanish with a way back.
 */
function send(req: Request, res: Response, status: number, message: string, code: string, asPage = false) {
  res.setHeader('Cache-Control', 'no-store');
  if (isGraphQLPath(req)) res.status(status).json({ errors: [{ message, extensions: { code } }] });
  else if (asPage && (req.method === 'GET' || req.method === 'HEAD') && wantsPage((types) => req.accepts(types)))
    res
      .status(status)
      .type('html')
      .send(
        messagePage({
          title: status >= 500 ? PAGE_ERROR_MESSAGES.failed : PAGE_ERROR_MESSAGES.badAddress,
          lines: [message],
          link: { href: '/', text: PAGE_ERROR_MESSAGES.home },
        }),
      );
  else res.status(status).json({ message });
}

/**
 * What of an unexpected error reaches the log: class, message and stack frames with e-mails and
 * digit runs scrubbed (domain scrubText); never the values a request carried.
 */
export function errorForLog(err: unknown): Record<string, unknown> {
  if (!(err instanceof Error)) return { type: typeof err };
  return {
    type: err.name,
    message: scrubText(err.message),
    stack: scrubText((err.stack ?? '').split('\n').slice(1, 8).join('\n')),
  };
}

/**
 * The last error handler: Spanish, no stack trace (JSON, or a page for a browser tab: `send`), whatever threw (body-parser's 400/413/415,
 * a bad URI, a bug). Express's default would answer an HTML page with the stack in development.
 * Unexpected failures are logged with the request's id (`req.log`, else `logger` with the id).
 */
export function jsonErrors(logger: Logger): ErrorRequestHandler {
  return (err: unknown, req, res, _next) => {
    const e = err as { status?: unknown; statusCode?: unknown; type?: unknown; stack?: unknown };
    const raw = typeof e?.status === 'number' ? e.status : typeof e?.statusCode === 'number' ? e.statusCode : 500;
    const status = raw >= 400 && raw < 600 ? raw : 500;
    if (res.headersSent) {
      res.end();
      return;
    }
    // The client went away while a file was being sent (res.sendFile): nobody to answer, nothing failed.
    if ((err as { code?: unknown })?.code === 'ECONNABORTED') {
      res.end();
      return;
    }
    if (status >= 500) {
      const log = (req as Request & { log?: Logger }).log ?? logger.child({ reqId: res.getHeader('X-Request-Id') });
      log.error({ err: errorForLog(err) }, 'error inesperado');
      send(req, res, 500, MESSAGES.INTERNAL, 'INTERNAL', true);
      return;
    }
    if (status === 413) return send(req, res, 413, TOO_LARGE, 'BAD_REQUEST');
    if (status === 404) return send(req, res, 404, MESSAGES.NOT_FOUND, 'NOT_FOUND');
    send(req, res, status === 415 ? 415 : 400, BAD_REQUEST, 'BAD_REQUEST', true);
  };
}

/** Any path nothing answered: JSON, not Express's 'Cannot GET /x' page. */
export function jsonNotFound(req: Request, res: Response): void {
  send(req, res, 404, MESSAGES.NOT_FOUND, 'NOT_FOUND');
}
