import { graphql } from '../gql';

/*
 * Fragments of a pipeline mutation's answer, spread by three features (candidates' actions,
 * interviews, candidate-tests): shared code, so they live here rather than in one feature.
 */

/** What a pipeline mutation answers of the moved candidate: spread `...PipelineCandidate` in `candidate`. */
export const PIPELINE_CANDIDATE = graphql(`
  fragment PipelineCandidate on Candidate {
    id
    state
    allowedStates
  }
`);

/** What a pipeline mutation answers when it refuses: spread `...CandidateErrorFields` in `error`. */
export const CANDIDATE_ERROR_FIELDS = graphql(`
  fragment CandidateErrorFields on CandidateError {
    __typename
    ... on TransitionNotAllowed {
      message
      state
      allowed
    }
    ... on NotFound {
      message
    }
    ... on ValidationFailed {
      title
      message
      fields {
        path
        message
      }
    }
    ... on EmailNotQueued {
      message
    }
    ... on OperationFailed {
      message
      status
      detail
    }
  }
`);
