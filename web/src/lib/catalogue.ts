import { graphql } from '../gql';

/* Reference data several screens share: the branches (sedes) and Guatemala's geography. */

export const BRANCHES = graphql(`
  query Branches {
    branches {
      id
      name
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
