import type { BoardVacanciesQuery, VacancyDetailQuery } from '../gql/graphql';
import { BOARD_VACANCIES, VACANCY_DETAIL } from '../features/board/operations';
import { BRANCHES } from '../lib/catalogue';
import type { Mocks } from './render';

type Card = BoardVacanciesQuery['vacancies']['items'][number];
type Detail = NonNullable<VacancyDetailQuery['vacancy']>;

export const BRANCH_LIST = [
  { __typename: 'Branch' as const, id: '1', name: 'Sede Central' },
  { __typename: 'Branch' as const, id: '2', name: 'Clínica Quetzaltenango' },
];

export function card(id: string, over: Partial<Card> = {}): Card & { __typename: 'Vacancy' } {
  return {
    __typename: 'Vacancy',
    id,
    name: `Vacante ${id}`,
    branch: BRANCH_LIST[0]!,
    place: 'Guatemala, Guatemala',
    imageUrl: null,
    publishedAt: '2025-03-07',
    featured: false,
    url: `/vacantes/${id}`,
    ...over,
  };
}

export function detail(id: string, over: Partial<Detail> = {}): Detail & { __typename: 'Vacancy' } {
  return {
    ...card(id),
    description: null,
    requirements: [],
    benefits: [],
    endsAt: null,
    municipality: null,
    department: null,
    ...over,
  } as Detail & { __typename: 'Vacancy' };
}

export function boardMock(
  variables: { filter: Record<string, unknown>; page: number; pageSize: number },
  items: Card[],
  { totalCount = items.length, featuredCount = 0 }: { totalCount?: number; featuredCount?: number } = {},
): Mocks[number] {
  return {
    request: { query: BOARD_VACANCIES, variables },
    result: {
      data: {
        vacancies: {
          __typename: 'VacancyPage',
          items,
          totalCount,
          featuredCount,
          page: variables.page,
          pageSize: variables.pageSize,
        },
      },
    },
  };
}

export const branchesMock: Mocks[number] = {
  request: { query: BRANCHES },
  result: { data: { branches: BRANCH_LIST } },
  maxUsageCount: Number.POSITIVE_INFINITY,
};

export function detailMock(id: string, vacancy: Detail | null): Mocks[number] {
  return { request: { query: VACANCY_DETAIL, variables: { id } }, result: { data: { vacancy } } };
}

/** The unfiltered board asks for every open vacancy at once, for the carousel. */
export const ALL = { filter: {}, page: 1, pageSize: 50 };
