import { CombinedGraphQLErrors, ServerError, ServerParseError } from '@apollo/client/errors';
import type { MutationErrorFieldsFragment } from '../gql/graphql';

export type MutationError = MutationErrorFieldsFragment;

/** The spec's wording when a request got no answer (spec 1 §8). */
export const NETWORK_MESSAGE = 'No se pudo contactar al servidor. Intenta nuevamente.';
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

function messageIn(bodyText: string): string | null {
  try {
    const body = JSON.parse(bodyText) as { message?: unknown; errors?: { message?: unknown }[] };
    const m = body.message ?? body.errors?.[0]?.message;
    return typeof m === 'string' && m.trim() ? m : null;
  } catch {
    return null;
  }
}

/**
 * An answer with an HTTP error status (spec 2 §8): the server's message field, else
 * 'Error {status}: Formato de solicitud incorrecto'. A proxy's bare body text ('Bad Gateway')
 * is English, so it is not shown. Null when `err` is not an HTTP error.
 */
export function httpErrorMessage(err: unknown): string | null {
  if (!ServerError.is(err) && !ServerParseError.is(err)) return null;
  return messageIn(err.bodyText) ?? `Error ${err.statusCode}: Formato de solicitud incorrecto`;
}

/**
 * What to tell the user about a failed request, never in English: the server's words, the spec's
 * network wording, or `fallback`.
 */
export function failureMessage(err: unknown, fallback: string, network = NETWORK_MESSAGE): string {
  const fromServer = serverMessage(err) ?? httpErrorMessage(err);
  if (fromServer) return fromServer;
  if (isNetworkError(err)) return network;
  return fallback;
}

/** Field errors of a ValidationFailed answer, by path. */
export function fieldErrors(error: MutationError | null | undefined): Record<string, string> {
  if (error?.__typename !== 'ValidationFailed') return {};
  return Object.fromEntries(error.fields.map((f) => [f.path, f.message]));
}
