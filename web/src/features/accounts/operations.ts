import { graphql } from '../../gql';

export const CANDIDATE_LOGIN = graphql(`
  mutation CandidateLogin($email: String!, $password: String!) {
    candidateLogin(email: $email, password: $password) {
      viewer {
        ...ViewerFields
      }
      linkedApplications
      error {
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
      }
    }
  }
`);

export const STAFF_LOGIN = graphql(`
  mutation StaffLogin($username: String!, $password: String!, $forceRole: Role) {
    staffLogin(username: $username, password: $password, forceRole: $forceRole) {
      viewer {
        ...ViewerFields
      }
      error {
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
