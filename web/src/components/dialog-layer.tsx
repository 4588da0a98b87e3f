import { useMediaQuery } from '@mantine/hooks';
import { startTransition, useEffect, useLayoutEffect, useState, type ReactNode } from 'react';
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

/*
 * Focus back where it was when a public dialog closes (WCAG 2.4.3). Mantine's modals return focus
 * only when `opened` goes from false to true and back while they stay mounted; these dialogs are
 * mounted already open (the route's dialogs, and the login dialog, which is a new one each time)
 * and the route's dialogs are unmounted rather than closed, so Mantine never saw the trigger and
 * focus fell to <body>: a keyboard user started again from the top of the page.
 *
 * `useReturnFocus` remembers the focused element as the dialog opens (before Mantine's focus trap
 * moves into it, which waits for a timer) and, as it closes or unmounts, puts focus back:
 * - on that element, if it is still in the page and takes focus;
 * - else on its twin, if the page re-rendered it (same id, or the same kind of element with the
 *   same text and the same aria-describedby / aria-labelledby / aria-label / data-* attributes:
 *   a card's 'Ver Detalles' is tied to its title);
 * - else, when this dialog was opened from another one that has gone (the detail's 'Aplicar
 *   Ahora' opens the form in its place; the form's 'inicia sesión' opens the login dialog), on
 *   what that one would have returned to;
 * - else on the page's main heading.
 * Nothing is done when the page under the dialog is no longer there (a link in the dialog went to
 * another page: its heading has left the document), or when something else has taken focus in the
 * meantime (another dialog, the user). Refs and effects only: no render is added on open.
 */

interface FocusReturn {
  /** What had focus as the dialog opened (null: nothing but <body>). */
  target: HTMLElement | null;
  /** The page's main heading as the dialog opened: the page is still there while it is. */
  page: HTMLElement | null;
  /** The dialog this one was opened from, when focus was in it (or on <body> just after it). */
  from: FocusReturn | null;
  /** When it closed (0 while open). */
  closedAt: number;
}

/** The last dialog opened or closed, for a dialog opened from it. */
let lastDialog: FocusReturn | null = null;
/** How long after a dialog closes a dialog opened with focus on <body> still counts as its successor. */
const HANDOFF_MS = 2000;

function mainHeading(): HTMLElement | null {
  return document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('h1');
}

/** Focuses `el` if it is in the document and takes focus; true when it did. */
function tryFocus(el: HTMLElement | null | undefined): boolean {
  if (!el?.isConnected || el === document.body) return false;
  if (el.closest('[aria-hidden="true"], [inert]')) return false;
  el.focus({ preventScroll: false });
  return document.activeElement === el;
}

/** The element the page rendered in place of `el`, if `el` has left the document (also the staff focus keeper's). */
export function twinOf(el: HTMLElement): HTMLElement | null {
  if (el.id) {
    const same = document.getElementById(el.id);
    if (same) return same;
  }
  const tag = el.tagName.toLowerCase();
  const attributes = Array.from(el.attributes).filter(
    (a) =>
      a.name.startsWith('data-') ||
      ['aria-describedby', 'aria-labelledby', 'aria-label', 'name', 'href'].includes(a.name),
  );
  const selector = tag + attributes.map((a) => `[${a.name}="${a.value.replace(/["\\]/g, '\\$&')}"]`).join('');
  const text = el.textContent.trim();
  let candidates: HTMLElement[];
  try {
    candidates = Array.from(document.querySelectorAll<HTMLElement>(selector));
  } catch {
    return null; // an attribute no selector can spell
  }
  return candidates.find((c) => c.textContent.trim() === text && c.tabIndex >= 0) ?? null;
}

function restore(record: FocusReturn): void {
  for (let r: FocusReturn | null = record, hops = 0; r && hops < 4; r = r.from, hops += 1) {
    if (r.target && (tryFocus(r.target) || (!r.target.isConnected && tryFocus(twinOf(r.target))))) return;
  }
  const heading = record.page;
  if (!heading?.isConnected) return;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus();
}

/** Whether focus is somewhere inside a dialog (a Mantine modal's content has role="dialog"). */
function inDialog(el: Element | null): boolean {
  return el?.closest('[role="dialog"], [aria-modal="true"]') != null;
}

/**
 * Returns focus to where it was when the dialog opened, as the dialog closes (`opened` turns false)
 * or unmounts (see the note above). Call it in the component that owns the dialog's `opened`.
 */
export function useReturnFocus(opened: boolean): void {
  // A layout effect: it runs before Mantine's focus trap (a timer) moves focus into the dialog.
  useLayoutEffect(() => {
    if (!opened) return;
    const active = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const target = active && active !== document.body ? active : null;
    const previous = lastDialog;
    const fromPrevious =
      previous !== null &&
      (target === null || inDialog(target)) &&
      (previous.closedAt === 0 || performance.now() - previous.closedAt < HANDOFF_MS);
    const record: FocusReturn = {
      target,
      page: (fromPrevious ? previous.page : null) ?? mainHeading(),
      from: fromPrevious ? previous : null,
      closedAt: 0,
    };
    lastDialog = record;
    return () => {
      record.closedAt = performance.now();
      // Mantine's own rule: wait for the dialog to let go (it may still hold focus while it fades
      // out), then act only if focus is still there or has fallen to <body>.
      const atClose = document.activeElement;
      window.setTimeout(() => {
        const now = document.activeElement;
        if (now !== null && now !== document.body && now !== atClose && now.isConnected) return;
        if (record.page && !record.page.isConnected) return;
        // A dialog opened since (the form in the detail's place) holds focus now, or will.
        if (lastDialog !== record && lastDialog?.closedAt === 0) return;
        restore(record);
      }, 10);
    };
  }, [opened]);
}
