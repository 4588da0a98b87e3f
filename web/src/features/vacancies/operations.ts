import { graphql } from '../../gql';

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
