import { graphql } from '../../../gql';

/** The applications to one vacancy (spec 3 §2.3), five a page. */
export const CANDIDATES_BY_VACANCY = graphql(`
  query CandidatesByVacancyList($vacancyId: ID!, $page: Int, $pageSize: Int, $search: String, $tagIds: [ID!]) {
    candidatesByVacancy(vacancyId: $vacancyId, page: $page, pageSize: $pageSize, search: $search, tagIds: $tagIds) {
      items {
        ...CandidateRow
      }
      totalCount
      page
      pageSize
      allCount
      tagCounts {
        tag {
          id
        }
        count
      }
    }
  }
`);

/** The vacancy's name when the address alone brought its id (a refresh, a shared link). */
export const BY_VACANCY_NAME = graphql(`
  query ByVacancyName($id: ID!) {
    adminVacancy(id: $id) {
      id
      name
    }
  }
`);
