import type { Resolvers } from '../generated/resolvers.js';
import type { Context } from '../context.js';
import { Municipality } from './municipality.js';
import { Query } from './query.js';
import { Viewer, sessionMutations, sessionQueries } from './session.js';
import { ApiToken, StaffUser, staffUserMutations, staffUserQueries } from './staff-user.js';
import { Vacancy } from './vacancy.js';

export const resolvers: Resolvers<Context> = {
  Query: { ...Query, ...sessionQueries, ...staffUserQueries },
  Mutation: { ...sessionMutations, ...staffUserMutations },
  Vacancy,
  Municipality,
  Viewer,
  StaffUser,
  ApiToken,
};
