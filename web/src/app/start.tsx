// The app itself: main.tsx loads this module once the browser has painted the page.
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { createApolloClient } from './apollo';
import { AppProviders } from './AppProviders';
import { AppRoutes } from './router';
import { turnOffZodJit } from '../lib/zod-setup';

// The BFF writes a vacancy's JobPosting into the HTML for crawlers that run no script; from here
// on the app keeps structured data in step with what is on screen, so that copy must go.
for (const el of document.head.querySelectorAll('script[type="application/ld+json"]')) el.remove();

turnOffZodJit();

const client = createApolloClient();

const container = document.getElementById('root')!;
// The BFF sent a prerendered page (only to a browser without a session cookie): nobody is logged
// in, so the first render shows the page at once instead of waiting for `me` behind a spinner, and
// replaces the same markup it was prerendered from.
const knownAnonymous = container.dataset.prerendered === 'anonymous';
const root = createRoot(container);
// A transition renders in slices that yield to the browser between them: on a slow phone the
// first render is no longer one long task that blocks input (Lighthouse's Total Blocking Time).
startTransition(() => {
  root.render(
    <StrictMode>
      <AppProviders client={client}>
        <BrowserRouter>
          <AppRoutes knownAnonymous={knownAnonymous} />
        </BrowserRouter>
      </AppProviders>
    </StrictMode>,
  );
});
