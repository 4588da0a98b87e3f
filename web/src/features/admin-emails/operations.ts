import { graphql } from '../../gql';

/** The organisation's e-mail domain: administrative e-mails must end in it. */
export const ORG_SETTINGS = graphql(`
  query OrgSettings {
    settings {
      orgEmailDomain
    }
  }
`);

export const ADMIN_EMAIL_FIELDS = graphql(`
  fragment AdminEmailFields on AdminEmail {
    id
    email
    name
    active
  }
`);

export const ADMIN_EMAILS = graphql(`
  query AdminEmails($search: String, $includeInactive: Boolean) {
    adminEmails(search: $search, includeInactive: $includeInactive) {
      ...AdminEmailFields
    }
  }
`);

export const CREATE_ADMIN_EMAIL = graphql(`
  mutation CreateAdminEmail($email: String!, $name: String!) {
    createAdminEmail(email: $email, name: $name) {
      adminEmail {
        ...AdminEmailFields
      }
      error {
        ...MutationErrorFields
      }
    }
  }
`);

export const UPDATE_ADMIN_EMAIL = graphql(`
  mutation UpdateAdminEmail($id: ID!, $email: String!, $name: String!) {
    updateAdminEmail(id: $id, email: $email, name: $name) {
      adminEmail {
        ...AdminEmailFields
      }
      error {
        ...MutationErrorFields
      }
    }
  }
`);

export const SET_ADMIN_EMAIL_ACTIVE = graphql(`
  mutation SetAdminEmailActive($id: ID!, $active: Boolean!) {
    setAdminEmailActive(id: $id, active: $active) {
      adminEmail {
        id
        active
      }
      error {
        ...MutationErrorFields
      }
    }
  }
`);

export const DELETE_ADMIN_EMAIL = graphql(`
  mutation DeleteAdminEmail($id: ID!) {
    deleteAdminEmail(id: $id) {
      ok
      error {
        ...MutationErrorFields
      }
    }
  }
`);
