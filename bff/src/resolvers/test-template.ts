import { TEST_TEMPLATE_MESSAGES, checkTestTemplate, isLinkType } from '@bolsa/domain';
import type { MutationResolvers, QueryResolvers, TestTemplateResolvers } from '../generated/resolvers.js';
import { mutationError, validationFailed } from '../errors.js';
import type { Context } from '../context.js';

const TEMPLATE_NOT_FOUND = 'La prueba no existe o ya fue eliminada.';

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
    const link = isLinkType(input.type) ? (input.link?.trim() ?? '') : null;
    const problem = checkTestTemplate({ ...input, link, hasFile: !!upload });
    if (problem) return { template: null, error: validationFailed(problem, [], 'Datos incompletos') };
    const file =
      upload && !link ? { data: await ctx.uploads.read(upload), mime: upload.mime, name: upload.name } : null;
    const r = await ctx.testTemplates.create(
      {
        name: input.name.trim(),
        description: input.description.trim(),
        type: input.type,
        category: input.category,
        active: input.active ?? true,
        link: link || null,
      },
      file,
    );
    if (!r.ok)
      return {
        template: null,
        error: mutationError(r.failure, {
          failed: 'Error inesperado',
          invalid: TEST_TEMPLATE_MESSAGES.file,
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
        error: mutationError(r.failure, { failed: 'Inténtalo de nuevo.', notFound: TEMPLATE_NOT_FOUND }),
      };
    return { template: r.value, error: null };
  },

  async deleteTestTemplate(_p, { id }, ctx) {
    const r = await ctx.testTemplates.delete(id);
    if (!r.ok)
      return {
        ok: false,
        error: mutationError(r.failure, { failed: 'Ocurrió un error al eliminar.', notFound: TEMPLATE_NOT_FOUND }),
      };
    return { ok: true, error: null };
  },
};

export const TestTemplate: TestTemplateResolvers<Context> = {
  downloadUrl: (t) => (t.hasFile && !isLinkType(t.type) ? `/files/tests/${t.id}` : null),
};
