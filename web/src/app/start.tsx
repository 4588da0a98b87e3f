// The app itself: main.tsx loads this module once the browser has painted the page.
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './App';
import { appApolloClient } from './apollo';
import { listenBeforeRouter } from '../lib/history-guard';

// The BFF writes a vacancy's JobPosting into the HTML for crawlers that run no script; from here
// on the app keeps structured data in step with what is on screen, so that copy must go.
for (const el of document.head.querySelectorAll('script[type="application/ld+json"]')) el.remove();

// Before the router mounts: a page with unsaved changes sees Back and Forward first.
listenBeforeRouter();

const client = appApolloClient();

const container = document.getElementById('root')!;
// The BFF sent a prerendered page (only to a browser without a session cookie): nobody is logged
// in, so the first render shows the page at once instead of waiting for `me` behind a spinner.
const knownAnonymous = container.dataset.prerendered === 'anonymous';
const app = <App client={client} knownAnonymous={knownAnonymous} Router={BrowserRouter} />;
// A transition renders in slices that yield to the browser between them: on a slow phone the
// first render is no longer one long task that blocks input (Lighthouse's Total Blocking Time).
// Hydration too: in a transition it is time-sliced, and each Suspense boundary of the layout
// (AppLayout, BoardLayout) is hydrated on its own, first the one the visitor interacts with.
startTransition(() => {
  if (knownAnonymous) {
    hydrateRoot(container, app, {
      // A mismatch between the prerendered copy and the first render: React recovers by rendering
      // that part again, but the copy is then wasted work. Said loudly so that the browser journey
      // (e2e/public-board.e2e.ts) fails on it; the message names no visitor data.
      onRecoverableError: (error) => console.error('Hidratación: la copia prerenderizada no coincide.', error),
    });
    // The copy was inert until now (scripts/prerender.mjs). React listens on #root from here on: a
    // tap on a part not yet adopted makes React adopt that part at once, then handle the tap.
    container.inert = false;
  } else createRoot(container).render(app);
});
