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
    tags {
      id
      name
      color
    }
    cvSnippet
    vacancies {
      vacancyId
      name
      position
      appliedAt
    }
  }
`);

/** A page of a tabbed candidate list: the pager's total and the count of every tab. */
export const CANDIDATE_PAGE_COUNTS = graphql(`
  fragment CandidatePageCounts on CandidatePage {
    totalCount
    page
    pageSize
    allCount
    countsByState {
      state
      count
    }
  }
`);

/** 'Candidatos Activos' (spec 3 §2.1): one page, with the counts of the state tabs. */
export const CANDIDATE_INBOX = graphql(`
  query CandidateInbox($page: Int, $pageSize: Int, $state: CandidateState, $search: String, $tagIds: [ID!]) {
    candidates(page: $page, pageSize: $pageSize, state: $state, search: $search, tagIds: $tagIds) {
      items {
        ...CandidateRow
      }
      ...CandidatePageCounts
      tagCounts {
        tag {
          id
        }
        count
      }
    }
  }
`);
