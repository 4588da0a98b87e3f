import { check, funnelRangeSchema } from '@bolsa/domain';
import type { QueryResolvers } from '../generated/resolvers.js';
import type { Context } from '../context.js';
import { gqlError, unexpected } from '../errors.js';

/** The CSV download of the same report (GET /reports/funnel.csv, bff/src/files/reports.ts). */
export function funnelCsvUrl(q: { from: string; to: string; vacancyId?: string | null }): string {
  const params = new URLSearchParams({ from: q.from, to: q.to });
  if (q.vacancyId) params.set('vacancyId', q.vacancyId);
  return `/reports/funnel.csv?${params.toString()}`;
}

export const funnelReportQueries: Pick<QueryResolvers<Context>, 'funnelReport'> = {
  async funnelReport(_p, { from, to, vacancyId }, ctx) {
    const range = check(funnelRangeSchema, { from, to });
    if (!range.ok) throw gqlError('BAD_USER_INPUT', range.message);
    const q = { from: range.value.from, to: range.value.to, vacancyId: vacancyId ?? null };
    const r = await ctx.reports.funnel(q);
    if (!r.ok) throw unexpected(r.failure);
    return { ...r.value, csvUrl: funnelCsvUrl(q) };
  },
};
