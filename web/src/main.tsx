import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/carousel/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { config as zodConfig } from 'zod';
import { createApolloClient } from './app/apollo';
import { AppProviders } from './app/AppProviders';
import { AppRoutes } from './app/router';

// The BFF writes a vacancy's JobPosting into the HTML for crawlers that run no script; from here
// on the app keeps structured data in step with what is on screen, so that copy must go.
for (const el of document.head.querySelectorAll('script[type="application/ld+json"]')) el.remove();

// zod probes for `new Function` on its first parse; the Content-Security-Policy (no
// 'unsafe-eval') refuses it and Chromium logs a violation. Without the JIT zod is as correct.
zodConfig({ jitless: true });

const client = createApolloClient();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders client={client}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>,
);
