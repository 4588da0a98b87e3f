import { graphql } from '../../gql';

export const VACANCY_CARD_FIELDS = graphql(`
  fragment VacancyCardFields on Vacancy {
    id
    name
    branch {
      id
      name
    }
    place
    imageUrl
    publishedAt
    featured
    url
  }
`);

export const BOARD_VACANCIES = graphql(`
  query BoardVacancies($filter: VacancyFilter, $page: Int, $pageSize: Int) {
    vacancies(filter: $filter, page: $page, pageSize: $pageSize) {
      items {
        ...VacancyCardFields
      }
      totalCount
      featuredCount
      page
      pageSize
    }
  }
`);

export const VACANCY_DETAIL = graphql(`
  query VacancyDetail($id: ID!) {
    vacancy(id: $id) {
      ...VacancyCardFields
      description
      requirements
      benefits
      endsAt
      municipality {
        id
        name
      }
      department {
        id
        name
      }
    }
  }
`);
