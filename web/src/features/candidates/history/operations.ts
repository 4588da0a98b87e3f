import { graphql } from '../../../gql';

/** 'Historial de Candidatos' (spec 3 §2.7): hired and rejected, one page, with the tab counts. */
export const CANDIDATE_HISTORY = graphql(`
  query CandidateHistoryList(
    $tab: HistoryTab
    $candidateSearch: String
    $positionSearch: String
    $page: Int
    $pageSize: Int
  ) {
    candidateHistory(
      tab: $tab
      candidateSearch: $candidateSearch
      positionSearch: $positionSearch
      page: $page
      pageSize: $pageSize
    ) {
      items {
        ...CandidateRow
        documents {
          id
          kind
          url
        }
      }
      ...CandidatePageCounts
    }
  }
`);

export const HISTORY_REACTIVATE = graphql(`
  mutation HistoryReactivateCandidate($id: ID!) {
    reactivateCandidate(id: $id) {
      candidate {
        id
        state
      }
      error {
        __typename
        ... on TransitionNotAllowed {
          message
        }
        ... on NotFound {
          message
        }
        ... on OperationFailed {
          message
          status
        }
        ... on ValidationFailed {
          message
        }
        ... on EmailNotQueued {
          message
        }
      }
    }
  }
`);

export const HISTORY_DELETE = graphql(`
  mutation HistoryDeleteCandidate($id: ID!) {
    deleteCandidate(id: $id) {
      ok
      error {
        ...MutationErrorFields
      }
    }
  }
`);
