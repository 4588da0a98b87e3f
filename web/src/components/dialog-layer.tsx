import { useMediaQuery } from '@mantine/hooks';
import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

/*
 * How the public board's big dialogs (the vacancy's details, the application form) arrive on a
 * slow phone without blocking it (issue 22, item 3). Three things made the form one long task of
 * more than a second on Lighthouse's throttled phone, each a synchronous re-render of the whole
 * dialog right after it mounted:
 * - Mantine's Portal mounts its children from a layout effect, so everything inside a modal is
 *   rendered a second time in React's synchronous lane, never in slices;
 * - `useMediaQuery` answers `false` on the first render and the truth in an effect, so on a phone
 *   the dialog rendered once windowed and again full screen;
 * - the route opened its dialog from a plain state update, which React renders in one piece.
 * These helpers render the dialog into <body> in the same render as its parent, read the phone
 * query on the first render, and open the dialog in a transition, which React renders in slices
 * and lets a tap interrupt.
 */

/** Phones (spec 1 §9: the dialogs fill the screen below 576 px). */
export const PHONE_DIALOG_QUERY = '(max-width: 36em)';

/**
 * Whether a dialog should fill the screen. Read on the first render: dialogs are never part of a
 * prerendered page, so there is nothing to hydrate and no reason to render twice.
 */
export function usePhoneDialog(): boolean {
  return useMediaQuery(PHONE_DIALOG_QUERY, undefined, { getInitialValueInEffect: false });
}

/**
 * Renders a dialog into <body> in the same render as its parent. Use it with
 * `withinPortal={false}` on the Mantine modals inside (see the note above). Renders nothing
 * where there is no document (the prerender).
 */
export function BodyLayer({ children }: { children: ReactNode }) {
  if (typeof document === 'undefined') return null;
  return createPortal(children, document.body);
}

/**
 * False on the first render (the prerendered copy has no dialog: React adopts it as it is), then
 * true in a transition, so the dialog's first render is done in slices after the page is live.
 */
export function useMountedInTransition(): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => startTransition(() => setMounted(true)), []);
  return mounted;
}
