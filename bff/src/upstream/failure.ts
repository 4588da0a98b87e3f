import { isEntityId } from '@bolsa/domain';
import { normaliseErrorBody } from '../normalise/error-body.js';

/**
 * Why an upstream call did not give what was asked, in the BFF's words. This is where an HTTP
 * status stops: resolvers see only `kind`, and `src/errors.ts` turns it into the GraphQL error
 * union or an `extensions.code`.
 */
export type FailureKind =
  /** 400, 413, 415, 422, or a request the client refused to send (malformed id). */
  | 'invalid'
  /** 404, or an id that cannot exist. */
  | 'not-found'
  /** 409. */
  | 'conflict'
  /** 401: the api does not accept the BFF's own service token (a deployment fault). */
  | 'unauthenticated'
  /** 403. */
  | 'forbidden'
  /** 405 and other 4xx: the api does not do this. */
  | 'refused'
  /** 502, 503, 504 (the api or its database is down), an HTML page, a network error or time-out. */
  | 'unavailable'
  /** 500 and other 5xx. */
  | 'server-error'
  /** 2xx whose body does not confirm the change. */
  | 'unconfirmed';

export interface Failure {
  kind: FailureKind;
  /** The api's own (Spanish) message, when it sent one. */
  message: string | null;
  /** The api's dialog title, when it sent one ('Campo Obligado', 'Archivo no válido'). */
  title: string | null;
  /** A machine code the api sent (e.g. a registration conflict), when any. */
  code: string | null;
  /** The HTTP status, for the 'detalles técnicos' panel only (null when no answer). */
  status: number | null;
  /** Field by field, when the api listed them (`fields: [{ path, message }]`). */
  fields?: { path: string; message: string }[];
}

export type Result<T> = { ok: true; value: T } | { ok: false; failure: Failure };

export const success = <T>(value: T): Result<T> => ({ ok: true, value });

export function failure(kind: FailureKind, message: string | null = null, status: number | null = null): Failure {
  return { kind, message, title: null, code: null, status };
}

export const failed = <T = never>(f: Failure): Result<T> => ({ ok: false, failure: f });

function kindOf(status: number): FailureKind {
  // 414/431: a query string or header too long for the api's HTTP server is the request's fault.
  if ([400, 413, 414, 415, 422, 431].includes(status)) return 'invalid';
  if (status === 404 || status === 410) return 'not-found';
  if (status === 409) return 'conflict';
  if (status === 401) return 'unauthenticated';
  if (status === 403) return 'forbidden';
  if (status === 502 || status === 503 || status === 504) return 'unavailable';
  if (status >= 500) return 'server-error';
  return 'refused';
}

/** The one mapping from an upstream status and body to a failure. */
export function failureOf(status: number, body: unknown): Failure {
  const { message, title, code, ...fields } = normaliseErrorBody(body);
  return { kind: kindOf(status), message, title, code, status, ...fields };
}

/**
 * Whether `id` can name a record of the api (the domain's entity id: 1 … 2,147,483,647). An id
 * that cannot is answered as not found without a call, so an empty id never turns
 * `/correos/{id}` into `/correos/` (which creates).
 */
export const isRecordId = (id: string | null | undefined): id is string => isEntityId(id);
