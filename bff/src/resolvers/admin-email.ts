import { ADMIN_EMAIL_MESSAGES as M, adminEmailSchema, check as checkSchema } from '@bolsa/domain';
import type { MutationResolvers, QueryResolvers } from '../generated/resolvers.js';
import { mutationError, validationFailed } from '../errors.js';
import type { Context } from '../context.js';

/** The domain's admin-email schema: the address of the organisation's domain, an owner's name. */
function check(ctx: Context, email: string, name: string, mode: 'create' | 'edit') {
  const c = checkSchema(adminEmailSchema(ctx.config.orgEmailDomain, mode), { email, name });
  return c.ok ? c : { ok: false as const, error: validationFailed(c.message, c.fields) };
}

export const adminEmailQueries: Pick<QueryResolvers<Context>, 'adminEmails'> = {
  adminEmails: (_p, { search, includeInactive }, ctx) => ctx.adminEmails.list({ onlyActive: !includeInactive, search }),
};

export const adminEmailMutations: Pick<
  MutationResolvers<Context>,
  'createAdminEmail' | 'updateAdminEmail' | 'setAdminEmailActive' | 'deleteAdminEmail'
> = {
  async createAdminEmail(_p, { email, name }, ctx) {
    const c = check(ctx, email, name, 'create');
    if (!c.ok) return { adminEmail: null, error: c.error };
    const r = await ctx.adminEmails.create(c.value.email, c.value.name);
    if (!r.ok)
      return {
        adminEmail: null,
        error: mutationError(r.failure, {
          failed: M.createFailed,
          conflict: M.exists,
          preferApiMessage: true,
        }),
      };
    return { adminEmail: r.value, error: null };
  },

  async updateAdminEmail(_p, { id, email, name }, ctx) {
    const c = check(ctx, email, name, 'edit');
    if (!c.ok) return { adminEmail: null, error: c.error };
    const r = await ctx.adminEmails.update(id, c.value.email, c.value.name);
    if (!r.ok)
      return {
        adminEmail: null,
        error: mutationError(r.failure, {
          failed: M.updateFailed,
          notFound: M.notFound,
          conflict: M.exists,
        }),
      };
    return { adminEmail: r.value, error: null };
  },

  async setAdminEmailActive(_p, { id, active }, ctx) {
    const r = await ctx.adminEmails.setActive(id, active);
    if (!r.ok)
      return {
        adminEmail: null,
        error: mutationError(r.failure, { failed: M.toggleFailed, notFound: M.notFound }),
      };
    return { adminEmail: r.value, error: null };
  },

  async deleteAdminEmail(_p, { id }, ctx) {
    const r = await ctx.adminEmails.delete(id);
    if (!r.ok)
      return {
        ok: false,
        error: mutationError(r.failure, { failed: M.deleteFailed, notFound: M.notFound }),
      };
    return { ok: true, error: null };
  },
};
