import type { QueryResolvers } from '../generated/resolvers.js';
import type { Context } from '../context.js';

export const healthQueries: Pick<QueryResolvers<Context>, 'health'> = {
  health: async (_p, _a, ctx) => ({
    ok: true,
    api: await ctx.apiHealthy(),
    version: process.env.npm_package_version ?? '0.1.0',
  }),
};
