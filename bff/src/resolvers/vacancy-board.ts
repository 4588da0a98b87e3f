import { BOARD_PAGE_SIZE } from '@bolsa/domain';
import type { QueryResolvers } from '../generated/resolvers.js';
import type { Context } from '../context.js';
import { pageOf } from '../graph/candidate-page.js';

const MAX_PAGE_SIZE = 100;

/** The vacancy board's columns (issue 23, item 5): the by-vacancy list of the api, one state at a time. */
export const vacancyBoardQueries: Pick<QueryResolvers<Context>, 'vacancyBoardColumn'> = {
  async vacancyBoardColumn(_p, { vacancyId, state, page, pageSize }, ctx) {
    return pageOf(
      await ctx.candidates.list({
        list: 'VACANCY',
        vacancyId,
        state,
        page: Math.max(page ?? 1, 1),
        pageSize: Math.min(Math.max(pageSize ?? BOARD_PAGE_SIZE, 1), MAX_PAGE_SIZE),
      }),
    );
  },
};
