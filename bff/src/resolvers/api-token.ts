import { API_TOKEN_MESSAGES, isStaffRole } from '@bolsa/domain';
import type { ApiTokenResolvers, MutationResolvers, QueryResolvers } from '../generated/resolvers.js';
import { hashToken, newApiToken } from '../auth/session.js';
import { mutationError, validationFailed } from '../errors.js';
import type { Context } from '../context.js';

export const apiTokenQueries: Pick<QueryResolvers<Context>, 'apiTokens'> = {
  apiTokens: (_p, _a, ctx) => ctx.apiTokens.list(),
};

export const apiTokenMutations: Pick<MutationResolvers<Context>, 'createApiToken' | 'revokeApiToken'> = {
  async createApiToken(_p, { name, role }, ctx) {
    const roleId = role;
    if (!name.trim() || !isStaffRole(roleId))
      return { token: null, apiToken: null, error: validationFailed('Indica un nombre y un rol de personal.') };
    const token = newApiToken();
    const r = await ctx.apiTokens.create(name.trim(), roleId, hashToken(token));
    if (!r.ok)
      return {
        token: null,
        apiToken: null,
        error: mutationError(r.failure, { failed: API_TOKEN_MESSAGES.createFailed }),
      };
    return { token, apiToken: r.value, error: null };
  },

  async revokeApiToken(_p, { id }, ctx) {
    const r = await ctx.apiTokens.revoke(id);
    if (!r.ok)
      return {
        ok: false,
        error: mutationError(r.failure, {
          failed: API_TOKEN_MESSAGES.revokeFailed,
          notFound: API_TOKEN_MESSAGES.notFound,
        }),
      };
    return { ok: true, error: null };
  },
};

export const ApiToken: ApiTokenResolvers<Context> = { role: (t) => t.roleId };
