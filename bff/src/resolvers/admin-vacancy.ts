import {
  VACANCY_MESSAGES,
  checkNewVacancy,
  checkVacancyEdit,
  cleanItems,
  formatDate,
  searchKey,
  todayInGuatemala,
} from '@bolsa/domain';
import type { MutationResolvers, QueryResolvers, VacancyInput } from '../generated/resolvers.js';
import { fieldsOf, id, pick } from '../normalise/fields.js';
import type { VacancyDto } from '../normalise/vacancy.js';
import type { Context } from '../context.js';
import { answerMessage, operationFailed, validationFailed } from './errors.js';
import { filterByKeyword } from './place.js';

export const firstName = (name: string | null | undefined) => (name ?? '').trim().split(/\s+/)[0] || null;

async function creatorName(v: VacancyDto, which: 'createdById' | 'updatedById', ctx: Context) {
  const uid = v[which];
  return uid ? firstName((await ctx.loaders.users.load(uid))?.name) : null;
}

const notFound = { __typename: 'NotFound' as const, message: VACANCY_MESSAGES.deleteNotFound };

/** The session user's id as the api's PublicadoPor/ActualizadoPor (integrations have none). */
const actorId = (ctx: Context) => (ctx.viewer?.kind === 'STAFF' ? ctx.viewer.id : '');

async function lugarFields(input: VacancyInput, ctx: Context) {
  if (input.municipalityId && input.departmentId) {
    const m = (await ctx.catalogue.municipalities.get()).find((x) => x.id === input.municipalityId);
    const d = (await ctx.catalogue.departments.get()).find((x) => x.id === input.departmentId);
    return {
      Lugar: `${input.municipalityId}:${input.departmentId}`,
      MunicipioNombre: m?.name ?? '',
      DepartamentoNombre: d?.name ?? m?.departmentName ?? '',
    };
  }
  const d = input.departmentId
    ? (await ctx.catalogue.departments.get()).find((x) => x.id === input.departmentId)
    : null;
  return { Lugar: input.placeText?.trim() ?? '', MunicipioNombre: '', DepartamentoNombre: d?.name ?? '' };
}

export const adminVacancyQueries: Pick<
  QueryResolvers<Context>,
  'adminVacancies' | 'adminVacancy' | 'vacancyNameCheck'
> = {
  async adminVacancies(_p, { filter, sort, page, pageSize }, ctx) {
    const size = Math.min(Math.max(pageSize ?? 10, 1), 100);
    let list = await ctx.catalogue.vacancies.get();
    if (filter?.branchId) list = list.filter((v) => v.branchId === filter.branchId);
    if (filter?.vacancyId) list = list.filter((v) => v.id === filter.vacancyId);
    list = await filterByKeyword(list, filter?.search, ctx);
    const activeCount = list.filter((v) => v.active).length;
    const featuredCount = list.filter((v) => v.featured).length;
    const inactiveCount = list.length - activeCount;
    if (filter?.status === 'ACTIVE') list = list.filter((v) => v.active);
    if (filter?.status === 'INACTIVE') list = list.filter((v) => !v.active);
    if (filter?.featuredOnly) list = list.filter((v) => v.featured);

    const dir = sort?.direction === 'ASC' ? 1 : -1;
    let keyOf: (v: VacancyDto) => string;
    switch (sort?.field) {
      case 'NAME':
        keyOf = (v) => searchKey(v.name);
        break;
      case 'BRANCH':
        keyOf = (v) => searchKey(v.branchName);
        break;
      case 'STATUS':
        keyOf = (v) => (v.active ? '1' : '0');
        break;
      case 'CREATED_BY':
      case 'UPDATED_BY': {
        const which = sort.field === 'CREATED_BY' ? 'createdById' : 'updatedById';
        const names = new Map<string, string>();
        await Promise.all(list.map(async (v) => names.set(v.id, searchKey(await creatorName(v, which, ctx)))));
        keyOf = (v) => names.get(v.id) ?? '';
        break;
      }
      default:
        keyOf = (v) => v.publishedAt ?? '';
    }
    const sorted = [...list].sort(
      (a, b) => dir * keyOf(a).localeCompare(keyOf(b), 'es') || Number(b.id) - Number(a.id),
    );
    const lastPage = Math.max(1, Math.ceil(sorted.length / size));
    const current = Math.min(Math.max(page ?? 1, 1), lastPage);
    return {
      items: sorted.slice((current - 1) * size, current * size),
      totalCount: sorted.length,
      activeCount,
      inactiveCount,
      featuredCount,
      page: current,
      pageSize: size,
    };
  },

  adminVacancy: (_p, { id: vacancyId }, ctx) => ctx.catalogue.vacancy(vacancyId),

  async vacancyNameCheck(_p, { name, branchId }, ctx) {
    const f = fieldsOf(await ctx.backoffice.nameCheck(name.trim(), branchId));
    return { exists: pick(f, 'existe') === true, activeCount: Number(pick(f, 'activas') ?? 0) || 0 };
  },
};

export const adminVacancyMutations: Pick<
  MutationResolvers<Context>,
  'createVacancy' | 'updateVacancy' | 'deleteVacancy' | 'setVacancyFeatured'
> = {
  async createVacancy(_p, { input, imageUploadId }, ctx) {
    const today = todayInGuatemala();
    const upload = ctx.uploads.resolve(imageUploadId, ctx.viewer!.id, 'vacancy-image');
    const failure = checkNewVacancy(
      {
        ...input,
        endsAt: input.endsAt ?? null,
        branchId: input.branchId || null,
        municipalityId: input.municipalityId ?? null,
        placeText: input.placeText ?? null,
        departmentId: input.departmentId ?? null,
        hasImage: !!upload,
      },
      today,
    );
    if (failure)
      return {
        vacancy: null,
        error: validationFailed(failure.message, [{ path: failure.field, message: failure.message }], failure.title),
      };
    const branch = (await ctx.catalogue.branches.get()).find((b) => b.id === input.branchId);
    const a = await ctx.backoffice.createVacancy(
      {
        NombreVacante: input.name.trim(),
        Sede: input.branchId,
        SedeNombre: branch?.name ?? '',
        Descripcion: input.description.trim(),
        FechaPublicacion: today,
        FechaFinalizacion: input.endsAt!,
        Status: input.active ? '1' : '0',
        PublicadoPor: actorId(ctx),
        ActualizadoPor: actorId(ctx),
        NombreDepartamento: input.departmentId ?? '',
        ...(await lugarFields(input, ctx)),
        Requisitos: JSON.stringify(cleanItems(input.requirements)),
        Beneficios: JSON.stringify(cleanItems(input.benefits)),
      },
      { data: await ctx.uploads.read(upload!), upload: upload! },
    );
    const newId = id(pick(fieldsOf(a.body), 'id'));
    if (a.status === 400 || a.status === 413 || a.status === 415) {
      const f = fieldsOf(a.body);
      return {
        vacancy: null,
        error: validationFailed(
          answerMessage(a) ?? VACANCY_MESSAGES.createFailed,
          [],
          (pick(f, 'title') as string) ?? null,
        ),
      };
    }
    if (a.status < 200 || a.status >= 300 || !newId)
      return { vacancy: null, error: operationFailed(answerMessage(a) ?? VACANCY_MESSAGES.createFailed, a) };
    await ctx.uploads.discard(upload!);
    ctx.catalogue.vacancies.invalidate();
    return { vacancy: await ctx.catalogue.vacancy(newId), error: null };
  },

  async updateVacancy(_p, { id: vacancyId, input, imageUploadId }, ctx) {
    const current = await ctx.catalogue.vacancy(vacancyId);
    if (!current) return { vacancy: null, error: notFound };
    const failure = checkVacancyEdit(
      { ...input, endsAt: input.endsAt ?? null, departmentId: input.departmentId ?? null },
      todayInGuatemala(),
    );
    if (failure)
      return {
        vacancy: null,
        error: validationFailed(failure.message, [{ path: failure.field, message: failure.message }], failure.title),
      };
    const upload = imageUploadId ? ctx.uploads.resolve(imageUploadId, ctx.viewer!.id, 'vacancy-image') : null;
    if (imageUploadId && !upload)
      return { vacancy: null, error: validationFailed(VACANCY_MESSAGES.noImage, [], 'Archivo no válido') };
    const { Lugar } = await lugarFields(input, ctx);
    const a = await ctx.backoffice.updateVacancy(
      vacancyId,
      {
        Id: vacancyId,
        NombreVacante: input.name.trim(),
        Sede: input.branchId,
        Descripcion: input.description.trim(),
        FechaFinalizacion: input.endsAt ? formatDate(input.endsAt) : '',
        Status: input.active ? '1' : '0',
        NombreDepartamento: input.departmentId ?? '',
        Lugar,
        PublicadoPor: current.createdById ?? '',
        ActualizadoPor: actorId(ctx),
        Requisitos: cleanItems(input.requirements),
        Beneficios: cleanItems(input.benefits),
      },
      upload ? { data: await ctx.uploads.read(upload), upload } : undefined,
    );
    if (a.status === 404) return { vacancy: null, error: notFound };
    if (a.status === 400 || a.status === 413 || a.status === 415) {
      return {
        vacancy: null,
        error: validationFailed(
          answerMessage(a) ?? VACANCY_MESSAGES.updateFailed,
          [],
          (pick(fieldsOf(a.body), 'title') as string) ?? null,
        ),
      };
    }
    if (a.status < 200 || a.status >= 300)
      return { vacancy: null, error: operationFailed(answerMessage(a) ?? VACANCY_MESSAGES.updateFailed, a) };
    if (upload) await ctx.uploads.discard(upload);
    ctx.catalogue.vacancies.invalidate();
    return { vacancy: await ctx.catalogue.vacancy(vacancyId), error: null };
  },

  async deleteVacancy(_p, { id: vacancyId }, ctx) {
    const a = await ctx.backoffice.deleteVacancy(vacancyId);
    if (a.status === 404) return { ok: false, deletedApplications: 0, error: notFound };
    if (a.status >= 500)
      return { ok: false, deletedApplications: 0, error: operationFailed(VACANCY_MESSAGES.deleteServerError, a) };
    if (a.status !== 200) {
      const m = answerMessage(a);
      return {
        ok: false,
        deletedApplications: 0,
        error: operationFailed(m ? `Error: ${m}` : VACANCY_MESSAGES.deleteDefault, a),
      };
    }
    ctx.catalogue.vacancies.invalidate();
    return {
      ok: true,
      deletedApplications: Number(pick(fieldsOf(a.body), 'candidatosEliminados') ?? 0) || 0,
      error: null,
    };
  },

  async setVacancyFeatured(_p, { id: vacancyId, featured }, ctx) {
    const a = await ctx.backoffice.setFeatured(vacancyId, featured);
    if (a.status === 404) return { vacancy: null, error: notFound };
    if (a.status < 200 || a.status >= 300)
      return { vacancy: null, error: operationFailed(VACANCY_MESSAGES.featuredNotConfirmed, a) };
    ctx.catalogue.vacancies.invalidate();
    return { vacancy: await ctx.catalogue.vacancy(vacancyId), error: null };
  },
};

export const staffVacancyFields = {
  createdBy: (v: VacancyDto, _a: unknown, ctx: Context) => creatorName(v, 'createdById', ctx),
  updatedBy: (v: VacancyDto, _a: unknown, ctx: Context) => creatorName(v, 'updatedById', ctx),
};
