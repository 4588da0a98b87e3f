import { graphql } from '../../../gql';

/*
 * Each mutation spells out its payload's three fields rather than spreading one fragment of the
 * whole payload: that fragment level, over `CandidateErrorFields` and `ValidationFailedFields`,
 * would pass the BFF's query depth limit (8, fragment spreads count) at ValidationFailed.fields.
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

export const START_FOLLOW_UP = graphql(`
  mutation StartFollowUp($id: ID!, $expectedState: CandidateState) {
    startFollowUp(id: $id, expectedState: $expectedState) {
      emailQueued
      candidate {
        ...PipelineCandidate
      }
      error {
        ...CandidateErrorFields
      }
    }
  }
`);

export const MOVE_TO_INDUCTION = graphql(`
  mutation MoveToInduction($id: ID!, $expectedState: CandidateState) {
    moveToInduction(id: $id, expectedState: $expectedState) {
      emailQueued
      candidate {
        ...PipelineCandidate
      }
      error {
        ...CandidateErrorFields
      }
    }
  }
`);

export const HIRE_CANDIDATE = graphql(`
  mutation HireCandidate(
    $id: ID!
    $date: Date!
    $time: String!
    $place: String!
    $force: Boolean
    $expectedState: CandidateState
  ) {
    hireCandidate(id: $id, date: $date, time: $time, place: $place, force: $force, expectedState: $expectedState) {
      emailQueued
      candidate {
        ...PipelineCandidate
      }
      error {
        ...CandidateErrorFields
      }
    }
  }
`);

export const REJECT_CANDIDATE = graphql(`
  mutation RejectCandidate($id: ID!, $observation: String, $expectedState: CandidateState) {
    rejectCandidate(id: $id, observation: $observation, expectedState: $expectedState) {
      emailQueued
      candidate {
        ...PipelineCandidate
      }
      error {
        ...CandidateErrorFields
      }
    }
  }
`);
