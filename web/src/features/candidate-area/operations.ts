import { graphql } from '../../gql';

export const CANDIDATE_FILE_FIELDS = graphql(`
  fragment CandidateFileFields on CandidateFile {
    id
    kind
    label
    name
    mimeType
    size
    uploadedAt
    url
  }
`);

/** Everything /perfil shows of the profile, and what the gate and the banner read (spec 1 §5.4). */
export const PROFILE_FIELDS = graphql(`
  fragment ProfileFields on CandidateProfile {
    userId
    firstName
    secondName
    firstSurname
    secondSurname
    marriedSurname
    fullName
    email
    phone
    dpi
    birthDate
    address
    observations
    registeredAt
    complete
    photo {
      ...CandidateFileFields
    }
    curriculum {
      ...CandidateFileFields
    }
    dpiFile {
      ...CandidateFileFields
    }
    policeRecord {
      ...CandidateFileFields
    }
    criminalRecord {
      ...CandidateFileFields
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
`);

export const MY_PROFILE = graphql(`
  query MyProfile {
    myProfile {
      ...ProfileFields
    }
  }
`);

export const MY_APPLICATIONS = graphql(`
  query MyApplications {
    myApplications {
      id
      state
      previousState
      vacancyId
      vacancyName
      appliedAt
      branchId
      branchName
      place
      interview {
        date
        from
        to
        mode
        place
      }
    }
  }
`);

export const MARK_APPLICATIONS_SEEN = graphql(`
  mutation MarkMyApplicationsSeen {
    markMyApplicationsSeen
  }
`);

export const UPDATE_MY_PROFILE = graphql(`
  mutation UpdateMyProfile($input: ProfileInput!) {
    updateMyProfile(input: $input) {
      profile {
        ...ProfileFields
      }
      error {
        __typename
        ...ValidationFailedFields
        ... on OperationFailed {
          message
          status
        }
      }
    }
  }
`);

export const EXPORT_MY_DATA = graphql(`
  mutation ExportMyData($password: String!) {
    exportMyData(password: $password) {
      url
      error {
        message
      }
    }
  }
`);

export const DELETE_MY_ACCOUNT = graphql(`
  mutation DeleteMyAccount($password: String!) {
    deleteMyAccount(password: $password) {
      ok
      error {
        __typename
        ... on InvalidCredentials {
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

/** What the signed link of a document-update request asks for (null: invalid, expired, used or foreign). */
export const DOCUMENT_REQUEST = graphql(`
  query DocumentRequest($token: String!) {
    documentRequest(token: $token) {
      id
      documents
      comment
      vacancyName
      expiresAt
      fulfilled
    }
  }
`);

export const FULFIL_DOCUMENT_REQUEST = graphql(`
  mutation FulfilDocumentRequest($token: String!, $uploads: [DocumentUploadInput!]!) {
    fulfilDocumentRequest(token: $token, uploads: $uploads) {
      ok
      error {
        __typename
        ... on DocumentRequestInvalid {
          message
        }
        ... on ValidationFailed {
          message
          fields {
            path
            message
          }
        }
        ... on OperationFailed {
          message
          status
        }
      }
    }
  }
`);
