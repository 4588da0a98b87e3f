import type { MunicipalityResolvers } from '../generated/resolvers.js';
import type { Context } from '../context.js';

export const Municipality: MunicipalityResolvers<Context> = {
  async department(m, _a, ctx) {
    if (m.departmentName) return { id: m.departmentId, name: m.departmentName };
    const d = (await ctx.catalogue.departments.get()).find((x) => x.id === m.departmentId);
    return d ?? { id: m.departmentId, name: m.departmentId };
  },
};
