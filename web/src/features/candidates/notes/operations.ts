import { graphql } from '../../../gql';

export const CANDIDATE_NOTE_FIELDS = graphql(`
  fragment CandidateNoteFields on CandidateNote {
    id
    text
    author
    createdAt
    editedAt
    mine
  }
`);

/** The 'Notas' section of the candidate detail (issue 23). */
export const CANDIDATE_NOTES = graphql(`
  query CandidateNotes($id: ID!) {
    candidate(id: $id) {
      id
      notes {
        ...CandidateNoteFields
      }
    }
  }
`);

export const ADD_CANDIDATE_NOTE = graphql(`
  mutation AddCandidateNote($candidateId: ID!, $text: String!) {
    addCandidateNote(candidateId: $candidateId, text: $text) {
      note {
        ...CandidateNoteFields
      }
      error {
        __typename
        ... on ValidationFailed {
          message
        }
        ... on NotFound {
          message
        }
        ... on Conflict {
          message
        }
        ... on OperationFailed {
          message
        }
      }
    }
  }
`);

export const UPDATE_CANDIDATE_NOTE = graphql(`
  mutation UpdateCandidateNote($id: ID!, $text: String!) {
    updateCandidateNote(id: $id, text: $text) {
      note {
        ...CandidateNoteFields
      }
      error {
        __typename
        ... on ValidationFailed {
          message
        }
        ... on NotFound {
          message
        }
        ... on Conflict {
          message
        }
        ... on OperationFailed {
          message
        }
      }
    }
  }
`);

export const DELETE_CANDIDATE_NOTE = graphql(`
  mutation DeleteCandidateNote($id: ID!) {
    deleteCandidateNote(id: $id) {
      ok
      error {
        __typename
        ... on ValidationFailed {
          message
        }
        ... on NotFound {
          message
        }
        ... on Conflict {
          message
        }
        ... on OperationFailed {
          message
        }
      }
    }
  }
`);
