import type { ApolloClient } from '@apollo/client';
import { StrictMode } from 'react';
import { BrowserRouter, MemoryRouter } from 'react-router';
import { AppProviders } from './AppProviders';
import { AppRoutes } from './router';

interface AppProps {
  client: ApolloClient;
  /** The BFF sent a prerendered page: nobody is logged in (see SessionProvider). */
  knownAnonymous?: boolean;
  /** Build time and tests: the address to render (a MemoryRouter); the browser's own address otherwise. */
  url?: string;
}

/**
 * The whole app: one tree for the browser (start.tsx) and for the prerendered pages
 * (prerender.tsx), so that the markup written at build time is exactly what the browser's first
 * render produces and React can hydrate it (same tree → same `useId` values, which Mantine's
 * generated ids and responsive style classes are built from).
 */
export function App({ client, knownAnonymous = false, url }: AppProps) {
  const routes = <AppRoutes knownAnonymous={knownAnonymous} />;
  return (
    <StrictMode>
      <AppProviders client={client}>
        {url === undefined ? (
          <BrowserRouter>{routes}</BrowserRouter>
        ) : (
          <MemoryRouter initialEntries={[url]}>{routes}</MemoryRouter>
        )}
      </AppProviders>
    </StrictMode>
  );
}
