import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { MockedProvider } from '@apollo/client/testing/react';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { createCache } from '../app/apollo';
import { cssVariablesResolver, theme } from '../app/theme';
import type { ViewerFieldsFragment } from '../gql/graphql';
import { LoginPromptProvider } from '../features/accounts/LoginPrompt';
import type { Session } from '../features/session';
import type { Mocks } from './mocks';
import { StaticSession } from './session';

export type { Mocks } from './mocks';

/** Mantine in test mode (no transitions, no portals) with the app's theme. */
export function TestMantine({ children }: { children: ReactElement | ReactElement[] }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env="test">
      <Notifications />
      <ModalsProvider>{children}</ModalsProvider>
    </MantineProvider>
  );
}

/**
 * Renders UI with the app's Mantine theme, mocked GraphQL answers, an in-memory router and a fixed
 * session (`viewer`, anonymous by default).
 */
export function renderWithProviders(
  ui: ReactElement,
  {
    mocks = [],
    route = '/',
    viewer = null,
    session = {},
  }: { mocks?: Mocks; route?: string; viewer?: ViewerFieldsFragment | null; session?: Partial<Session> } = {},
): RenderResult {
  return render(
    <TestMantine>
      <MockedProvider mocks={mocks} cache={createCache()}>
        <MemoryRouter initialEntries={[route]}>
          <StaticSession viewer={viewer} overrides={session}>
            <LoginPromptProvider>{ui}</LoginPromptProvider>
          </StaticSession>
        </MemoryRouter>
      </MockedProvider>
    </TestMantine>,
  );
}
