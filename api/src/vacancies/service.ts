import { todayInGuatemala } from '@bolsa/domain';
import type { Db } from '../db/database.js';
import { clampPage, type Envelope, type Paging } from '../lists.js';
import {
  countVacancies,
  findVacancies,
  type VacancyCounts,
  type VacancyJson,
  type VacancyListQuery,
} from './repository.js';

export type VacancyFilter = Omit<VacancyListQuery, 'today'>;

/** The documented list (every vacancy, board order) or, with `paging`, one page of the filtered list. */
export async function listVacancies(
  db: Db,
  filter: VacancyFilter,
  paging: Paging | null,
): Promise<VacancyJson[] | Envelope<VacancyJson, VacancyCounts>> {
  const f: VacancyListQuery = { ...filter, today: todayInGuatemala() };
  if (!paging) return findVacancies(db, f);
  const { total, ...counts } = await countVacancies(db, f);
  const { page, offset } = clampPage(paging, total);
  const items = total === 0 ? [] : await findVacancies(db, f, { limit: paging.pageSize, offset });
  return { items, totalCount: total, page, pageSize: paging.pageSize, counts };
}
