import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { createCache } from '../app/apollo';
import { cssVariablesResolver, theme } from '../app/theme';
import { LoginPromptProvider } from '../features/shell/LoginPrompt';

export type Mocks = ReadonlyArray<MockLink.MockedResponse>;

/** Mantine in test mode (no transitions, no portals) with the app's theme. */
export function TestMantine({ children }: { children: ReactElement | ReactElement[] }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env="test">
      <Notifications />
      {children}
    </MantineProvider>
  );
}

/** Renders UI with the app's Mantine theme, mocked GraphQL answers and an in-memory router. */
export function renderWithProviders(
  ui: ReactElement,
  { mocks = [], route = '/' }: { mocks?: Mocks; route?: string } = {},
): RenderResult {
  return render(
    <TestMantine>
      <MockedProvider mocks={mocks} cache={createCache()}>
        <MemoryRouter initialEntries={[route]}>
          <LoginPromptProvider>{ui}</LoginPromptProvider>
        </MemoryRouter>
      </MockedProvider>
    </TestMantine>,
  );
}
