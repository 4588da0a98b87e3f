import { isOpenForApplications, searchKey, todayInGuatemala } from '@bolsa/domain';
import type { QueryResolvers } from '../generated/resolvers.js';
import type { VacancyDto } from '../normalise/vacancy.js';
import type { Context } from '../context.js';
import { filterByKeyword } from './place.js';

export const MAX_PAGE_SIZE = 50;

const byBoardOrder = (a: VacancyDto, b: VacancyDto) =>
  Number(b.featured) - Number(a.featured) ||
  (b.publishedAt ?? '').localeCompare(a.publishedAt ?? '') ||
  Number(b.id) - Number(a.id);

export const Query: QueryResolvers<Context> = {
  async health(_p, _a, ctx) {
    let api = false;
    try {
      await ctx.http.request('/healthz', { timeoutMs: 2_000 });
      api = true;
    } catch {
      api = false;
    }
    return { ok: true, api, version: process.env.npm_package_version ?? '0.1.0' };
  },

  async vacancies(_p, { filter, page, pageSize }, ctx) {
    const today = todayInGuatemala();
    const size = Math.min(Math.max(pageSize ?? 6, 1), MAX_PAGE_SIZE);
    let list = (await ctx.catalogue.vacancies.get()).filter((v) => isOpenForApplications(v, today));
    if (filter?.branchId) list = list.filter((v) => v.branchId === filter.branchId);
    if (filter?.vacancyId) list = list.filter((v) => v.id === filter.vacancyId);
    list = await filterByKeyword(list, filter?.search, ctx);
    const featuredCount = list.reduce((n, v) => n + (v.featured ? 1 : 0), 0);
    if (filter?.featuredOnly) list = list.filter((v) => v.featured);
    list = [...list].sort(byBoardOrder);
    const lastPage = Math.max(1, Math.ceil(list.length / size));
    const current = Math.min(Math.max(page ?? 1, 1), lastPage);
    return {
      items: list.slice((current - 1) * size, current * size),
      totalCount: list.length,
      featuredCount,
      page: current,
      pageSize: size,
    };
  },

  async vacancy(_p, { id }, ctx) {
    const v = await ctx.catalogue.vacancy(id);
    return v && isOpenForApplications(v) ? v : null;
  },

  branches: (_p, _a, ctx) => ctx.catalogue.branches.get(),

  departments: (_p, _a, ctx) => ctx.catalogue.departments.get(),

  async municipalities(_p, { departmentId, search }, ctx) {
    let list = await ctx.catalogue.municipalities.get();
    if (departmentId) list = list.filter((m) => m.departmentId === departmentId);
    const key = searchKey(search);
    if (key) list = list.filter((m) => searchKey(m.name).includes(key));
    return list;
  },
};
