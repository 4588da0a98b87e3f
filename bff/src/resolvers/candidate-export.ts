import type { QueryResolvers } from '../generated/resolvers.js';
import type { Context } from '../context.js';
import { gqlError } from '../errors.js';

const PAGE_SIZE_MAX = 100;

/** candidateExports: the administrators' log of candidate-list exports (issue 23). */
export const candidateExportQueries: Pick<QueryResolvers<Context>, 'candidateExports'> = {
  async candidateExports(_p, { page, pageSize }, ctx) {
    const p = page ?? 1;
    const size = pageSize ?? 20;
    if (!Number.isInteger(p) || p < 1 || !Number.isInteger(size) || size < 1 || size > PAGE_SIZE_MAX)
      throw gqlError('BAD_USER_INPUT', `La página debe ser 1 o más, y las filas entre 1 y ${PAGE_SIZE_MAX}.`);
    const log = await ctx.exports.log(p, size);
    return {
      ...log,
      items: log.items.map((r) => ({
        id: r.id,
        exportedAt: r.at,
        exportedBy: r.userName,
        byApiToken: r.byToken,
        list: r.list === 'vacancy' ? 'VACANCY' : 'INBOX',
        vacancyId: r.vacancyId,
        vacancyName: r.vacancyName,
        state: r.state,
        search: r.search,
        rowCount: r.rows,
        selectedCount: r.selected,
        format: r.format === 'xlsx' ? 'XLSX' : 'CSV',
      })),
    };
  },
};
