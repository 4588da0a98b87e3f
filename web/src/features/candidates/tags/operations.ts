import { graphql } from '../../../gql';

export const TAG_FIELDS = graphql(`
  fragment TagFields on Tag {
    id
    name
    color
  }
`);

/** Every tag (the filter's options and the candidate's picker). */
export const TAGS = graphql(`
  query Tags {
    tags {
      ...TagFields
    }
  }
`);

/** The tags of one candidate (the detail's 'Etiquetas'). */
export const CANDIDATE_TAGS = graphql(`
  query CandidateTags($id: ID!) {
    candidate(id: $id) {
      id
      dataErased
      tags {
        ...TagFields
      }
    }
  }
`);

export const CREATE_TAG = graphql(`
  mutation CreateTag($name: String!, $color: String!) {
    createTag(name: $name, color: $color) {
      tag {
        ...TagFields
      }
      error {
        __typename
        ... on ValidationFailed {
          message
        }
        ... on Conflict {
          message
        }
        ... on NotFound {
          message
        }
        ... on OperationFailed {
          message
        }
      }
    }
  }
`);

export const SET_CANDIDATE_TAGS = graphql(`
  mutation SetCandidateTags($candidateId: ID!, $tagIds: [ID!]!) {
    setCandidateTags(candidateId: $candidateId, tagIds: $tagIds) {
      candidate {
        id
        tags {
          ...TagFields
        }
      }
      error {
        __typename
        ... on ValidationFailed {
          message
        }
        ... on Conflict {
          message
        }
        ... on NotFound {
          message
        }
        ... on OperationFailed {
          message
        }
      }
    }
  }
`);
