import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/carousel/styles.css';

// A prerendered page (see docs/decisions/2026-11-23-prerendered-public-pages.md) is painted before
// the app's script runs: after the next frame, not as soon as the scripts have arrived. The app's
// modules are preloaded from the HTML (vite.config.ts), so this costs no extra round trip.
let started = false;
const start = () => {
  if (started) return;
  started = true;
  void import('./app/start');
};
requestAnimationFrame(() => setTimeout(start, 0));
// A tab opened in the background draws no frame: start at once.
if (document.visibilityState === 'hidden') start();
