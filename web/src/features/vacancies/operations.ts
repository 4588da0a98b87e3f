import { graphql } from '../../gql';

export { BRANCHES } from '../board/operations';

/** Who is looking: the back office hides controls by role (spec 2 §6). */
export const BACKOFFICE_VIEWER = graphql(`
  query BackofficeViewer {
    me {
      id
      role
    }
  }
`);

export const ORG_SETTINGS = graphql(`
  query OrgSettings {
    settings {
      orgEmailDomain
    }
  }
`);

export const DEPARTMENTS = graphql(`
  query Departments {
    departments {
      id
      name
    }
  }
`);

export const MUNICIPALITIES = graphql(`
  query Municipalities($departmentId: ID, $search: String) {
    municipalities(departmentId: $departmentId, search: $search) {
      id
      name
      department {
        id
        name
      }
    }
  }
`);

/** One page of the staff listing: the quick-access grid and the management table share it. */
export const ADMIN_VACANCIES = graphql(`
  query AdminVacancies($filter: AdminVacancyFilter, $sort: VacancySort, $page: Int, $pageSize: Int) {
    adminVacancies(filter: $filter, sort: $sort, page: $page, pageSize: $pageSize) {
      items {
        id
        name
        branch {
          id
          name
        }
        cardImageUrl
        imageUrl
        publishedAt
        endsAt
        active
        featured
        createdBy
        updatedBy
      }
      totalCount
      activeCount
      inactiveCount
      featuredCount
      page
      pageSize
    }
  }
`);

/** Options of the grid's 'Vacante' filter: the vacancies of one branch. */
export const ADMIN_VACANCY_OPTIONS = graphql(`
  query AdminVacancyOptions($filter: AdminVacancyFilter, $pageSize: Int) {
    adminVacancies(filter: $filter, pageSize: $pageSize) {
      items {
        id
        name
      }
      totalCount
    }
  }
`);

export const ADMIN_VACANCY = graphql(`
  query AdminVacancy($id: ID!) {
    adminVacancy(id: $id) {
      id
      name
      branch {
        id
        name
      }
      place
      placeText
      departmentId
      municipalityId
      municipality {
        id
        name
        department {
          id
          name
        }
      }
      department {
        id
        name
      }
      description
      requirements
      benefits
      imageUrl
      publishedAt
      endsAt
      active
      featured
    }
  }
`);

export const VACANCY_NAME_CHECK = graphql(`
  query VacancyNameCheck($name: String!, $branchId: ID!) {
    vacancyNameCheck(name: $name, branchId: $branchId) {
      exists
      activeCount
    }
  }
`);

export const CREATE_VACANCY = graphql(`
  mutation CreateVacancy($input: VacancyInput!, $imageUploadId: ID!) {
    createVacancy(input: $input, imageUploadId: $imageUploadId) {
      vacancy {
        id
        name
      }
      error {
        ...MutationErrorFields
      }
    }
  }
`);

export const UPDATE_VACANCY = graphql(`
  mutation UpdateVacancy($id: ID!, $input: VacancyInput!, $imageUploadId: ID) {
    updateVacancy(id: $id, input: $input, imageUploadId: $imageUploadId) {
      vacancy {
        id
        name
        branch {
          id
          name
        }
        place
        placeText
        departmentId
        municipalityId
        description
        requirements
        benefits
        imageUrl
        cardImageUrl
        endsAt
        active
        featured
        updatedBy
      }
      error {
        ...MutationErrorFields
      }
    }
  }
`);

export const DELETE_VACANCY = graphql(`
  mutation DeleteVacancy($id: ID!) {
    deleteVacancy(id: $id) {
      ok
      deletedApplications
      error {
        ...MutationErrorFields
      }
    }
  }
`);

export const SET_VACANCY_FEATURED = graphql(`
  mutation SetVacancyFeatured($id: ID!, $featured: Boolean!) {
    setVacancyFeatured(id: $id, featured: $featured) {
      vacancy {
        id
        featured
      }
      error {
        ...MutationErrorFields
      }
    }
  }
`);

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
