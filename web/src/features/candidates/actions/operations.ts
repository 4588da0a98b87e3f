import { graphql } from '../../../gql';

/*
 * Each mutation spells out its payload's three fields rather than spreading one fragment of the
 * whole payload: that fragment level, over `CandidateErrorFields` and `ValidationFailedFields`,
 * would pass the BFF's query depth limit (8, fragment spreads count) at ValidationFailed.fields.
 */

/*
 * The pipeline mutations spread `...PipelineCandidate` and `...CandidateErrorFields`, which live in
 * lib/candidate-fragments.ts because the interviews and candidate-tests features spread them too.
 */

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
