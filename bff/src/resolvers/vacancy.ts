import {
  FILE_MESSAGES,
  VACANCY_MESSAGES,
  checkVacancy,
  isEntityId,
  isOpenForApplications,
  type VacancyValues,
} from '@bolsa/domain';
import type { MutationResolvers, QueryResolvers, VacancyResolvers } from '../generated/resolvers.js';
import { cardImageUrl, imageUrl } from '../normalise/vacancy.js';
import { resolvePlace } from '../normalise/place.js';
import type { VacancyWrite } from '../upstream/vacancies.js';
import type { VacancyListPage } from '../normalise/vacancy-page.js';
import { gqlError, mutationError, notFound, unexpected, validationFailed } from '../errors.js';
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

const toWrite = (v: VacancyValues): VacancyWrite => ({
  name: v.name,
  branchId: v.branchId,
  description: v.description,
  endsAt: v.endsAt,
  active: v.active,
  departmentId: v.departmentId,
  municipalityId: v.municipalityId,
  placeText: v.placeText || null,
  requirements: v.requirements,
  benefits: v.benefits,
});

/** The domain's vacancy schema over a GraphQL VacancyInput: the checked values or ValidationFailed. */
function checkInput(mode: 'create' | 'edit', input: { branchId: string }) {
  const r = checkVacancy(mode, input);
  if (r.ok && !isEntityId(r.value.branchId)) {
    // The form's branch is an opaque id to the domain; here it must name a database record.
    const message = mode === 'create' ? VACANCY_MESSAGES.branchRequired : VACANCY_MESSAGES.editRequired;
    const path = mode === 'create' ? 'branchId' : 'name';
    return {
      ok: false as const,
      error: validationFailed(message, [{ path, message }], VACANCY_MESSAGES.titleRequired),
    };
  }
  if (r.ok) return r;
  // The edit form names one message for name and branch together.
  const field = (f: string) => (mode === 'edit' && f === 'branchId' ? 'name' : f);
  return {
    ok: false as const,
    error: validationFailed(
      r.failure.message,
      r.failures.map((f) => ({ path: field(f.field), message: f.message })),
      r.failure.title,
    ),
  };
}

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
        ...filter,
        sort,
      }),
    );
  },

  adminVacancy: (_p, { id }, ctx) => ctx.vacancies.get(id),

  async vacancyNameCheck(_p, { name, branchId }, ctx) {
    if (!isEntityId(branchId)) throw gqlError('BAD_USER_INPUT', VACANCY_MESSAGES.branchRequired);
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
    const checked = checkInput('create', input);
    if (!checked.ok) return { vacancy: null, error: checked.error };
    if (!upload) {
      const message = VACANCY_MESSAGES.imageRequired;
      return {
        vacancy: null,
        error: validationFailed(message, [{ path: 'image', message }], VACANCY_MESSAGES.titleRequired),
      };
    }
    const image = { data: await ctx.uploads.read(upload), mime: upload.mime, name: upload.name };
    const r = await ctx.vacancies.create(toWrite(checked.value), actorId(ctx), image);
    if (!r.ok)
      return {
        vacancy: null,
        error: mutationError(r.failure, { failed: VACANCY_MESSAGES.createFailed, preferApiMessage: true }),
      };
    await ctx.uploads.discard(upload);
    return { vacancy: r.value, error: null };
  },

  async updateVacancy(_p, { id, input, imageUploadId }, ctx) {
    const current = await ctx.vacancies.get(id);
    if (!current) return { vacancy: null, error: vacancyNotFound() };
    const checked = checkInput('edit', input);
    if (!checked.ok) return { vacancy: null, error: checked.error };
    // The edit tab's upload (which takes WebP too), or one made for the create form: a subset of it.
    const upload = imageUploadId
      ? ctx.uploads.resolve(imageUploadId, ctx.viewer!.id, 'vacancy-image-edit', 'vacancy-image')
      : null;
    if (imageUploadId && !upload)
      return { vacancy: null, error: validationFailed(VACANCY_MESSAGES.noImage, [], FILE_MESSAGES.invalidTitle) };
    const image = upload ? { data: await ctx.uploads.read(upload), mime: upload.mime, name: upload.name } : null;
    const r = await ctx.vacancies.update(
      id,
      toWrite(checked.value),
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
