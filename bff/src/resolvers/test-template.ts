import { TEST_TEMPLATE_MESSAGES as M, check, isLinkType, testTemplateSchema } from '@bolsa/domain';
import type { MutationResolvers, QueryResolvers, TestTemplateResolvers } from '../generated/resolvers.js';
import { mutationError, validationFailed } from '../errors.js';
import type { Context } from '../context.js';

const INCOMPLETE = M.incompleteTitle;

export const testTemplateQueries: Pick<QueryResolvers<Context>, 'testTemplates'> = {
  testTemplates: (_p, { filter }, ctx) =>
    ctx.testTemplates.list({
      search: filter?.search,
      category: filter?.category,
      type: filter?.type,
      includeInactive: filter?.includeInactive,
    }),
};

export const testTemplateMutations: Pick<
  MutationResolvers<Context>,
  'createTestTemplate' | 'setTestTemplateActive' | 'deleteTestTemplate'
> = {
  async createTestTemplate(_p, { input, fileUploadId }, ctx) {
    const upload = fileUploadId ? ctx.uploads.resolve(fileUploadId, ctx.viewer!.id, 'test-file') : null;
    const c = check(testTemplateSchema, input);
    if (!c.ok) return { template: null, error: validationFailed(c.message, c.fields, INCOMPLETE) };
    const t = c.value;
    const needsFile = !isLinkType(t.type);
    if (needsFile && !upload)
      return { template: null, error: validationFailed(M.file, [{ path: 'file', message: M.file }], INCOMPLETE) };
    const file =
      upload && needsFile ? { data: await ctx.uploads.read(upload), mime: upload.mime, name: upload.name } : null;
    const r = await ctx.testTemplates.create({ ...t, link: t.link || null }, file);
    if (!r.ok)
      return {
        template: null,
        error: mutationError(r.failure, {
          failed: M.unexpected,
          invalid: M.file,
          preferApiMessage: true,
        }),
      };
    if (upload) await ctx.uploads.discard(upload);
    return { template: r.value, error: null };
  },

  async setTestTemplateActive(_p, { id, active }, ctx) {
    const r = await ctx.testTemplates.setActive(id, active);
    if (!r.ok)
      return {
        template: null,
        error: mutationError(r.failure, { failed: M.toggleFailed, notFound: M.notFound }),
      };
    return { template: r.value, error: null };
  },

  async deleteTestTemplate(_p, { id }, ctx) {
    const r = await ctx.testTemplates.delete(id);
    if (!r.ok)
      return {
        ok: false,
        error: mutationError(r.failure, { failed: M.deleteFailed, notFound: M.notFound }),
      };
    return { ok: true, error: null };
  },
};

export const TestTemplate: TestTemplateResolvers<Context> = {
  downloadUrl: (t) => (t.hasFile && !isLinkType(t.type) ? `/files/tests/${t.id}` : null),
};
