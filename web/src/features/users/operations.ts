import { graphql } from '../../gql';

export const STAFF_USER_FIELDS = graphql(`
  fragment StaffUserFields on StaffUser {
    id
    name
    email
    role
    active
  }
`);

export const STAFF_USERS = graphql(`
  query StaffUsers {
    staffUsers {
      ...StaffUserFields
    }
  }
`);

export const CREATE_STAFF_USER = graphql(`
  mutation CreateStaffUser($input: StaffUserInput!) {
    createStaffUser(input: $input) {
      user {
        ...StaffUserFields
      }
      error {
        ...MutationErrorFields
      }
    }
  }
`);

export const UPDATE_STAFF_USER = graphql(`
  mutation UpdateStaffUser($id: ID!, $input: StaffUserInput!) {
    updateStaffUser(id: $id, input: $input) {
      user {
        ...StaffUserFields
      }
      error {
        ...MutationErrorFields
      }
    }
  }
`);

export const TOGGLE_STAFF_USER = graphql(`
  mutation ToggleStaffUser($id: ID!) {
    toggleStaffUser(id: $id) {
      user {
        ...StaffUserFields
      }
      error {
        ...MutationErrorFields
      }
    }
  }
`);

export const DELETE_STAFF_USER = graphql(`
  mutation DeleteStaffUser($id: ID!) {
    deleteStaffUser(id: $id) {
      ok
      error {
        ...MutationErrorFields
      }
    }
  }
`);

export const API_TOKEN_FIELDS = graphql(`
  fragment ApiTokenFields on ApiToken {
    id
    name
    role
    createdAt
    lastUsedAt
    revoked
  }
`);

export const API_TOKENS = graphql(`
  query ApiTokens {
    apiTokens {
      ...ApiTokenFields
    }
  }
`);

export const CREATE_API_TOKEN = graphql(`
  mutation CreateApiToken($name: String!, $role: Role!) {
    createApiToken(name: $name, role: $role) {
      token
      apiToken {
        ...ApiTokenFields
      }
      error {
        ...MutationErrorFields
      }
    }
  }
`);

export const REVOKE_API_TOKEN = graphql(`
  mutation RevokeApiToken($id: ID!) {
    revokeApiToken(id: $id) {
      ok
      error {
        ...MutationErrorFields
      }
    }
  }
`);
