import type { QueryResolvers } from '../generated/resolvers.js';
import type { Context } from '../context.js';

export const departmentQueries: Pick<QueryResolvers<Context>, 'departments'> = {
  departments: (_p, _a, ctx) => ctx.catalogue.departments.get(),
};
