import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/carousel/styles.css';
import { isApplicationPath } from './features/applications/paths';
import { turnOffZodJit } from './lib/zod-setup';

// Before zod is first loaded, whichever module loads it (zod adopts the setting it finds).
turnOffZodJit();

// A prerendered page (see docs/decisions/2026-11-23-prerendered-public-pages.md) is painted before
// the app's script runs: after the next frame, not as soon as the scripts have arrived.
let started = false;
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
const start = () => {
  if (started) return;
  started = true;
  // The libraries are fetched together but each is evaluated in a task of its own as it arrives,
  // and the app after them: one long task of all of them blocked a slow phone's input for ~0.4 s.
  // The Apollo client is made in a task of its own too, before the app's module needs it.
  const apollo = import('./app/apollo');
  // A shared application link: the form's rules are fetched now and evaluated on their own as they
  // arrive, not in the one task that evaluates the form's chunk later (features/applications/rules.ts).
  if (isApplicationPath(location.pathname)) void import('./features/applications/rules');
  void Promise.all([import('react-dom/client'), apollo])
    .then(nextTask)
    .then(async () => (await apollo).appApolloClient())
    .then(nextTask)
    .then(() => import('./app/start'));
};
requestAnimationFrame(() => setTimeout(start, 0));
// A tab opened in the background draws no frame: start at once.
if (document.visibilityState === 'hidden') start();
