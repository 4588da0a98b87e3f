import { graphql } from '../../../gql';

/** The log of candidate-list exports (issue 23), administrators only. */
export const CANDIDATE_EXPORTS = graphql(`
  query CandidateExports($page: Int!, $pageSize: Int!) {
    candidateExports(page: $page, pageSize: $pageSize) {
      totalCount
      page
      pageSize
      items {
        id
        exportedAt
        exportedBy
        byApiToken
        list
        vacancyId
        vacancyName
        state
        search
        rowCount
        format
        selectedCount
      }
    }
  }
`);
