import { USER_MESSAGES, staffEmailRule, type StaffRoleId } from '@bolsa/domain';
import type { MutationResolvers, QueryResolvers, Role, StaffUserResolvers } from '../generated/resolvers.js';
import { conflict, mutationError, notFound, validationFailed } from '../errors.js';
import type { Context } from '../context.js';
import { ROLE_ENUM, ROLE_ID } from './roles.js';

const USER_NOT_FOUND = 'El usuario no existe o ya fue eliminado.';
const USER_EXISTS = 'Ya existe un usuario con ese correo.';

/** A staff role id; CANDIDATE is no staff role and becomes VIEWER, as the api would. */
const staffRole = (role: Role): StaffRoleId => {
  const r = ROLE_ID[role];
  return r === 4 ? 3 : r;
};

function checkInput(ctx: Context, input: { name: string; email: string; password?: string | null }, create: boolean) {
  const rule = staffEmailRule(ctx.config.orgEmailDomain);
  const email = input.email.trim().toLowerCase();
  if (!input.name.trim() || !email || (create && !input.password))
    return { email, error: validationFailed(USER_MESSAGES.incomplete) };
  if (!rule.test(email))
    return { email, error: validationFailed(rule.submitMessage, [{ path: 'email', message: rule.inline }]) };
  return { email, error: null };
}

export const staffUserQueries: Pick<QueryResolvers<Context>, 'staffUsers'> = {
  staffUsers: (_p, _a, ctx) => ctx.staffUsers.list(),
};

export const staffUserMutations: Pick<
  MutationResolvers<Context>,
  'createStaffUser' | 'updateStaffUser' | 'toggleStaffUser' | 'deleteStaffUser'
> = {
  async createStaffUser(_p, { input }, ctx) {
    const { email, error } = checkInput(ctx, input, true);
    if (error) return { user: null, error };
    const r = await ctx.staffUsers.create({
      name: input.name.trim(),
      email,
      password: input.password!,
      roleId: staffRole(input.role),
    });
    if (!r.ok)
      return {
        user: null,
        error: mutationError(r.failure, {
          failed: 'No se pudo crear el usuario',
          invalid: USER_MESSAGES.incomplete,
          conflict: USER_EXISTS,
        }),
      };
    return { user: r.value, error: null };
  },

  async updateStaffUser(_p, { id, input }, ctx) {
    const { email, error } = checkInput(ctx, input, false);
    if (error) return { user: null, error };
    const current = await ctx.staffUsers.find(id);
    if (!current) return { user: null, error: notFound(USER_NOT_FOUND) };
    if (id === ctx.viewer?.id && ROLE_ID[input.role] !== current.roleId)
      return { user: null, error: conflict('No puedes cambiar el rol de tu propia cuenta.') };
    const r = await ctx.staffUsers.update(id, {
      name: input.name.trim(),
      email,
      password: input.password ?? '',
      roleId: staffRole(input.role),
      active: current.active,
    });
    if (!r.ok)
      return {
        user: null,
        error: mutationError(r.failure, {
          failed: 'No se pudo actualizar',
          notFound: USER_NOT_FOUND,
          conflict: USER_EXISTS,
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
        error: mutationError(r.failure, { failed: 'No se pudo cambiar el estado', notFound: USER_NOT_FOUND }),
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
          failed: 'La respuesta del servidor no indica éxito.',
          notFound: USER_NOT_FOUND,
          refused: 'El servidor no permite eliminar usuarios.',
        }),
      };
    return { ok: true, error: null };
  },
};

export const StaffUser: StaffUserResolvers<Context> = { role: (u) => ROLE_ENUM[u.roleId] };
