import { TEST_TEMPLATE_MESSAGES, checkTestTemplate, isLinkType, searchKey } from '@bolsa/domain';
import type { MutationResolvers, QueryResolvers, TestTemplateResolvers } from '../generated/resolvers.js';
import { normaliseTestTemplate, type TestTemplateDto } from '../normalise/backoffice.js';
import type { Context } from '../context.js';
import { answerMessage, operationFailed, validationFailed } from './errors.js';

async function listTemplates(ctx: Context): Promise<TestTemplateDto[]> {
  return (await ctx.backoffice.templates()).map(normaliseTestTemplate).filter((t): t is TestTemplateDto => t !== null);
}

const notFound = { __typename: 'NotFound' as const, message: 'La prueba no existe o ya fue eliminada.' };

export const testTemplateQueries: Pick<QueryResolvers<Context>, 'testTemplates'> = {
  async testTemplates(_p, { filter }, ctx) {
    let list = await listTemplates(ctx);
    if (!filter?.includeInactive) list = list.filter((t) => t.active);
    if (filter?.category) list = list.filter((t) => t.category === filter.category);
    if (filter?.type) list = list.filter((t) => t.type === filter.type);
    const key = searchKey(filter?.search);
    if (key) list = list.filter((t) => searchKey(`${t.name} ${t.description ?? ''}`).includes(key));
    return list;
  },
};

export const testTemplateMutations: Pick<
  MutationResolvers<Context>,
  'createTestTemplate' | 'setTestTemplateActive' | 'deleteTestTemplate'
> = {
  async createTestTemplate(_p, { input, fileUploadId }, ctx) {
    const upload = fileUploadId ? ctx.uploads.resolve(fileUploadId, ctx.viewer!.id, 'test-file') : null;
    const link = isLinkType(input.type) ? (input.link?.trim() ?? '') : null;
    const failure = checkTestTemplate({ ...input, link, hasFile: !!upload });
    if (failure) return { template: null, error: validationFailed(failure, [], 'Datos incompletos') };
    const a = await ctx.backoffice.createTemplate(
      {
        Nombre: input.name.trim(),
        Descripcion: input.description.trim(),
        Tipo: input.type,
        Categoria: input.category,
        Activo: String(input.active ?? true),
        ...(link ? { Link: link } : {}),
      },
      upload && !link ? { data: await ctx.uploads.read(upload), upload } : undefined,
    );
    const created = a.status >= 200 && a.status < 300 ? normaliseTestTemplate(a.body) : null;
    if (!created) {
      return {
        template: null,
        error:
          a.status === 400
            ? validationFailed(answerMessage(a) ?? TEST_TEMPLATE_MESSAGES.file)
            : operationFailed(answerMessage(a) ?? 'Error inesperado', a),
      };
    }
    if (upload) await ctx.uploads.discard(upload);
    return { template: created, error: null };
  },

  async setTestTemplateActive(_p, { id, active }, ctx) {
    const a = await ctx.backoffice.setTemplateActive(id, active);
    if (a.status === 404) return { template: null, error: notFound };
    if (a.status !== 200) return { template: null, error: operationFailed('Inténtalo de nuevo.', a) };
    return {
      template: normaliseTestTemplate(a.body) ?? (await listTemplates(ctx)).find((t) => t.id === id) ?? null,
      error: null,
    };
  },

  async deleteTestTemplate(_p, { id }, ctx) {
    const a = await ctx.backoffice.deleteTemplate(id);
    if (a.status === 404) return { ok: false, error: notFound };
    if (a.status !== 200) return { ok: false, error: operationFailed('Ocurrió un error al eliminar.', a) };
    return { ok: true, error: null };
  },
};

export const TestTemplate: TestTemplateResolvers<Context> = {
  downloadUrl: (t) => (t.hasFile && !isLinkType(t.type) ? `/files/tests/${t.id}` : null),
};
