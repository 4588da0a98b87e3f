import { ApolloClient, ApolloLink } from '@apollo/client';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { App } from './app/App';
import { createCache } from './app/apollo';

/** An Apollo client that never answers: the copy shows what an anonymous visitor sees before any query does. */
export function offlineClient(): ApolloClient {
  return new ApolloClient({ link: ApolloLink.empty(), cache: createCache() });
}

/**
 * Build-time only (web/scripts/prerender.mjs): the markup of a public page as an anonymous
 * visitor's first render shows it (no data yet: the board's loading cards), so that the BFF can
 * send the hero in the HTML itself and it paints before any script has run. start.tsx then
 * hydrates it: the same tree (App) renders the same markup, and React adopts it.
 */
export function render(url: string): string {
  return renderToString(<App client={offlineClient()} knownAnonymous Router={routerAt(url)} />);
}

/** A router that shows `url`, as the browser's BrowserRouter shows the address it was opened at. */
export function routerAt(url: string) {
  return function RouterAt({ children }: { children: ReactNode }) {
    return <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>;
  };
}
