import type { ReactNode } from 'react';
import { vi } from 'vitest';
import type { Role, ViewerFieldsFragment } from '../gql/graphql';
import { SESSION } from '../features/session/operations';
import { SessionContext, toSessionViewer, type Session } from '../features/session/SessionProvider';
import type { Mocks } from './mocks';

export const SETTINGS = {
  __typename: 'Settings' as const,
  orgEmailDomain: 'ejemplo.org.gt',
  idleTimeoutSeconds: 900,
  idleWarningSeconds: 120,
  version: 'v1.0.3',
};

const NAMES: Record<Role, string> = {
  ADMIN: 'Ana Administradora',
  MANAGER: 'Gabriel Gestor',
  VIEWER: 'Valeria Visualizadora',
  CANDIDATE: 'Ana López',
};

/** A logged-in user as `me` returns it. */
export function viewer(
  role: Role,
  over: Partial<ViewerFieldsFragment> = {},
): ViewerFieldsFragment & { __typename: 'Viewer' } {
  const candidate = role === 'CANDIDATE';
  return {
    __typename: 'Viewer',
    id: candidate ? 'c1' : `s-${role.toLowerCase()}`,
    name: NAMES[role],
    email: candidate ? 'ana.lopez@example.com' : `${role.toLowerCase()}@ejemplo.org.gt`,
    role,
    realRole: role,
    kind: candidate ? 'CANDIDATE' : 'STAFF',
    idleTimeoutSeconds: 900,
    idleWarningSeconds: 120,
    candidate: candidate
      ? {
          __typename: 'CandidateAccount',
          firstName: 'Ana',
          secondName: 'María',
          firstSurname: 'López',
          secondSurname: null,
        }
      : null,
    ...over,
  } as ViewerFieldsFragment & { __typename: 'Viewer' };
}

/** The answer of the start-up session query; `me` null is an anonymous visitor. */
export function sessionMock(
  me: ViewerFieldsFragment | null,
  { settings = SETTINGS, maxUsageCount = Number.POSITIVE_INFINITY } = {},
): Mocks[number] {
  return { request: { query: SESSION }, result: { data: { me, settings } }, maxUsageCount };
}

/** A fixed session for rendering one screen without the start-up query. */
export function StaticSession({
  viewer: me = null,
  children,
  overrides = {},
}: {
  viewer?: ViewerFieldsFragment | null;
  children: ReactNode;
  overrides?: Partial<Session>;
}) {
  const value: Session = {
    viewer: toSessionViewer(me),
    settings: SETTINGS,
    loading: false,
    refresh: vi.fn(async () => {}),
    logout: vi.fn(async () => {}),
    signedIn: vi.fn(() => false),
    ...overrides,
  };
  return <SessionContext value={value}>{children}</SessionContext>;
}
