import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

export interface LeaveGuard {
  /** Spread into <ConfirmDialog>, with the screen's own title, labels and question. */
  dialog: { opened: boolean; onConfirm: () => void; onCancel: () => void };
}

/**
 * While `dirty`, leaving asks first: a click (or Enter) on a link to another page of the app
 * opens the question instead of navigating, and 'confirm' goes there; reloading or closing the
 * tab gets the browser's own question (`beforeunload`). The app's router is a BrowserRouter,
 * not a data router, so React Router's `useBlocker` is not available: links are caught in the
 * capture phase, before React Router's own click handler.
 * Not caught: the browser's Back button and navigations made by code.
 */
export function useLeaveGuard(dirty: boolean): LeaveGuard {
  const [pending, setPending] = useState<string | null>(null);
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
      setPending(to + url.hash);
    };
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // Older browsers ask only when returnValue is set.
      e.returnValue = '';
    };
    document.addEventListener('click', onClick, true);
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      document.removeEventListener('click', onClick, true);
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [dirty, current]);

  return {
    dialog: {
      opened: pending !== null,
      onConfirm: () => {
        const to = pending;
        setPending(null);
        if (to !== null) void navigate(to);
      },
      onCancel: () => setPending(null),
    },
  };
}
