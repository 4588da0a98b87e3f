import { graphql } from '../../gql';

/** One column of the board: one state of one vacancy, one page (issue 23, item 5). */
export const VACANCY_BOARD_COLUMN = graphql(`
  query VacancyBoardColumn($vacancyId: ID!, $state: CandidateState!, $page: Int, $pageSize: Int) {
    vacancyBoardColumn(vacancyId: $vacancyId, state: $state, page: $page, pageSize: $pageSize) {
      items {
        ...CandidateRow
      }
      totalCount
      page
      pageSize
    }
  }
`);

/** The vacancy's name for the title. */
export const VACANCY_BOARD_NAME = graphql(`
  query VacancyBoardName($id: ID!) {
    adminVacancy(id: $id) {
      id
      name
    }
  }
`);
