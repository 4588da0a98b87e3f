import { USER_MESSAGES, check, staffUserSchema } from '@bolsa/domain';
import type { MutationResolvers, QueryResolvers, StaffUserResolvers } from '../generated/resolvers.js';
import { conflict, mutationError, notFound, validationFailed } from '../errors.js';
import type { Context } from '../context.js';

/** The domain's staff-user schema (organisation e-mail domain, staff roles only, password rules). */
function checkInput(ctx: Context, input: unknown, mode: 'create' | 'update') {
  const c = check(staffUserSchema(ctx.config.orgEmailDomain, mode), input);
  return c.ok ? c : { ok: false as const, error: validationFailed(c.message, c.fields) };
}

export const staffUserQueries: Pick<QueryResolvers<Context>, 'staffUsers'> = {
  staffUsers: (_p, _a, ctx) => ctx.staffUsers.list(),
};

export const staffUserMutations: Pick<
  MutationResolvers<Context>,
  'createStaffUser' | 'updateStaffUser' | 'toggleStaffUser' | 'deleteStaffUser'
> = {
  async createStaffUser(_p, { input }, ctx) {
    const c = checkInput(ctx, input, 'create');
    if (!c.ok) return { user: null, error: c.error };
    const r = await ctx.staffUsers.create(c.value);
    if (!r.ok)
      return {
        user: null,
        error: mutationError(r.failure, {
          failed: USER_MESSAGES.createFailed,
          invalid: USER_MESSAGES.incomplete,
          conflict: USER_MESSAGES.exists,
        }),
      };
    return { user: r.value, error: null };
  },

  async updateStaffUser(_p, { id, input }, ctx) {
    const c = checkInput(ctx, input, 'update');
    if (!c.ok) return { user: null, error: c.error };
    const current = await ctx.staffUsers.find(id);
    if (!current) return { user: null, error: notFound(USER_MESSAGES.notFound) };
    if (id === ctx.viewer?.id && c.value.role !== current.roleId)
      return { user: null, error: conflict(USER_MESSAGES.ownRole) };
    const r = await ctx.staffUsers.update(id, { ...c.value, active: current.active });
    if (!r.ok)
      return {
        user: null,
        error: mutationError(r.failure, {
          failed: USER_MESSAGES.updateFailed,
          notFound: USER_MESSAGES.notFound,
          conflict: USER_MESSAGES.exists,
        }),
      };
    return { user: r.value, error: null };
  },

  async toggleStaffUser(_p, { id }, ctx) {
    if (id === ctx.viewer?.id) return { user: null, error: conflict('No puedes desactivar tu propia cuenta.') };
    const r = await ctx.staffUsers.toggle(id);
    if (!r.ok)
      return {
        user: null,
        error: mutationError(r.failure, { failed: USER_MESSAGES.toggleFailed, notFound: USER_MESSAGES.notFound }),
      };
    return { user: r.value, error: null };
  },

  async deleteStaffUser(_p, { id }, ctx) {
    if (id === ctx.viewer?.id) return { ok: false, error: conflict('No puedes eliminar tu propia cuenta.') };
    const r = await ctx.staffUsers.delete(id);
    if (!r.ok)
      return {
        ok: false,
        error: mutationError(r.failure, {
          failed: USER_MESSAGES.deleteNoSuccess,
          notFound: USER_MESSAGES.notFound,
          refused: USER_MESSAGES.deleteNotAllowed,
        }),
      };
    return { ok: true, error: null };
  },
};

export const StaffUser: StaffUserResolvers<Context> = { role: (u) => u.roleId };
