/**
 * What may reach a log line (ARCHITECTURE.md principle 11): no DPI, e-mail, phone, name, cookie,
 * token or file name. The api and the BFF both log through pino with these rules; they live here
 * so that the two tiers mask the same way.
 */

/**
 * Keys whose values are personal data or secrets, in the spellings our code and the REST contract
 * use. The loggers redact them wherever they appear at the top of a logged object or one level
 * down (`*.key`): request lines and errors are small flat objects, never bodies.
 */
export const PERSONAL_LOG_KEYS = [
  'dpi',
  'DPI',
  'cui',
  'CUI',
  'InputCui',
  'email',
  'Email',
  'correo',
  'InputEmail',
  'usuario_',
  'username',
  'telefono',
  'phone',
  'InputTelefono',
  'nombre',
  'nombres',
  'apellido',
  'apellidos',
  'name',
  'fullName',
  'InputNombre',
  'InputApellido',
  'password',
  'clave',
  'token',
  'authorization',
  'cookie',
  'set-cookie',
  'filename',
  'fileName',
  'nombreArchivo',
  'archivo',
  'body',
  'query',
  'variables',
] as const;

/** pino `redact.paths` for PERSONAL_LOG_KEYS, plus the headers pino-http's serializers would carry. */
export const LOG_REDACT_PATHS: string[] = [
  ...PERSONAL_LOG_KEYS.flatMap((k) => {
    const key = /^[A-Za-z_$][\w$]*$/.test(k) ? k : `["${k}"]`;
    const sep = key.startsWith('[') ? '' : '.';
    return [key, `*${sep}${key}`];
  }),
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-service-token"]',
  'res.headers["set-cookie"]',
];

/**
 * The same keys at the top of a logged object only: for the per-request loggers (pino-http), whose
 * lines are built from a fixed list of safe fields and run on every request. Wildcard paths cost
 * pino about 70 µs a line; these a few, and still catch `req.log.info({ email })`.
 */
export const REQUEST_LOG_REDACT_PATHS: string[] = PERSONAL_LOG_KEYS.map((k) =>
  /^[A-Za-z_$][\w$]*$/.test(k) ? k : `["${k}"]`,
);

export const LOG_CENSOR = '[oculto]';

/** A route word kept in a masked path: letters and hyphens, never digits, '@', '.', '%' or '_'. */
const WORD = /^[A-Za-z][A-Za-z-]{0,39}$/;
const EXTENSION = /\.([A-Za-z0-9]{1,8})$/;
const MAX_SEGMENTS = 8;

/**
 * A request path safe for a log line or a metric label: every segment that is not a plain word
 * (an id, a DPI, a token, an e-mail, a file key or name, anything percent-encoded) becomes ':x',
 * keeping a file extension (':x.pdf', ':x.env') so an operator still sees what was asked for.
 * Never the query string. '/plazas/12' → '/plazas/:x'; '/x.js' → '/:x.js'.
 */
export function maskPath(path: string): string {
  const q = path.indexOf('?');
  const bare = q === -1 ? path : path.slice(0, q);
  const segments = bare.split('/').slice(1);
  const masked = segments.slice(0, MAX_SEGMENTS).map((s) => {
    if (s === '' || WORD.test(s)) return s;
    const ext = EXTENSION.exec(s);
    return ext ? `:x.${ext[1]!.toLowerCase()}` : ':x';
  });
  return `/${masked.join('/')}${segments.length > MAX_SEGMENTS ? '/…' : ''}`;
}

/**
 * Free text about to be logged (an unexpected error's message or stack): e-mail addresses and runs
 * of 4 or more digits (DPI, phone, ids) are replaced. Names cannot be told apart from words, so
 * code never puts them into errors it throws; this is the net under that rule.
 */
export function scrubText(text: string): string {
  return text
    .replace(/[^\s"'<>()[\]{}:,;]+(@|%40)[^\s"'<>()[\]{}:,;]+/g, '<correo>')
    .replace(/(?<![\w.])\+?\d[\d -]{2,}\d(?![\w.])/g, (m) => (m.replace(/\D/g, '').length >= 4 ? '<número>' : m));
}

/** A request id a caller may hand on: short and plain, so it cannot forge or break a log line. */
export const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * Every rule above that a process logger applies, in one object: what @bolsa/observability's
 * logging() takes (it imports no workspace, so the rules come in from here).
 */
export const LOG_PRIVACY = {
  redactPaths: LOG_REDACT_PATHS,
  requestRedactPaths: REQUEST_LOG_REDACT_PATHS,
  censor: LOG_CENSOR,
  scrub: scrubText,
} as const;
