import {
  VACANCY_MESSAGES,
  checkNewVacancy,
  checkVacancyEdit,
  isOpenForApplications,
  todayInGuatemala,
} from '@bolsa/domain';
import type { MutationResolvers, QueryResolvers, VacancyInput, VacancyResolvers } from '../generated/resolvers.js';
import { cardImageUrl, imageUrl } from '../normalise/vacancy.js';
import { resolvePlace } from '../normalise/place.js';
import type { VacancyListPage, VacancyWrite } from '../upstream/vacancies.js';
import { mutationError, notFound, unexpected, validationFailed } from '../errors.js';
import type { Context } from '../context.js';

export const PUBLIC_MAX_PAGE_SIZE = 50;
const STAFF_MAX_PAGE_SIZE = 100;

const clamp = (n: number | null | undefined, fallback: number, max: number) =>
  Math.min(Math.max(n ?? fallback, 1), max);

const firstName = (name: string | null | undefined) => (name ?? '').trim().split(/\s+/)[0] || null;

/** 'Creada por' / 'Editado por': the name the api sent, else the shared staff directory. */
async function authorFirstName(name: string | null, userId: string | null, ctx: Context) {
  if (name) return firstName(name);
  return userId ? firstName((await ctx.loaders.users.load(userId))?.name) : null;
}

/** The session user as PublicadoPor/ActualizadoPor (integrations have none). */
const actorId = (ctx: Context) => (ctx.viewer?.kind === 'STAFF' ? ctx.viewer.id : '');

const toWrite = (input: VacancyInput): VacancyWrite => ({
  name: input.name.trim(),
  branchId: input.branchId,
  description: input.description.trim(),
  endsAt: input.endsAt ?? null,
  active: input.active,
  departmentId: input.departmentId ?? null,
  municipalityId: input.municipalityId ?? null,
  placeText: input.placeText ?? null,
  requirements: input.requirements,
  benefits: input.benefits,
});

const vacancyNotFound = () => notFound(VACANCY_MESSAGES.deleteNotFound);

const pageOf = (p: VacancyListPage) => ({
  items: p.items,
  totalCount: p.totalCount,
  page: p.page,
  pageSize: p.pageSize,
  featuredCount: p.counts.featured,
  activeCount: p.counts.active,
  inactiveCount: p.counts.inactive,
});

export const vacancyQueries: Pick<
  QueryResolvers<Context>,
  'vacancies' | 'vacancy' | 'adminVacancies' | 'adminVacancy' | 'vacancyNameCheck'
> = {
  async vacancies(_p, { filter, page, pageSize }, ctx) {
    return pageOf(
      await ctx.vacancies.list({
        view: 'PUBLIC',
        page: Math.max(page ?? 1, 1),
        pageSize: clamp(pageSize, 6, PUBLIC_MAX_PAGE_SIZE),
        search: filter?.search,
        branchId: filter?.branchId,
        vacancyId: filter?.vacancyId,
        featuredOnly: filter?.featuredOnly,
      }),
    );
  },

  async vacancy(_p, { id }, ctx) {
    const v = await ctx.vacancies.get(id);
    return v && isOpenForApplications(v) ? v : null;
  },

  async adminVacancies(_p, { filter, sort, page, pageSize }, ctx) {
    return pageOf(
      await ctx.vacancies.list({
        view: 'STAFF',
        page: Math.max(page ?? 1, 1),
        pageSize: clamp(pageSize, 10, STAFF_MAX_PAGE_SIZE),
        search: filter?.search,
        branchId: filter?.branchId,
        vacancyId: filter?.vacancyId,
        featuredOnly: filter?.featuredOnly,
        status: filter?.status,
        sort,
      }),
    );
  },

  adminVacancy: (_p, { id }, ctx) => ctx.vacancies.get(id),

  async vacancyNameCheck(_p, { name, branchId }, ctx) {
    const r = await ctx.vacancies.nameCheck(name.trim(), branchId);
    if (!r.ok) throw unexpected(r.failure);
    return r.value;
  },
};

export const vacancyMutations: Pick<
  MutationResolvers<Context>,
  'createVacancy' | 'updateVacancy' | 'deleteVacancy' | 'setVacancyFeatured'
> = {
  async createVacancy(_p, { input, imageUploadId }, ctx) {
    const upload = ctx.uploads.resolve(imageUploadId, ctx.viewer!.id, 'vacancy-image');
    const problem = checkNewVacancy(
      {
        ...input,
        endsAt: input.endsAt ?? null,
        branchId: input.branchId || null,
        municipalityId: input.municipalityId ?? null,
        placeText: input.placeText ?? null,
        departmentId: input.departmentId ?? null,
        hasImage: !!upload,
      },
      todayInGuatemala(),
    );
    if (problem)
      return {
        vacancy: null,
        error: validationFailed(problem.message, [{ path: problem.field, message: problem.message }], problem.title),
      };
    const image = { data: await ctx.uploads.read(upload!), mime: upload!.mime, name: upload!.name };
    const r = await ctx.vacancies.create(toWrite(input), actorId(ctx), image);
    if (!r.ok)
      return {
        vacancy: null,
        error: mutationError(r.failure, { failed: VACANCY_MESSAGES.createFailed, preferApiMessage: true }),
      };
    await ctx.uploads.discard(upload!);
    return { vacancy: r.value, error: null };
  },

  async updateVacancy(_p, { id, input, imageUploadId }, ctx) {
    const current = await ctx.vacancies.get(id);
    if (!current) return { vacancy: null, error: vacancyNotFound() };
    const problem = checkVacancyEdit(
      { ...input, endsAt: input.endsAt ?? null, departmentId: input.departmentId ?? null },
      todayInGuatemala(),
    );
    if (problem)
      return {
        vacancy: null,
        error: validationFailed(problem.message, [{ path: problem.field, message: problem.message }], problem.title),
      };
    const upload = imageUploadId ? ctx.uploads.resolve(imageUploadId, ctx.viewer!.id, 'vacancy-image') : null;
    if (imageUploadId && !upload)
      return { vacancy: null, error: validationFailed(VACANCY_MESSAGES.noImage, [], 'Archivo no válido') };
    const image = upload ? { data: await ctx.uploads.read(upload), mime: upload.mime, name: upload.name } : null;
    const r = await ctx.vacancies.update(
      id,
      toWrite(input),
      { createdById: current.createdById, actorId: actorId(ctx) },
      image,
    );
    if (!r.ok)
      return {
        vacancy: null,
        error: mutationError(r.failure, {
          failed: VACANCY_MESSAGES.updateFailed,
          notFound: VACANCY_MESSAGES.deleteNotFound,
          preferApiMessage: true,
        }),
      };
    if (upload) await ctx.uploads.discard(upload);
    return { vacancy: r.value, error: null };
  },

  async deleteVacancy(_p, { id }, ctx) {
    const r = await ctx.vacancies.delete(id);
    if (!r.ok) {
      const m = r.failure.message;
      return {
        ok: false,
        deletedApplications: 0,
        error: mutationError(r.failure, {
          failed: m ? `Error: ${m}` : VACANCY_MESSAGES.deleteDefault,
          invalid: m ? `Error: ${m}` : VACANCY_MESSAGES.deleteDefault,
          notFound: VACANCY_MESSAGES.deleteNotFound,
          serverError: VACANCY_MESSAGES.deleteServerError,
        }),
      };
    }
    return { ok: true, deletedApplications: r.value.deletedApplications, error: null };
  },

  async setVacancyFeatured(_p, { id, featured }, ctx) {
    const r = await ctx.vacancies.setFeatured(id, featured);
    if (!r.ok)
      return {
        vacancy: null,
        error: mutationError(r.failure, {
          failed: VACANCY_MESSAGES.featuredNotConfirmed,
          notFound: VACANCY_MESSAGES.deleteNotFound,
        }),
      };
    return { vacancy: r.value, error: null };
  },
};

export const Vacancy: VacancyResolvers<Context> = {
  async branch(v, _a, ctx) {
    if (!v.branchId) return null;
    if (v.branchName) return { id: v.branchId, name: v.branchName };
    return ctx.catalogue.branch(v.branchId);
  },
  place: async (v, _a, ctx) => (await resolvePlace(v, ctx.catalogue)).text,
  municipality: async (v, _a, ctx) => (await resolvePlace(v, ctx.catalogue)).municipality,
  async department(v, _a, ctx) {
    const p = await resolvePlace(v, ctx.catalogue);
    return p.departmentId && p.departmentName ? { id: p.departmentId, name: p.departmentName } : null;
  },
  imageUrl: (v) => imageUrl(v),
  cardImageUrl: (v) => cardImageUrl(v),
  url: (v) => `/vacantes/${v.id}`,
  departmentId: async (v, _a, ctx) => (await resolvePlace(v, ctx.catalogue)).departmentId ?? v.departmentCode,
  municipalityId: (v) => (v.place?.kind === 'ine' ? v.place.municipalityId : null),
  placeText: (v) => (v.place?.kind === 'text' ? v.place.text : null),
  createdAt: (v) => v.createdAt,
  createdBy: (v, _a, ctx) => authorFirstName(v.createdByName, v.createdById, ctx),
  updatedBy: (v, _a, ctx) => authorFirstName(v.updatedByName, v.updatedById, ctx),
};
