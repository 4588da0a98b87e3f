import { EMAIL_TEMPLATE_MESSAGES } from '@bolsa/domain';
import type { MutationResolvers, QueryResolvers } from '../generated/resolvers.js';
import type { Context } from '../context.js';
import { mutationError } from '../errors.js';
import { actorOf } from '../graph/viewer.js';

/** The e-mail templates (issue 24): role 1 only (schema @auth; the api checks the role again). */
export const emailTemplateQueries: Pick<
  QueryResolvers<Context>,
  'emailTemplates' | 'emailTemplateVersions' | 'previewEmailTemplate'
> = {
  emailTemplates: (_p, _a, ctx) => ctx.emailTemplates.list(actorOf(ctx)),
  emailTemplateVersions: (_p, { key }, ctx) => ctx.emailTemplates.versions(key, actorOf(ctx)),
  async previewEmailTemplate(_p, { key, subject, body }, ctx) {
    const r = await ctx.emailTemplates.preview(key, subject, body, actorOf(ctx));
    if (!r.ok)
      return {
        preview: null,
        error: mutationError(r.failure, {
          failed: EMAIL_TEMPLATE_MESSAGES.previewFailed,
          notFound: EMAIL_TEMPLATE_MESSAGES.notFound,
        }),
      };
    return { preview: r.value, error: null };
  },
};

export const emailTemplateMutations: Pick<
  MutationResolvers<Context>,
  'updateEmailTemplate' | 'restoreEmailTemplate'
> = {
  async updateEmailTemplate(_p, { key, subject, body }, ctx) {
    const r = await ctx.emailTemplates.save(key, subject, body, actorOf(ctx));
    if (!r.ok)
      return {
        template: null,
        error: mutationError(r.failure, {
          failed: EMAIL_TEMPLATE_MESSAGES.saveFailed,
          notFound: EMAIL_TEMPLATE_MESSAGES.notFound,
        }),
      };
    return { template: r.value, error: null };
  },

  async restoreEmailTemplate(_p, { key, versionId }, ctx) {
    const actor = actorOf(ctx);
    const r = versionId
      ? await ctx.emailTemplates.restore(key, versionId, actor)
      : await ctx.emailTemplates.reset(key, actor);
    if (!r.ok)
      return {
        template: null,
        error: mutationError(r.failure, {
          failed: EMAIL_TEMPLATE_MESSAGES.restoreFailed,
          notFound: versionId ? EMAIL_TEMPLATE_MESSAGES.versionNotFound : EMAIL_TEMPLATE_MESSAGES.notFound,
        }),
      };
    return { template: r.value, error: null };
  },
};
