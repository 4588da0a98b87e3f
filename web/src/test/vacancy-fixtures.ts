import dayjs from 'dayjs';
import { todayInGuatemala } from '@bolsa/domain';
import type { AdminVacanciesQuery, AdminVacancyQuery, Role } from '../gql/graphql';
import type { Mocks } from './render';
import { BRANCH_LIST } from './fixtures';
import { ORG_SETTINGS } from '../features/admin-emails/operations';
import { BACKOFFICE_VIEWER } from '../features/session/operations';
import { ADMIN_VACANCIES } from '../features/vacancies/operations';
import { DEPARTMENTS } from '../lib/catalogue';

type Item = AdminVacanciesQuery['adminVacancies']['items'][number];
type Full = NonNullable<AdminVacancyQuery['adminVacancy']>;

/** A date `days` from today in Guatemala, 'YYYY-MM-DD'. */
export function inDays(days: number): string {
  return dayjs(todayInGuatemala()).add(days, 'day').format('YYYY-MM-DD');
}

export function viewerMock(role: Role): Mocks[number] {
  return {
    request: { query: BACKOFFICE_VIEWER },
    result: { data: { me: { __typename: 'Viewer', id: `u-${role}`, role } } },
    maxUsageCount: Number.POSITIVE_INFINITY,
  };
}

export const settingsMock: Mocks[number] = {
  request: { query: ORG_SETTINGS },
  result: { data: { settings: { __typename: 'Settings', orgEmailDomain: 'ejemplo.org.gt' } } },
  maxUsageCount: Number.POSITIVE_INFINITY,
};

export const DEPARTMENT_LIST = [
  { __typename: 'Department' as const, id: '01', name: 'Guatemala' },
  { __typename: 'Department' as const, id: '09', name: 'Quetzaltenango' },
];

export const departmentsMock: Mocks[number] = {
  request: { query: DEPARTMENTS },
  result: { data: { departments: DEPARTMENT_LIST } },
  maxUsageCount: Number.POSITIVE_INFINITY,
};

export function item(id: string, over: Partial<Item> = {}): Item & { __typename: 'Vacancy' } {
  return {
    __typename: 'Vacancy',
    id,
    name: `Vacante ${id}`,
    branch: BRANCH_LIST[0]!,
    cardImageUrl: null,
    imageUrl: null,
    publishedAt: '2025-03-07',
    endsAt: inDays(30),
    active: true,
    featured: false,
    createdBy: 'Ana',
    updatedBy: 'Luis',
    ...over,
  };
}

export function full(id: string, over: Partial<Full> = {}): Full & { __typename: 'Vacancy' } {
  return {
    __typename: 'Vacancy',
    id,
    name: `Vacante ${id}`,
    branch: BRANCH_LIST[0]!,
    place: 'Mixco, Guatemala',
    placeText: null,
    departmentId: '01',
    municipalityId: '0108',
    municipality: {
      __typename: 'Municipality',
      id: '0108',
      name: 'Mixco',
      department: DEPARTMENT_LIST[0]!,
    },
    department: DEPARTMENT_LIST[0]!,
    description: 'Atención de pacientes.',
    requirements: ['Título de enfermería'],
    benefits: ['Prestaciones de ley'],
    imageUrl: null,
    publishedAt: '2025-03-07',
    endsAt: inDays(30),
    active: true,
    featured: false,
    ...over,
  } as Full & { __typename: 'Vacancy' };
}

export function adminPage(
  variables: Record<string, unknown>,
  items: Item[],
  counts: { totalCount?: number; activeCount?: number; inactiveCount?: number; featuredCount?: number } = {},
): Mocks[number] {
  const totalCount = counts.totalCount ?? items.length;
  return {
    request: { query: ADMIN_VACANCIES, variables },
    result: {
      data: {
        adminVacancies: {
          __typename: 'AdminVacancyPage',
          items,
          totalCount,
          activeCount: counts.activeCount ?? items.filter((v) => v.active).length,
          inactiveCount: counts.inactiveCount ?? items.filter((v) => !v.active).length,
          featuredCount: counts.featuredCount ?? items.filter((v) => v.featured).length,
          page: (variables.page as number) ?? 1,
          pageSize: (variables.pageSize as number) ?? 10,
        },
      },
    },
  };
}
