import type { Resolvers } from '../generated/resolvers.js';
import type { Context } from '../context.js';
import { adminEmailMutations, adminEmailQueries } from './admin-email.js';
import { adminVacancyMutations, adminVacancyQueries } from './admin-vacancy.js';
import { Municipality } from './municipality.js';
import { Query } from './query.js';
import { Viewer, sessionMutations, sessionQueries } from './session.js';
import { ApiToken, StaffUser, staffUserMutations, staffUserQueries } from './staff-user.js';
import { TestTemplate, testTemplateMutations, testTemplateQueries } from './test-template.js';
import { Vacancy } from './vacancy.js';

export const resolvers: Resolvers<Context> = {
  Query: {
    ...Query,
    ...sessionQueries,
    ...staffUserQueries,
    ...adminVacancyQueries,
    ...testTemplateQueries,
    ...adminEmailQueries,
  },
  Mutation: {
    ...sessionMutations,
    ...staffUserMutations,
    ...adminVacancyMutations,
    ...testTemplateMutations,
    ...adminEmailMutations,
  },
  Vacancy,
  Municipality,
  Viewer,
  StaffUser,
  ApiToken,
  TestTemplate,
};
