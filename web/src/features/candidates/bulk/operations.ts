import { graphql } from '../../../gql';

/** A bulk move (issue 23): with dryRun the confirmation's counts, without it the move itself. */
export const BULK_CHANGE_CANDIDATE_STATE = graphql(`
  mutation BulkChangeCandidateState(
    $selection: BulkCandidateSelection!
    $state: CandidateState!
    $note: String
    $dryRun: Boolean
  ) {
    bulkChangeCandidateState(selection: $selection, state: $state, note: $note, dryRun: $dryRun) {
      dryRun
      total
      moved
      emailsQueued
      unchanged
      refused
      results {
        candidateId
        name
        outcome
        from
        to
        emailQueued
        message
      }
      error {
        __typename
        ... on BulkLimitExceeded {
          message
          count
          limit
        }
        ... on ValidationFailed {
          message
        }
        ... on OperationFailed {
          message
        }
      }
    }
  }
`);

/** A bulk tag action (issue 23): add and remove tags on the selection, per-row results. */
export const BULK_CHANGE_CANDIDATE_TAGS = graphql(`
  mutation BulkChangeCandidateTags($selection: BulkCandidateSelection!, $add: [ID!], $remove: [ID!]) {
    bulkChangeCandidateTags(selection: $selection, add: $add, remove: $remove) {
      dryRun
      total
      changed
      unchanged
      refused
      results {
        candidateId
        name
        outcome
        message
        tags {
          ...TagFields
        }
      }
      error {
        __typename
        ... on BulkLimitExceeded {
          message
          count
          limit
        }
        ... on ValidationFailed {
          message
        }
        ... on OperationFailed {
          message
        }
      }
    }
  }
`);
