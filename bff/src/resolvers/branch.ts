import type { QueryResolvers } from '../generated/resolvers.js';
import type { Context } from '../context.js';

export const branchQueries: Pick<QueryResolvers<Context>, 'branches'> = {
  branches: (_p, _a, ctx) => ctx.catalogue.branches.get(),
};
