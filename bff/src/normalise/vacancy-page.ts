import { fieldsOf, listOf, pick } from './fields.js';
import { pageEnvelope } from './paging.js';
import { normaliseVacancy, type VacancyDto } from './vacancy.js';

export interface VacancyListPage {
  items: VacancyDto[];
  totalCount: number;
  page: number;
  pageSize: number;
  /** Over the filtered set before the status and featured-only filters and paging. */
  counts: { active: number; inactive: number; featured: number };
}

/** A list of vacancies: bare, or wrapped under `vacantes`, `plazas`, `data`, `items`… */
export function normaliseVacancyList(raw: unknown): VacancyDto[] {
  return listOf(raw, 'vacantes', 'plazas')
    .map(normaliseVacancy)
    .filter((v): v is VacancyDto => v !== null);
}

/** One page of the vacancy list (the paging contract); null when the api answered a bare list. */
export function normaliseVacancyPage(raw: unknown, asked: { page: number; pageSize: number }): VacancyListPage | null {
  const envelope = pageEnvelope(raw, asked);
  if (!envelope) return null;
  const counts = fieldsOf(envelope.counts);
  return {
    items: normaliseVacancyList(envelope.items),
    totalCount: envelope.totalCount,
    page: envelope.page,
    pageSize: envelope.pageSize,
    counts: {
      active: Number(pick(counts, 'active')) || 0,
      inactive: Number(pick(counts, 'inactive')) || 0,
      featured: Number(pick(counts, 'featured')) || 0,
    },
  };
}

/** GET /plazas/existe: `{ existe, activas }`. */
export function normaliseNameCheck(raw: unknown): { exists: boolean; activeCount: number } {
  const f = fieldsOf(raw);
  return { exists: pick(f, 'existe') === true, activeCount: Number(pick(f, 'activas') ?? 0) || 0 };
}

/** POST /plazas/{id} (delete): how many applications went with it (`candidatosEliminados`). */
export function normaliseVacancyDeletion(raw: unknown): { deletedApplications: number } {
  return { deletedApplications: Number(pick(fieldsOf(raw), 'candidatosEliminados') ?? 0) || 0 };
}
