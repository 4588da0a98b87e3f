import { graphql } from '../../../gql';

/** One row of the staff candidate lists: what the inbox, the history and the by-vacancy table show. */
export const CANDIDATE_ROW = graphql(`
  fragment CandidateRow on Candidate {
    id
    fullName
    email
    state
    dataErased
    allowedStates
    registeredAt
    vacancies {
      vacancyId
      name
      position
      appliedAt
    }
  }
`);

/** 'Candidatos Activos' (spec 3 §2.1): one page, with the counts of the state tabs. */
export const CANDIDATE_INBOX = graphql(`
  query CandidateInbox($page: Int, $pageSize: Int, $state: CandidateState, $search: String) {
    candidates(page: $page, pageSize: $pageSize, state: $state, search: $search) {
      items {
        ...CandidateRow
      }
      totalCount
      page
      pageSize
      allCount
      countsByState {
        state
        count
      }
    }
  }
`);
