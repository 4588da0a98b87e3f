import { ApolloClient, ApolloLink } from '@apollo/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { createCache } from './app/apollo';
import { AppProviders } from './app/AppProviders';
import { AppRoutes } from './app/router';

/**
 * Build-time only (web/scripts/prerender.mjs): the markup of a public page as an anonymous
 * visitor's first render shows it (no data yet: the board's loading cards), so that the BFF can
 * send the hero in the HTML itself and it paints before any script has run. main.tsx then renders
 * the same tree over it.
 */
export function render(url: string): string {
  const client = new ApolloClient({ link: ApolloLink.empty(), cache: createCache() });
  return renderToString(
    <AppProviders client={client}>
      <MemoryRouter initialEntries={[url]}>
        <AppRoutes knownAnonymous />
      </MemoryRouter>
    </AppProviders>,
  );
}
