import { graphql } from '../../../gql';

export const CANDIDATE_FILE_FIELDS = graphql(`
  fragment CandidateDetailFile on CandidateFile {
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

export const CANDIDATE_TIMELINE_FIELDS = graphql(`
  fragment CandidateTimelineEvent on TimelineEvent {
    __typename
    ... on StateChangeEvent {
      at
      from
      to
      by
      note
    }
    ... on EmailEvent {
      at
      subject
      status
      attempts
      sentAt
    }
    ... on FileAccessEvent {
      at
      openedBy: by
      document
    }
    ... on InterviewEvent {
      at
      scheduledBy: by
      mode
      date
      startsAt: from
      endsAt: to
    }
    ... on TestEvent {
      at
      testBy: by
      action
      testName
    }
    ... on DocumentRequestEvent {
      at
      requestBy: by
      requestAction: action
      requestedDocuments: documents
      comment
    }
    ... on NoteEvent {
      at
      noteBy: by
      noteText: text
    }
  }
`);

/** Everything the detail, its tabs, the printed summary and the timeline show (spec 3 §2.2). */
export const CANDIDATE_DETAIL = graphql(`
  query CandidateDetail($id: ID!) {
    candidate(id: $id) {
      id
      firstName
      lastName
      fullName
      email
      phone
      dpi
      address
      age
      maritalStatus
      educationLevel
      studying
      availableImmediately
      salaryExpectation
      negotiable
      state
      registeredAt
      vacancyId
      vacancies {
        vacancyId
        name
        position
        appliedAt
        branchName
        place
      }
      experiences {
        company
        position
        from
        to
        description
      }
      references {
        kind
        name
        phone
      }
      photo {
        ...CandidateDetailFile
      }
      documents {
        ...CandidateDetailFile
      }
      registered
      userId
      dataErased
      erasedByRetention
      allowedStates
      timeline {
        ...CandidateTimelineEvent
      }
    }
  }
`);

/** 'Documentos a actualizar' (spec 3 §2.6): the e-mail with the signed link goes out with the request. */
export const REQUEST_DOCUMENTS = graphql(`
  mutation RequestDocuments($candidateId: ID!, $documents: [CandidateDocumentKind!]!, $comment: String!) {
    requestDocuments(candidateId: $candidateId, documents: $documents, comment: $comment) {
      emailQueued
      request {
        id
        documents
        expiresAt
      }
      error {
        __typename
        ... on ValidationFailed {
          message
          fields {
            path
            message
          }
        }
        ... on NotFound {
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
