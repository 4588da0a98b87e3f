import { graphql } from '../../gql';

/** The e-mail templates (issue 24): the list, with everything the editor needs. */
export const EMAIL_TEMPLATES = graphql(`
  query EmailTemplates {
    emailTemplates {
      ...EmailTemplateFields
    }
  }

  fragment EmailTemplateFields on EmailTemplate {
    key
    name
    description
    heading
    subject
    body
    isDefault
    versionId
    replacedByDefault
    updatedAt
    updatedBy
    placeholders {
      name
      description
      sample
      kind
    }
  }
`);

export const EMAIL_TEMPLATE_VERSIONS = graphql(`
  query EmailTemplateVersions($key: ID!) {
    emailTemplateVersions(key: $key) {
      id
      action
      subject
      body
      isDefault
      restoredFrom
      createdBy
      createdAt
      current
    }
  }
`);

export const PREVIEW_EMAIL_TEMPLATE = graphql(`
  query PreviewEmailTemplate($key: ID!, $subject: String!, $body: String!) {
    previewEmailTemplate(key: $key, subject: $subject, body: $body) {
      preview {
        subject
        html
        text
      }
      error {
        ...MutationErrorFields
      }
    }
  }
`);

export const UPDATE_EMAIL_TEMPLATE = graphql(`
  mutation UpdateEmailTemplate($key: ID!, $subject: String!, $body: String!) {
    updateEmailTemplate(key: $key, subject: $subject, body: $body) {
      template {
        ...EmailTemplateFields
      }
      error {
        ...MutationErrorFields
      }
    }
  }
`);

export const RESTORE_EMAIL_TEMPLATE = graphql(`
  mutation RestoreEmailTemplate($key: ID!, $versionId: ID) {
    restoreEmailTemplate(key: $key, versionId: $versionId) {
      template {
        ...EmailTemplateFields
      }
      error {
        ...MutationErrorFields
      }
    }
  }
`);
