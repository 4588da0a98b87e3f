import { ApolloProvider } from '@apollo/client/react';
import type { ApolloClient } from '@apollo/client';
import { MantineProvider } from '@mantine/core';
import { lazy, Suspense, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { subscribeToToasts, toastContainer } from '../lib/toast';
import { RouteErrorBoundary } from './RouteErrorBoundary';
import { cssVariablesResolver, theme } from './theme';

// Toasts only appear after an action; their renderer (and its transitions) loads with the first one.
const loadNotifications = () => lazy(async () => ({ default: (await import('@mantine/notifications')).Notifications }));

interface AppProvidersProps {
  client: ApolloClient;
  children: ReactNode;
}

export function AppProviders({ client, children }: AppProvidersProps) {
  const attempt = useSyncExternalStore(subscribeToToasts, toastContainer, () => 0);
  // A new lazy component per attempt: React keeps a failed download's error for good.
  const Notifications = useMemo(() => (attempt ? loadNotifications() : null), [attempt]);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <ApolloProvider client={client}>
        {Notifications && (
          // A container whose code could not be downloaded shows nothing rather than taking the app down.
          <RouteErrorBoundary key={attempt} fallback={null}>
            <Suspense fallback={null}>
              <Notifications position="top-center" limit={3} />
            </Suspense>
          </RouteErrorBoundary>
        )}
        {children}
      </ApolloProvider>
    </MantineProvider>
  );
}
