import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { holdHistory } from './history-guard';

export interface LeaveGuard {
  /** Spread into <ConfirmDialog>, with the screen's own title, labels and question. */
  dialog: { opened: boolean; onConfirm: () => void; onCancel: () => void };
}

/** Where a held-back departure was going: a link's address, or a step through the history. */
type Pending = { to: string } | { steps: number };

/** React Router's index of a history entry (BrowserRouter writes `idx` into each entry's state). */
const entryIndex = (state: unknown): number | null => {
  const idx = (state as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' ? idx : null;
};

/**
 * While `dirty`, leaving asks first: a click (or Enter) on a link to another page of the app
 * opens the question instead of navigating, and 'confirm' goes there; the browser's Back and
 * Forward buttons ask too (the entry is stepped back to at once and 'confirm' steps again);
 * reloading or closing the tab gets the browser's own question (`beforeunload`). The app's
 * router is a BrowserRouter, not a data router, so React Router's `useBlocker` is not available:
 * links are caught in the capture phase, before React Router's own click handler, and `popstate`
 * by a listener added before React Router's (history-guard.ts), which stops it.
 * Not caught: navigations made by code (the session ending, for one).
 */
export function useLeaveGuard(dirty: boolean): LeaveGuard {
  const [pending, setPending] = useState<Pending | null>(null);
  /** Set while a confirmed step through the history is under way: that popstate is let through. */
  const letGo = useRef(false);
  const navigate = useNavigate();
  const here = useLocation();
  const current = here.pathname + here.search;

  useEffect(() => {
    if (!dirty) return;
    const onClick = (e: MouseEvent) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      const link = e.target instanceof Element ? e.target.closest('a[href]') : null;
      if (!(link instanceof HTMLAnchorElement) || link.hasAttribute('download')) return;
      if (link.target && link.target !== '_self') return;
      const url = new URL(link.href, window.location.href);
      // Another site: the page unloads, and beforeunload asks.
      if (url.origin !== window.location.origin) return;
      const to = url.pathname + url.search;
      if (to === current) return;
      e.preventDefault();
      e.stopPropagation();
      setPending({ to: to + url.hash });
    };
    // This page's entry, when React Router wrote it (a page opened by typing its address has one).
    const mine = entryIndex(window.history.state);
    // True keeps the page: React Router does not see the step, and its index stays this entry's.
    let restoring = false;
    const releaseHistory = holdHistory((e) => {
      if (letGo.current) {
        letGo.current = false;
        return false;
      }
      const to = entryIndex(e.state);
      if (mine === null || to === null) return false;
      if (to === mine) {
        // Back on this entry after the step back below: kept quiet. Any other step onto it (the
        // page is still on screen while the router finishes leaving it) is the router's to follow.
        const ours = restoring;
        restoring = false;
        return ours;
      }
      restoring = true;
      window.history.go(mine - to);
      setPending({ steps: to - mine });
      return true;
    });
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // Older browsers ask only when returnValue is set.
      e.returnValue = '';
    };
    document.addEventListener('click', onClick, true);
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      document.removeEventListener('click', onClick, true);
      releaseHistory();
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [dirty, current]);

  return {
    dialog: {
      opened: pending !== null,
      onConfirm: () => {
        const going = pending;
        setPending(null);
        if (going === null) return;
        if ('to' in going) {
          void navigate(going.to);
          return;
        }
        // React Router follows this step as any other Back or Forward.
        letGo.current = true;
        window.history.go(going.steps);
      },
      onCancel: () => setPending(null),
    },
  };
}
