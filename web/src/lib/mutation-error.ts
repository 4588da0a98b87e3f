import { graphql } from '../gql';

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
