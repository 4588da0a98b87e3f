import { CombinedGraphQLErrors, ServerError, ServerParseError } from '@apollo/client/errors';
import type { MutationErrorFieldsFragment } from '../gql/graphql';

export type MutationError = MutationErrorFieldsFragment;

/** True when the request never got an answer (offline, DNS, refused connection, time-out). */
export function isNetworkError(err: unknown): boolean {
  if (CombinedGraphQLErrors.is(err) || ServerError.is(err) || ServerParseError.is(err)) return false;
  return err instanceof TypeError || (err instanceof Error && /network|fetch|conex/i.test(err.message));
}

/** The message a GraphQL error carries, if the server sent one. */
export function serverMessage(err: unknown): string | null {
  if (CombinedGraphQLErrors.is(err)) return err.errors[0]?.message ?? null;
  return null;
}

/** Field errors of a ValidationFailed answer, by path. */
export function fieldErrors(error: MutationError | null | undefined): Record<string, string> {
  if (error?.__typename !== 'ValidationFailed') return {};
  return Object.fromEntries(error.fields.map((f) => [f.path, f.message]));
}
