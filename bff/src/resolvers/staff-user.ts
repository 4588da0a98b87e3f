import { USER_MESSAGES, staffEmailRule } from '@bolsa/domain';
import type {
  MutationResolvers,
  QueryResolvers,
  StaffUserResolvers,
  ApiTokenResolvers,
} from '../generated/resolvers.js';
import { fieldsOf, id, listOf, pick, text } from '../normalise/fields.js';
import { normaliseStaffUser, parseEstatus, type StaffUserDto } from '../normalise/staff-user.js';
import { hashToken, newApiToken } from '../auth/session.js';
import type { Context } from '../context.js';
import { operationFailed, validationFailed } from './errors.js';
import { ROLE_ENUM, ROLE_ID } from './roles.js';

async function listUsers(ctx: Context): Promise<StaffUserDto[]> {
  return (await ctx.accounts.users())
    .map((u) => normaliseStaffUser(u, ctx.config.roleRules))
    .filter((u): u is StaffUserDto => u !== null)
    .sort((a, b) => a.name.localeCompare(b.name, 'es'));
}

async function findUser(ctx: Context, userId: string) {
  return (await listUsers(ctx)).find((u) => u.id === userId) ?? null;
}

const notFound = { __typename: 'NotFound' as const, message: 'El usuario no existe o ya fue eliminado.' };
const selfRefused = (message: string) => ({ __typename: 'Conflict' as const, message });

export interface ApiTokenDto {
  id: string;
  name: string;
  roleId: 1 | 2 | 3;
  createdAt: string;
  lastUsedAt: string | null;
  revoked: boolean;
}

function normaliseToken(raw: unknown): ApiTokenDto | null {
  const f = fieldsOf(raw);
  const tid = id(pick(f, 'id'));
  const r = Number(pick(f, 'idrol'));
  if (!tid) return null;
  return {
    id: tid,
    name: text(pick(f, 'nombre')) ?? 'API',
    roleId: r === 1 || r === 2 ? r : 3,
    createdAt: text(pick(f, 'creado_en', 'creadoEn')) ?? '',
    lastUsedAt: text(pick(f, 'usado_en', 'usadoEn')),
    revoked: pick(f, 'revocado') === true,
  };
}

export const staffUserQueries: Pick<QueryResolvers<Context>, 'staffUsers' | 'apiTokens'> = {
  staffUsers: (_p, _a, ctx) => listUsers(ctx),
  async apiTokens(_p, _a, ctx) {
    return (await ctx.accounts.apiTokens()).map(normaliseToken).filter((t): t is ApiTokenDto => t !== null);
  },
};

export const staffUserMutations: Pick<
  MutationResolvers<Context>,
  'createStaffUser' | 'updateStaffUser' | 'toggleStaffUser' | 'deleteStaffUser' | 'createApiToken' | 'revokeApiToken'
> = {
  async createStaffUser(_p, { input }, ctx) {
    const rule = staffEmailRule(ctx.config.orgEmailDomain);
    const email = input.email.trim().toLowerCase();
    if (!input.name.trim() || !email || !input.password)
      return { user: null, error: validationFailed(USER_MESSAGES.incomplete) };
    if (!rule.test(email))
      return { user: null, error: validationFailed(rule.submitMessage, [{ path: 'email', message: rule.inline }]) };
    const a = await ctx.accounts.createUser({
      id: 0,
      nombre: input.name.trim(),
      usuario_: email,
      clave: input.password,
      idRol: ROLE_ID[input.role] === 4 ? 3 : ROLE_ID[input.role],
      estatus: '1',
    });
    if (a.status === 409)
      return { user: null, error: { __typename: 'Conflict', message: 'Ya existe un usuario con ese correo.' } };
    if (a.status === 400)
      return {
        user: null,
        error: validationFailed(String((a.body as { message?: string })?.message ?? USER_MESSAGES.incomplete)),
      };
    const newId = id(pick(fieldsOf(a.body), 'id'));
    if (a.status !== 200 || !newId) return { user: null, error: operationFailed('No se pudo crear el usuario', a) };
    return {
      user: (await findUser(ctx, newId)) ?? { id: newId, name: input.name.trim(), email, roleId: 3, active: true },
      error: null,
    };
  },

  async updateStaffUser(_p, { id: userId, input }, ctx) {
    const rule = staffEmailRule(ctx.config.orgEmailDomain);
    const email = input.email.trim().toLowerCase();
    if (!input.name.trim() || !email) return { user: null, error: validationFailed(USER_MESSAGES.incomplete) };
    if (!rule.test(email))
      return { user: null, error: validationFailed(rule.submitMessage, [{ path: 'email', message: rule.inline }]) };
    const current = await findUser(ctx, userId);
    if (!current) return { user: null, error: notFound };
    if (userId === ctx.viewer?.id && ROLE_ID[input.role] !== current.roleId) {
      return { user: null, error: selfRefused('No puedes cambiar el rol de tu propia cuenta.') };
    }
    const a = await ctx.accounts.updateUser(userId, {
      id: Number(userId),
      nombre: input.name.trim(),
      usuario_: email,
      estatus: current.active ? '1' : '0',
      idRol: ROLE_ID[input.role] === 4 ? 3 : ROLE_ID[input.role],
      clave: input.password ?? '',
    });
    if (a.status === 404) return { user: null, error: notFound };
    if (a.status === 409)
      return { user: null, error: { __typename: 'Conflict', message: 'Ya existe un usuario con ese correo.' } };
    if (a.status !== 200) return { user: null, error: operationFailed('No se pudo actualizar', a) };
    return { user: await findUser(ctx, userId), error: null };
  },

  async toggleStaffUser(_p, { id: userId }, ctx) {
    if (userId === ctx.viewer?.id) return { user: null, error: selfRefused('No puedes desactivar tu propia cuenta.') };
    const a = await ctx.accounts.toggleUser(userId);
    if (a.status === 404) return { user: null, error: notFound };
    if (a.status !== 200) return { user: null, error: operationFailed('No se pudo cambiar el estado', a) };
    const user = await findUser(ctx, userId);
    const estatus = pick(fieldsOf(a.body), 'estatus');
    return { user: user && estatus !== undefined ? { ...user, active: parseEstatus(estatus) } : user, error: null };
  },

  async deleteStaffUser(_p, { id: userId }, ctx) {
    if (userId === ctx.viewer?.id) return { ok: false, error: selfRefused('No puedes eliminar tu propia cuenta.') };
    const a = await ctx.accounts.deleteUser(userId);
    if (a.status === 404) return { ok: false, error: notFound };
    if (a.status === 405) return { ok: false, error: operationFailed('El servidor no permite eliminar usuarios.', a) };
    if (a.status !== 200 || pick(fieldsOf(a.body), 'success') !== true) {
      return { ok: false, error: operationFailed('La respuesta del servidor no indica éxito.', a) };
    }
    return { ok: true, error: null };
  },

  async createApiToken(_p, { name, role }, ctx) {
    const roleId = ROLE_ID[role];
    if (!name.trim() || roleId === 4)
      return { token: null, apiToken: null, error: validationFailed('Indica un nombre y un rol de personal.') };
    const token = newApiToken();
    const a = await ctx.accounts.createApiToken(name.trim(), roleId, hashToken(token));
    const tid = id(pick(fieldsOf(a.body), 'id'));
    if (a.status !== 200 || !tid)
      return { token: null, apiToken: null, error: operationFailed('No se pudo crear el token', a) };
    const apiToken =
      listOf(await ctx.accounts.apiTokens())
        .map(normaliseToken)
        .find((t) => t?.id === tid) ?? null;
    return { token, apiToken, error: null };
  },

  async revokeApiToken(_p, { id: tokenId }, ctx) {
    const a = await ctx.accounts.revokeApiToken(tokenId);
    if (a.status === 404) return { ok: false, error: { __typename: 'NotFound', message: 'El token no existe.' } };
    if (a.status !== 200) return { ok: false, error: operationFailed('No se pudo revocar el token', a) };
    return { ok: true, error: null };
  },
};

export const StaffUser: StaffUserResolvers<Context> = { role: (u) => ROLE_ENUM[u.roleId] };
export const ApiToken: ApiTokenResolvers<Context> = { role: (t) => ROLE_ENUM[t.roleId] };
