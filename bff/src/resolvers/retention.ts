import {
  RETENTION_REASON_LABEL,
  RETENTION_UI,
  retentionConfirmText,
  retentionDocumentsLine,
  retentionHeadline,
  retentionNoticeLine,
  retentionPolicyText,
  retentionRunMessage,
} from '@bolsa/domain';
import type { MutationResolvers, QueryResolvers } from '../generated/resolvers.js';
import type { Context } from '../context.js';
import { mutationError } from '../errors.js';

/** Retention (issue 24): role 1 only (schema @auth). The words come from domain. */
export const retentionQueries: Pick<QueryResolvers<Context>, 'retentionPreview' | 'retentionRuns'> = {
  async retentionPreview(_p, _a, ctx) {
    const p = await ctx.retention.preview();
    return {
      policy: { ...p.policy, description: retentionPolicyText(p.policy) },
      nextRunAt: p.nextRunAt,
      anonymise: p.anonymise,
      notices: p.notices,
      guestDocuments: p.guestDocuments,
      headline: retentionHeadline(p.anonymise, new Date(p.nextRunAt)),
      noticesLine: retentionNoticeLine(p.notices, p.policy.noticeDays),
      guestDocumentsLine: retentionDocumentsLine(p.guestDocuments),
      confirmation: retentionConfirmText(p),
      upcoming: p.upcoming.map((u) => ({ ...u, reason: RETENTION_REASON_LABEL[u.reason] })),
      upcomingTotal: p.upcomingTotal,
    };
  },
  retentionRuns: (_p, _a, ctx) => ctx.retention.runs(),
};

export const retentionMutations: Pick<MutationResolvers<Context>, 'runRetention'> = {
  async runRetention(_p, _a, ctx) {
    const r = await ctx.retention.run();
    if (!r.ok) return { run: null, message: null, error: mutationError(r.failure, { failed: RETENTION_UI.runFailed }) };
    const run = r.value;
    return {
      run,
      message: retentionRunMessage(run),
      error: null,
    };
  },
};
