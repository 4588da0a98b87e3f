import { graphql } from '../../gql';

export const TEST_TEMPLATE_FIELDS = graphql(`
  fragment TestTemplateFields on TestTemplate {
    id
    name
    description
    type
    category
    link
    fileName
    downloadUrl
    active
    createdAt
  }
`);

export const TEST_TEMPLATES = graphql(`
  query TestTemplates($filter: TestTemplateFilter) {
    testTemplates(filter: $filter) {
      ...TestTemplateFields
    }
  }
`);

export const CREATE_TEST_TEMPLATE = graphql(`
  mutation CreateTestTemplate($input: TestTemplateInput!, $fileUploadId: ID) {
    createTestTemplate(input: $input, fileUploadId: $fileUploadId) {
      template {
        ...TestTemplateFields
      }
      error {
        ...MutationErrorFields
      }
    }
  }
`);

export const SET_TEST_TEMPLATE_ACTIVE = graphql(`
  mutation SetTestTemplateActive($id: ID!, $active: Boolean!) {
    setTestTemplateActive(id: $id, active: $active) {
      template {
        id
        active
      }
      error {
        ...MutationErrorFields
      }
    }
  }
`);

export const DELETE_TEST_TEMPLATE = graphql(`
  mutation DeleteTestTemplate($id: ID!) {
    deleteTestTemplate(id: $id) {
      ok
      error {
        ...MutationErrorFields
      }
    }
  }
`);
