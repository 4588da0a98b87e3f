/*
 * The browser's Back and Forward, seen before React Router sees them. A page with unsaved changes
 * (useLeaveGuard in unsaved-changes.ts) holds the history while they last: its check runs first
 * and, when it keeps the page, React Router never hears of the step. Listeners on window run in
 * the order they were added, whatever their capture flag (as Chromium does), so this one is added
 * by start.tsx before the router mounts and adds its own.
 */

/** Answers true when it keeps the page: then React Router must not follow the step. */
type Holder = (event: PopStateEvent) => boolean;

let holder: Holder | null = null;

/** Called once, before the app's router mounts. */
export function listenBeforeRouter(): void {
  window.addEventListener('popstate', (event) => {
    if (holder?.(event)) event.stopImmediatePropagation();
  });
}

/** Holds the history with `check` until the returned function is called. */
export function holdHistory(check: Holder): () => void {
  holder = check;
  return () => {
    if (holder === check) holder = null;
  };
}
