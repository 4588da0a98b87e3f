import type { CandidateRowFragment, CandidateState } from '../../../gql/graphql';

/** One list row as the BFF answers it. */
export function row(id: string, state: CandidateState, over: Partial<CandidateRowFragment> = {}) {
  const allowed: Record<CandidateState, CandidateState[]> = {
    APPLIED: ['FOLLOW_UP', 'REJECTED'],
    FOLLOW_UP: ['PRE_TESTS', 'INTERVIEW', 'REJECTED'],
    PRE_TESTS: ['POST_TESTS', 'REJECTED'],
    POST_TESTS: ['INTERVIEW', 'REJECTED'],
    INTERVIEW: ['INDUCTION', 'REJECTED'],
    INDUCTION: ['HIRED', 'REJECTED'],
    HIRED: [],
    REJECTED: ['APPLIED'],
  };
  return {
    __typename: 'Candidate' as const,
    id,
    fullName: `Candidata ${id}`,
    email: `c${id}@example.com`,
    state,
    dataErased: false,
    allowedStates: allowed[state],
    registeredAt: '2026-10-02',
    tags: [],
    cvSnippet: null,
    vacancies: [
      {
        __typename: 'AppliedVacancy' as const,
        vacancyId: '7',
        name: 'Enfermera profesional',
        position: 'Enfermería',
        appliedAt: '2026-10-02',
      },
    ],
    ...over,
  };
}

const ACTIVE: CandidateState[] = ['APPLIED', 'FOLLOW_UP', 'PRE_TESTS', 'POST_TESTS', 'INTERVIEW', 'INDUCTION'];

/** A page answer with per-state counts. */
export function page<T>(
  items: T[],
  {
    totalCount = items.length,
    page: p = 1,
    pageSize = 10,
    counts = {} as Partial<Record<CandidateState, number>>,
    states = ACTIVE,
  } = {},
) {
  const countsByState = states.map((state) => ({
    __typename: 'StateCount' as const,
    state,
    count: counts[state] ?? 0,
  }));
  return {
    __typename: 'CandidatePage' as const,
    items,
    totalCount,
    page: p,
    pageSize,
    tagCounts: [],
    allCount: countsByState.reduce((n, c) => n + c.count, 0),
    countsByState,
  };
}
