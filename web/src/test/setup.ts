import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { forgetAllDrafts } from '../features/applications/draft';

// findBy…/waitFor give up after 1 s by default: on a busy 2-core machine (CI with the browser
// suite's build, or helpers working side by side) a Mantine screen can take longer to settle, and
// a slow machine must not turn into a failing test. A test that expects something never to show
// asserts that with its own short wait.
configure({ asyncUtilTimeout: 30_000 });

// Mantine reads media queries and observes element sizes; happy-dom provides neither.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

class NoopObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}
window.ResizeObserver = NoopObserver as unknown as typeof ResizeObserver;
window.IntersectionObserver = NoopObserver as unknown as typeof IntersectionObserver;
Element.prototype.scrollIntoView ??= () => {};

afterEach(() => {
  cleanup();
  // The toast store outlives a test's render: without this, one test's toasts fill the next one's
  // queue (Mantine shows five at a time) and its own toast never appears.
  notifications.clean();
  sessionStorage.clear();
  // A form closed by the cleanup above keeps what was written for when it opens again.
  forgetAllDrafts();
});
