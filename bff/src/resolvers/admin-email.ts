import { adminEmailRule } from '@bolsa/domain';
import type { MutationResolvers, QueryResolvers } from '../generated/resolvers.js';
import { mutationError, validationFailed } from '../errors.js';
import type { Context } from '../context.js';

const EMAIL_NOT_FOUND = 'El correo no existe.';
const EMAIL_EXISTS = 'Ese correo ya está registrado.';

function check(ctx: Context, email: string, name: string, mode: 'create' | 'edit') {
  const rule = adminEmailRule(ctx.config.orgEmailDomain);
  const normalised = rule.normalise(email);
  const problems = [
    { path: 'email', message: rule.checkEmail(normalised, mode) },
    { path: 'name', message: rule.checkName(name) },
  ].filter((f): f is { path: string; message: string } => f.message !== null);
  return { normalised, error: problems.length ? validationFailed(problems[0]!.message, problems) : null };
}

export const adminEmailQueries: Pick<QueryResolvers<Context>, 'adminEmails'> = {
  adminEmails: (_p, { search, includeInactive }, ctx) => ctx.adminEmails.list({ onlyActive: !includeInactive, search }),
};

export const adminEmailMutations: Pick<
  MutationResolvers<Context>,
  'createAdminEmail' | 'updateAdminEmail' | 'setAdminEmailActive' | 'deleteAdminEmail'
> = {
  async createAdminEmail(_p, { email, name }, ctx) {
    const { normalised, error } = check(ctx, email, name, 'create');
    if (error) return { adminEmail: null, error };
    const r = await ctx.adminEmails.create(normalised, name.trim());
    if (!r.ok)
      return {
        adminEmail: null,
        error: mutationError(r.failure, {
          failed: 'No se pudo crear el correo.',
          conflict: EMAIL_EXISTS,
          preferApiMessage: true,
        }),
      };
    return { adminEmail: r.value, error: null };
  },

  async updateAdminEmail(_p, { id, email, name }, ctx) {
    const { normalised, error } = check(ctx, email, name, 'edit');
    if (error) return { adminEmail: null, error };
    const r = await ctx.adminEmails.update(id, normalised, name.trim());
    if (!r.ok)
      return {
        adminEmail: null,
        error: mutationError(r.failure, {
          failed: 'No se pudo actualizar',
          notFound: EMAIL_NOT_FOUND,
          conflict: EMAIL_EXISTS,
        }),
      };
    return { adminEmail: r.value, error: null };
  },

  async setAdminEmailActive(_p, { id, active }, ctx) {
    const r = await ctx.adminEmails.setActive(id, active);
    if (!r.ok)
      return {
        adminEmail: null,
        error: mutationError(r.failure, { failed: 'No se pudo cambiar el estado', notFound: EMAIL_NOT_FOUND }),
      };
    return { adminEmail: r.value, error: null };
  },

  async deleteAdminEmail(_p, { id }, ctx) {
    const r = await ctx.adminEmails.delete(id);
    if (!r.ok)
      return {
        ok: false,
        error: mutationError(r.failure, { failed: 'No se pudo eliminar', notFound: EMAIL_NOT_FOUND }),
      };
    return { ok: true, error: null };
  },
};
