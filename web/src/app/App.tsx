import type { ApolloClient } from '@apollo/client';
import { StrictMode, type ComponentType, type ReactNode } from 'react';
import { AppProviders } from './AppProviders';
import { AppRoutes } from './router';

interface AppProps {
  client: ApolloClient;
  /** The BFF sent a prerendered page: nobody is logged in (see SessionProvider). */
  knownAnonymous?: boolean;
  /**
   * BrowserRouter in the browser; a MemoryRouter at build time and in tests. Passed in, so that the
   * browser's first-visit JavaScript does not carry a router it never uses.
   */
  Router: ComponentType<{ children: ReactNode }>;
}

/**
 * The whole app: one tree for the browser (start.tsx) and for the prerendered pages
 * (prerender.tsx), so that the markup written at build time is exactly what the browser's first
 * render produces and React can hydrate it (same tree → same `useId` values, which Mantine's
 * generated ids and responsive style classes are built from).
 */
export function App({ client, knownAnonymous = false, Router }: AppProps) {
  return (
    <StrictMode>
      <AppProviders client={client}>
        <Router>
          <AppRoutes knownAnonymous={knownAnonymous} />
        </Router>
      </AppProviders>
    </StrictMode>
  );
}
