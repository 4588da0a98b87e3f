import { GraphQLError } from 'graphql';
import { GENERIC_MESSAGES } from '@bolsa/domain';
import { failureOf, type Failure } from './upstream/failure.js';

export type ErrorCode =
  'UNAUTHENTICATED' | 'FORBIDDEN' | 'NOT_FOUND' | 'UPSTREAM_UNAVAILABLE' | 'INTERNAL' | 'BAD_USER_INPUT' | 'THROTTLED';

export const MESSAGES = {
  UNAUTHENTICATED: 'Debes iniciar sesión para continuar.',
  FORBIDDEN: 'Tu rol no permite realizar esta acción.',
  NOT_FOUND: 'El recurso solicitado no existe.',
  UPSTREAM_UNAVAILABLE: GENERIC_MESSAGES.unreachable,
  INTERNAL: 'Ocurrió un error inesperado. Intenta de nuevo más tarde.',
  BAD_USER_INPUT: 'Solicitud inválida.',
  THROTTLED: 'Demasiadas solicitudes. Espera unos minutos e intenta de nuevo.',
} as const;

export function gqlError(code: ErrorCode, message?: string, extra: Record<string, unknown> = {}): GraphQLError {
  return new GraphQLError(message ?? MESSAGES[code], { extensions: { code, ...extra } });
}

/**
 * An upstream failure nobody expected to handle as data, as the GraphQL error of its kind.
 * Only a server error stays INTERNAL (and is logged by the server's error formatter).
 */
export function unexpected(f: Failure): GraphQLError {
  switch (f.kind) {
    case 'unavailable':
      return gqlError('UPSTREAM_UNAVAILABLE');
    case 'not-found':
      return gqlError('NOT_FOUND', f.message ?? undefined);
    case 'invalid':
      return gqlError('BAD_USER_INPUT', f.message ?? undefined);
    case 'forbidden':
      return gqlError('FORBIDDEN');
    default:
      return new GraphQLError(`upstream ${f.kind} ${f.status ?? ''}`.trim());
  }
}

// ─── The error union members of mutation payloads (schema.graphql: MutationError and friends) ───

export interface FieldProblem {
  path: string;
  message: string;
}

export const validationFailed = (message: string, fields: FieldProblem[] = [], title: string | null = null) => ({
  __typename: 'ValidationFailed' as const,
  title,
  message,
  fields: fields.length ? fields : [{ path: '', message }],
});

export const notFound = (message: string) => ({ __typename: 'NotFound' as const, message });
export const conflict = (message: string) => ({ __typename: 'Conflict' as const, message });

/**
 * OperationFailed; status and detail fill the 'detalles técnicos' panel. `from` is a failure or
 * (login and registration) the api's raw answer.
 */
/** The api's message for a failure, else `fallback` with the status for support ('… (500)'). */
export const failureText = (f: Pick<Failure, 'status' | 'message'>, fallback: string): string =>
  f.message ?? (f.status ? `${fallback} (${f.status})` : fallback);

/** The 'detalles técnicos' line of a failure ('HTTP 500'), when the api answered at all. */
export const failureDetail = (f: Pick<Failure, 'status'>): string | null => (f.status ? `HTTP ${f.status}` : null);

export function operationFailed(
  message: string,
  from?: Pick<Failure, 'status' | 'message'> | { status: number; body: unknown } | null,
) {
  const f = from && 'body' in from ? failureOf(from.status, from.body) : from;
  return {
    __typename: 'OperationFailed' as const,
    message,
    status: f?.status ?? null,
    detail: f ? (f.message ?? (f.status ? `HTTP ${f.status}` : null)) : null,
  };
}

export type MutationErrorValue =
  | ReturnType<typeof validationFailed>
  | ReturnType<typeof notFound>
  | ReturnType<typeof conflict>
  | ReturnType<typeof operationFailed>;

/** What to tell the user for each kind of failure of one mutation (the spec's wording). */
export interface FailureMessages {
  /** OperationFailed for anything not listed below. */
  failed: string;
  notFound?: string;
  conflict?: string;
  invalid?: string;
  /** A 5xx other than unavailable. */
  serverError?: string;
  /** The api does not do this (405). */
  refused?: string;
  unconfirmed?: string;
  /** Show the api's own message first, before `failed`/`serverError`/`refused`. */
  preferApiMessage?: boolean;
}

/**
 * The one mapping from an upstream failure to a mutation payload's `error`. Unavailable is not
 * data: it is thrown as UPSTREAM_UNAVAILABLE so every screen shows the spec's wording.
 */
export function mutationError(f: Failure, m: FailureMessages): MutationErrorValue {
  const api = f.message;
  const orApi = (fallback: string) => (m.preferApiMessage && api ? api : fallback);
  switch (f.kind) {
    case 'unavailable':
      throw gqlError('UPSTREAM_UNAVAILABLE');
    case 'unauthenticated':
      // The api refused the BFF's own credentials: a deployment fault, logged as such.
      throw new GraphQLError('upstream refused the service token');
    case 'not-found':
      return notFound(m.notFound ?? api ?? MESSAGES.NOT_FOUND);
    case 'conflict':
      return m.conflict || api ? conflict(api ?? m.conflict!) : operationFailed(m.failed, f);
    case 'invalid':
      return validationFailed(api ?? m.invalid ?? m.failed, [], f.title);
    case 'server-error':
      return operationFailed(orApi(m.serverError ?? m.failed), f);
    case 'refused':
      return operationFailed(orApi(m.refused ?? m.failed), f);
    case 'unconfirmed':
      return operationFailed(m.unconfirmed ?? m.failed, f);
    default:
      return operationFailed(orApi(m.failed), f);
  }
}
