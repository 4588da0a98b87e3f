import { graphql } from '../../gql';
// Spreads `...ViewerFields`, the session's fragment (features/session, exported there as VIEWER_FIELDS).

/** Why a candidate or staff log-in was refused (the LoginError union). */
export const LOGIN_ERROR_FIELDS = graphql(`
  fragment LoginErrorFields on LoginError {
    __typename
    ... on InvalidCredentials {
      message
    }
    ... on Throttled {
      message
      retryAfterSeconds
    }
    ... on AccountInactive {
      message
    }
    ... on ValidationFailed {
      message
    }
    ... on DuplicateApplication {
      message
    }
    ... on ApplicationCheckFailed {
      title
      message
    }
    ... on CaptchaRequired {
      message
      captcha {
        id
        image
      }
    }
  }
`);

export const CANDIDATE_LOGIN = graphql(`
  mutation CandidateLogin($email: String!, $password: String!, $vacancyId: ID, $captchaId: ID, $captchaAnswer: String) {
    candidateLogin(
      email: $email
      password: $password
      vacancyId: $vacancyId
      captchaId: $captchaId
      captchaAnswer: $captchaAnswer
    ) {
      viewer {
        ...ViewerFields
      }
      linkedApplications
      error {
        ...LoginErrorFields
      }
    }
  }
`);

export const STAFF_LOGIN = graphql(`
  mutation StaffLogin(
    $username: String!
    $password: String!
    $forceRole: Role
    $captchaId: ID
    $captchaAnswer: String
  ) {
    staffLogin(
      username: $username
      password: $password
      forceRole: $forceRole
      captchaId: $captchaId
      captchaAnswer: $captchaAnswer
    ) {
      viewer {
        ...ViewerFields
      }
      error {
        ...LoginErrorFields
      }
    }
  }
`);

export const NEW_CAPTCHA = graphql(`
  mutation NewCaptcha {
    newCaptcha {
      id
      image
    }
  }
`);

export const REGISTER_CANDIDATE = graphql(`
  mutation RegisterCandidate($input: RegisterCandidateInput!) {
    registerCandidate(input: $input) {
      ok
      email
      error {
        __typename
        ... on RegistrationConflict {
          conflict
          message
        }
        ... on ValidationFailed {
          message
          fields {
            path
            message
          }
        }
        ... on CaptchaFailed {
          message
        }
        ... on OperationFailed {
          message
          status
        }
      }
    }
  }
`);

export const NEW_PROOF_OF_WORK = graphql(`
  mutation NewProofOfWork {
    newProofOfWork {
      challenge
    }
  }
`);
