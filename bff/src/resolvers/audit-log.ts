import {
  AUDIT_LIMITS,
  AUDIT_MESSAGES,
  auditActionLabel,
  auditVerificationMessage,
  describeAuditDetail,
  describeAuditTarget,
} from '@bolsa/domain';
import type { QueryResolvers } from '../generated/resolvers.js';
import type { Context } from '../context.js';
import { gqlError, unexpected } from '../errors.js';
import type { AuditEntryDto } from '../normalise/audit-log.js';

const entry = (e: AuditEntryDto) => ({
  id: e.id,
  at: e.at,
  actorKind: e.actorKind,
  actorId: e.actorId,
  actorName: e.actorName,
  action: e.action,
  actionLabel: auditActionLabel(e.action),
  targetKind: e.targetKind,
  targetId: e.targetId,
  targetLabel: describeAuditTarget(e.targetKind, e.targetId),
  address: e.address,
  requestId: e.requestId,
  detail: describeAuditDetail(e.detail),
});

/** auditLog and verifyAuditLog (issue 24): the administrators' audit log. */
export const auditLogQueries: Pick<QueryResolvers<Context>, 'auditLog' | 'verifyAuditLog'> = {
  async auditLog(_p, { filter, page, pageSize }, ctx) {
    const p = page ?? 1;
    const size = pageSize ?? AUDIT_LIMITS.pageSizeDefault;
    if (!Number.isInteger(p) || p < 1 || !Number.isInteger(size) || size < 1 || size > AUDIT_LIMITS.pageSizeMax)
      throw gqlError(
        'BAD_USER_INPUT',
        `La página debe ser 1 o más, y las filas entre 1 y ${AUDIT_LIMITS.pageSizeMax}.`,
      );
    if (filter?.from && filter.to && filter.from > filter.to)
      throw gqlError('BAD_USER_INPUT', AUDIT_MESSAGES.rangeInvalid);
    const r = await ctx.auditLog.list(
      {
        actor: filter?.actor,
        action: filter?.action,
        targetKind: filter?.target?.kind,
        targetId: filter?.target?.id,
        from: filter?.from,
        to: filter?.to,
      },
      p,
      size,
    );
    if (!r.ok) {
      if (r.failure.kind === 'invalid') throw gqlError('BAD_USER_INPUT', r.failure.message ?? AUDIT_MESSAGES.loadError);
      throw unexpected(r.failure);
    }
    return { ...r.value, items: r.value.items.map(entry) };
  },

  async verifyAuditLog(_p, _a, ctx) {
    const v = await ctx.auditLog.verify();
    return v.ok
      ? { ok: true, count: v.count, brokenId: null, brokenAt: null, message: auditVerificationMessage(v) }
      : {
          ok: false,
          count: v.count,
          brokenId: String(v.brokenId),
          brokenAt: v.brokenAt,
          message: auditVerificationMessage(v),
        };
  },
};
