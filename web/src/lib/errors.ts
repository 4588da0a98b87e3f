import { CombinedGraphQLErrors, ServerError, ServerParseError } from '@apollo/client/errors';
import { GENERIC_MESSAGES, recruiterHttpErrorMessage } from '@bolsa/domain';
import type { MutationErrorFieldsFragment } from '../gql/graphql';

export type MutationError = MutationErrorFieldsFragment;

/** The spec's wording when a request got no answer (spec 1 §8). */
export const NETWORK_MESSAGE = GENERIC_MESSAGES.unreachable;
/** What stands in for a message the browser made up (always English): 'Failed to fetch', 'Load failed'… */
export const UNEXPECTED_MESSAGE = 'Ocurrió un error inesperado.';

/** True when the request never got an answer (offline, DNS, refused connection, time-out). */
export function isNetworkError(err: unknown): boolean {
  if (CombinedGraphQLErrors.is(err) || ServerError.is(err) || ServerParseError.is(err)) return false;
  return err instanceof TypeError || (err instanceof Error && /network|fetch|conex/i.test(err.message));
}

/** The message a GraphQL error carries, if the server sent one (the BFF speaks Spanish). */
export function serverMessage(err: unknown): string | null {
  if (CombinedGraphQLErrors.is(err)) return err.errors[0]?.message ?? null;
  return null;
}

function parsed(
  bodyText: string,
): { message?: unknown; errors?: { message?: unknown; extensions?: { code?: unknown } }[] } | null {
  try {
    const body: unknown = JSON.parse(bodyText);
    return body && typeof body === 'object' ? (body as ReturnType<typeof parsed>) : null;
  } catch {
    return null;
  }
}

function messageIn(bodyText: string): string | null {
  const body = parsed(bodyText);
  const m = body?.message ?? body?.errors?.[0]?.message;
  return typeof m === 'string' && m.trim() ? m : null;
}

/** A body that is text to read: not JSON, not an HTML page, not blank (at most 300 characters). */
function plainText(bodyText: string): string | null {
  const t = bodyText.trim();
  if (!t || t.startsWith('<') || t.startsWith('{') || t.startsWith('[')) return null;
  return t.slice(0, 300);
}

/**
 * An answer with an HTTP error status (spec 2 §8): the server's message field, else the body
 * text, else 'Error {status}: Formato de solicitud incorrecto'. An HTML error page is no text to
 * show. Null when `err` is not an HTTP error.
 */
export function httpErrorMessage(err: unknown): string | null {
  if (!ServerError.is(err) && !ServerParseError.is(err)) return null;
  return messageIn(err.bodyText) ?? plainText(err.bodyText) ?? recruiterHttpErrorMessage(err.statusCode);
}

const GATEWAY_STATUSES = [502, 503, 504];

/**
 * True when the server could not be reached, or answered that the service behind it cannot be
 * (UPSTREAM_UNAVAILABLE, in a 200 answer or a 503; a gateway error without a message of its
 * own): an outage, which screens say as such ('Error de conexión') and retry by themselves.
 */
export function isOutage(err: unknown): boolean {
  if (isNetworkError(err)) return true;
  if (CombinedGraphQLErrors.is(err)) return err.errors.some((e) => e.extensions?.['code'] === 'UPSTREAM_UNAVAILABLE');
  if (ServerError.is(err)) {
    const body = parsed(err.bodyText);
    if (body?.errors?.some((e) => e.extensions?.code === 'UPSTREAM_UNAVAILABLE')) return true;
    return GATEWAY_STATUSES.includes(err.statusCode) && messageIn(err.bodyText) === null;
  }
  return false;
}

/**
 * What to tell the user about a failed request, never in English: the spec's network wording for
 * an outage, else the server's words, else `fallback`.
 */
export function failureMessage(err: unknown, fallback: string, network: string = NETWORK_MESSAGE): string {
  if (isOutage(err)) return network;
  return serverMessage(err) ?? httpErrorMessage(err) ?? fallback;
}

/** Field errors of a ValidationFailed answer, by path. */
export function fieldErrors(error: MutationError | null | undefined): Record<string, string> {
  if (error?.__typename !== 'ValidationFailed') return {};
  return Object.fromEntries(error.fields.map((f) => [f.path, f.message]));
}

/** GraphQL error codes that do not say whether a write was carried out (the BFF's errors.ts). */
export const UNSURE_CODES: readonly string[] = ['UPSTREAM_UNAVAILABLE', 'INTERNAL'];

/**
 * True when a failed write may still have been carried out: no answer, a 5xx, an outage or an
 * unexpected server error. Such a failure is said as unknown ('No se sabe si se guardó'), not as
 * refused, and a retry sends the same Idempotency-Key (idempotency.ts).
 */
export function isUnsureOutcome(err: unknown): boolean {
  if (isOutage(err)) return true;
  if (CombinedGraphQLErrors.is(err))
    return err.errors.some((e) => UNSURE_CODES.includes(String(e.extensions?.['code'])));
  if (ServerError.is(err) || ServerParseError.is(err)) return err.statusCode >= 500;
  return false;
}
