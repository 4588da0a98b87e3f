import type { VacancyResolvers } from '../generated/resolvers.js';
import { cardImageUrl, imageUrl } from '../normalise/vacancy.js';
import { staffVacancyFields } from './admin-vacancy.js';
import type { Context } from '../context.js';
import { resolvePlace } from './place.js';

export const Vacancy: VacancyResolvers<Context> = {
  async branch(v, _a, ctx) {
    if (!v.branchId) return null;
    if (v.branchName) return { id: v.branchId, name: v.branchName };
    return (await ctx.catalogue.branches.get()).find((b) => b.id === v.branchId) ?? null;
  },
  place: async (v, _a, ctx) => (await resolvePlace(v, ctx)).text,
  municipality: async (v, _a, ctx) => (await resolvePlace(v, ctx)).municipality,
  async department(v, _a, ctx) {
    const p = await resolvePlace(v, ctx);
    return p.departmentId && p.departmentName ? { id: p.departmentId, name: p.departmentName } : null;
  },
  imageUrl: (v) => imageUrl(v),
  cardImageUrl: (v) => cardImageUrl(v),
  url: (v) => `/vacantes/${v.id}`,
  departmentId: async (v, _a, ctx) => (await resolvePlace(v, ctx)).departmentId ?? v.departmentCode,
  municipalityId: (v) => (v.place?.kind === 'code' ? v.place.municipalityId : null),
  placeText: (v) => (v.place?.kind === 'text' ? v.place.text : null),
  createdAt: (v) => v.createdAt,
  ...staffVacancyFields,
};
