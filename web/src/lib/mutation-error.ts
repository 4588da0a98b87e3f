import { graphql } from '../gql';

/**
 * A refusal of the input, with the message of each field: spread it in a payload's `error`.
 * Not inside the error fragments below: a spread counts one level more than an inline fragment
 * for the BFF's depth limit (8), and their mutations would reach it.
 */
export const VALIDATION_FAILED_FIELDS = graphql(`
  fragment ValidationFailedFields on ValidationFailed {
    title
    message
    fields {
      path
      message
    }
  }
`);

/**
 * The typed errors every staff mutation may answer with (back office, users and API tokens):
 * spread `...MutationErrorFields` in a payload's `error`.
 */
export const MUTATION_ERROR_FIELDS = graphql(`
  fragment MutationErrorFields on MutationError {
    __typename
    ... on ValidationFailed {
      title
      message
      fields {
        path
        message
      }
    }
    ... on NotFound {
      message
    }
    ... on Conflict {
      message
    }
    ... on OperationFailed {
      message
      status
      detail
    }
  }
`);
