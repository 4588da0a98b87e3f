import { API_TOKEN_MESSAGES, apiTokenSchema, check } from '@bolsa/domain';
import type { ApiTokenResolvers, MutationResolvers, QueryResolvers } from '../generated/resolvers.js';
import { hashToken, newApiToken } from '../auth/session.js';
import { mutationError, validationFailed } from '../errors.js';
import type { Context } from '../context.js';
import type { Failure } from '../upstream/failure.js';

/** The api refusing the name with one of its messages (an api stricter than this BFF): under the name field. */
export function apiRefusal(f: Failure) {
  const m = f.message;
  const nameMessages: (string | undefined)[] = [API_TOKEN_MESSAGES.nameRequired, API_TOKEN_MESSAGES.nameTooLong];
  if (f.kind !== 'invalid' || !m || !nameMessages.includes(m)) return null;
  return validationFailed(m, [{ path: 'name', message: m }]);
}

export const apiTokenQueries: Pick<QueryResolvers<Context>, 'apiTokens'> = {
  apiTokens: (_p, _a, ctx) => ctx.apiTokens.list(),
};

export const apiTokenMutations: Pick<MutationResolvers<Context>, 'createApiToken' | 'revokeApiToken'> = {
  async createApiToken(_p, { name, role }, ctx) {
    // The domain's rule, as the web form and the api check it: each message under its field ('name').
    const c = check(apiTokenSchema(), { name, role });
    if (!c.ok) return { token: null, apiToken: null, error: validationFailed(c.message, c.fields) };
    const token = newApiToken();
    const r = await ctx.apiTokens.create(c.value.name, c.value.role, hashToken(token));
    if (!r.ok)
      return {
        token: null,
        apiToken: null,
        error: apiRefusal(r.failure) ?? mutationError(r.failure, { failed: API_TOKEN_MESSAGES.createFailed }),
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
