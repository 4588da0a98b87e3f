import { twinOf } from '../components/dialog-layer';
import { focusIsNowhere } from './focus-nowhere';

/*
 * Focus that an action took away, put back (WCAG 2.4.3; staff screens only, installed by the
 * panel's layout). Mantine's Button with `loading` is `disabled` while the mutation runs, and
 * Chromium moves focus from a focused control that becomes disabled to <body>: a keyboard user who
 * pressed Enter on 'Crear usuario', 'Inactivar' or a dialog's 'Guardar cambios' started again from
 * the top of the page, and a dialog opened meanwhile ('Token creado') remembered <body> as the
 * place to return to. One rule for every screen:
 * - a control that lost focus because it became disabled gets it back once it is enabled again
 *   (or, when it stays disabled after its work is done, the heading of the section it is in);
 * - when focus falls to <body> from inside a dialog (the dialog closed or was unmounted, or the
 *   control that had focus in it went away), focus goes back, once the dialog has left the page, to
 *   the control on the page that had focus before it: that control, its re-rendered twin, the
 *   heading of the section it was in ('Tokens de API' once a revoked token's 'Revocar' is gone),
 *   or the page's main heading.
 * Nothing is done once something else has focus (the user, another dialog, Mantine's own return).
 */

const DIALOG = '[role="dialog"], [aria-modal="true"]';

interface Lost {
  el: HTMLElement;
  /** It lost focus because it became disabled: it gets it back when enabled. */
  disabled: boolean;
  /** The section it was in (for its heading, when it and its twin are gone). */
  section: Element | null;
  /** The dialog it was in, and what had focus on the page before that dialog. */
  dialog: Element | null;
  opener: Place | null;
}

/** A control on the page and the section it is in, kept while the control may disappear. */
interface Place {
  el: HTMLElement;
  section: Element | null;
}

/** What has focus on the page outside dialogs, and what has focus in a dialog. */
let outside: Place | null = null;
let inside: Lost | null = null;
let lost: Lost | null = null;
let observer: MutationObserver | null = null;

const sectionOf = (el: Element) => el.closest('section[aria-labelledby], [role="region"][aria-labelledby]');

function tryFocus(el: HTMLElement | null | undefined): boolean {
  if (!el?.isConnected || el.matches(':disabled') || el.closest('[aria-hidden="true"], [inert]')) return false;
  el.focus();
  return document.activeElement === el;
}

function focusHeading(heading: HTMLElement | null): boolean {
  if (!heading?.isConnected) return false;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  return tryFocus(heading);
}

/** The control, its twin, its section's heading, the page's main heading: the first that takes focus. */
function returnTo(place: Place): void {
  if (tryFocus(place.el) || (!place.el.isConnected && tryFocus(twinOf(place.el)))) return;
  const label = place.section?.isConnected ? place.section.getAttribute('aria-labelledby') : null;
  if (label && focusHeading(document.getElementById(label))) return;
  focusHeading(document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('h1'));
}

function watch(): void {
  observer ??= new MutationObserver(settle);
  observer.observe(document.body, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['disabled', 'data-loading'],
  });
}

function stop(): void {
  lost = null;
  inside = null;
  observer?.disconnect();
}

/** Runs after each change of the page while focus is lost, or is in a dialog. */
function settle(): void {
  // A browser that fires no focusout when the focused control is removed (Firefox, happy-dom).
  if (!lost && inside && !inside.el.isConnected && focusIsNowhere()) lost = inside;
  const l = lost;
  if (!l) return;
  if (!focusIsNowhere()) return stop();
  if (l.disabled && l.el.isConnected) {
    if (l.el.matches(':disabled')) {
      // Still busy (Mantine's `loading`), or a dialog's control while the dialog fades out.
      if (l.el.matches('[data-loading]') || l.dialog) return;
      // Disabled for good ('Guardar' once there is nothing left to save): its section's heading.
      stop();
      returnTo(l);
      return;
    }
    stop();
    tryFocus(l.el);
    return;
  }
  if (l.dialog) {
    if (l.dialog.isConnected && l.el.isConnected) return; // the dialog is still there (or fading out)
    stop();
    if (l.dialog.isConnected) {
      // The control went away but the dialog stays: focus its first control.
      tryFocus(l.dialog.querySelector<HTMLElement>('[data-autofocus], button, input, [tabindex="0"]'));
    } else if (l.opener) returnTo(l.opener);
    return;
  }
  stop();
  if (!l.el.isConnected) returnTo(l);
}

function onFocusIn(event: FocusEvent): void {
  stop();
  const el = event.target;
  if (!(el instanceof HTMLElement)) return;
  const dialog = el.closest(DIALOG);
  if (!dialog) {
    outside = { el, section: sectionOf(el) };
    return;
  }
  inside = { el, disabled: false, section: null, dialog, opener: outside };
  watch();
}

function onFocusOut(event: FocusEvent): void {
  const el = event.target;
  if (event.relatedTarget !== null || !(el instanceof HTMLElement)) return;
  const dialog = el.closest(DIALOG);
  const record: Lost = { el, disabled: false, section: sectionOf(el), dialog, opener: dialog ? outside : null };
  queueMicrotask(() => {
    if (!focusIsNowhere()) return;
    record.disabled = el.isConnected && el.matches(':disabled');
    // A click on the page's background, or a control left for another window: not ours to undo.
    if (!record.disabled && !dialog && el.isConnected) return;
    lost = record;
    watch();
    settle();
  });
}

/** Starts keeping focus (see above); returns the function that stops it. */
export function installFocusKeeper(): () => void {
  document.addEventListener('focusin', onFocusIn);
  document.addEventListener('focusout', onFocusOut);
  return () => {
    document.removeEventListener('focusin', onFocusIn);
    document.removeEventListener('focusout', onFocusOut);
    stop();
    outside = null;
  };
}
