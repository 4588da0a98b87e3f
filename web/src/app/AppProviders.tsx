import { ApolloProvider } from '@apollo/client/react';
import type { ApolloClient } from '@apollo/client';
import { MantineProvider } from '@mantine/core';
import { lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react';
import { subscribeToToasts, toastsWanted } from '../lib/toast';
import { cssVariablesResolver, theme } from './theme';

// Toasts only appear after an action; their renderer (and its transitions) loads with the first one.
const Notifications = lazy(async () => ({ default: (await import('@mantine/notifications')).Notifications }));

interface AppProvidersProps {
  client: ApolloClient;
  children: ReactNode;
}

export function AppProviders({ client, children }: AppProvidersProps) {
  const showToasts = useSyncExternalStore(subscribeToToasts, toastsWanted, () => false);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <ApolloProvider client={client}>
        {showToasts && (
          <Suspense fallback={null}>
            <Notifications position="top-center" limit={3} />
          </Suspense>
        )}
        {children}
      </ApolloProvider>
    </MantineProvider>
  );
}
