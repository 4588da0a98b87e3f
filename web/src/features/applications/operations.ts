import { graphql } from '../../gql';

/** What the form's header needs: vacancy, branch and place (spec 1 §2.6). */
export const APPLICATION_VACANCY = graphql(`
  query ApplicationVacancy($id: ID!) {
    vacancy(id: $id) {
      id
      name
      place
      active
      endsAt
      branch {
        id
        name
      }
    }
  }
`);

/** The duplicate check of spec 1 §8 (GET /postulantes/validar behind the BFF). */
export const APPLICATION_CHECK = graphql(`
  query ApplicationCheck($vacancyId: ID!, $dpi: String!, $email: String!) {
    applicationCheck(vacancyId: $vacancyId, dpi: $dpi, email: $email) {
      ok
      conflict
      message
    }
  }
`);

export const APPLY = graphql(`
  mutation Apply($input: ApplicationInput!) {
    apply(input: $input) {
      applicationId
      message
      mode
      error {
        __typename
        ... on DuplicateApplication {
          conflict
          message
        }
        ...ValidationFailedFields
        ... on VacancyClosed {
          message
        }
      }
    }
  }
`);
