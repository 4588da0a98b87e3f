import { graphql } from '../../gql';

/**
 * What the form's header needs: vacancy, branch and place (spec 1 §2.6). And the server's day,
 * which the form checks its dates against.
 */
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
    today
  }
`);

/** The duplicate check of spec 1 §8 (GET /postulantes/validar behind the BFF). */
export const APPLICATION_CHECK = graphql(`
  query ApplicationCheck(
    $vacancyId: ID!
    $dpi: String!
    $email: String!
    $captchaId: ID
    $captchaAnswer: String
    $captchaProof: String
  ) {
    applicationCheck(
      vacancyId: $vacancyId
      dpi: $dpi
      email: $email
      captchaId: $captchaId
      captchaAnswer: $captchaAnswer
      captchaProof: $captchaProof
    ) {
      ok
      conflict
      message
      captcha {
        id
        image
      }
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
        ... on Throttled {
          message
          retryAfterSeconds
        }
      }
    }
  }
`);

/**
 * What a logged-in candidate's profile brings to the form (spec 1 §2.6): personal data,
 * experiences, references, and which documents it holds already (they count as present).
 */
export const APPLICATION_PROFILE = graphql(`
  query ApplicationProfile {
    myProfile {
      userId
      fullName
      email
      phone
      dpi
      birthDate
      address
      photo {
        id
        name
      }
      curriculum {
        id
        name
      }
      dpiFile {
        id
        name
      }
      policeRecord {
        id
        name
      }
      criminalRecord {
        id
        name
      }
      experiences {
        company
        position
        from
        to
        description
      }
      personalReferences {
        name
        phone
      }
      workReferences {
        name
        phone
      }
    }
  }
`);
