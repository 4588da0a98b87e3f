import { searchKey } from '@bolsa/domain';
import type { MunicipalityResolvers, QueryResolvers } from '../generated/resolvers.js';
import type { Context } from '../context.js';

export const municipalityQueries: Pick<QueryResolvers<Context>, 'municipalities'> = {
  async municipalities(_p, { departmentId, search }, ctx) {
    let list = await ctx.catalogue.municipalities.get();
    if (departmentId) list = list.filter((m) => m.departmentId === departmentId);
    const key = searchKey(search);
    if (key) list = list.filter((m) => searchKey(m.name).includes(key));
    return list;
  },
};

export const Municipality: MunicipalityResolvers<Context> = {
  async department(m, _a, ctx) {
    if (m.departmentName) return { id: m.departmentId, name: m.departmentName };
    return (await ctx.catalogue.department(m.departmentId)) ?? { id: m.departmentId, name: m.departmentId };
  },
};
