import { useEffect, useRef, type RefObject } from 'react';

/** Focus is nowhere: on <body>, or on nothing (what a removed or hidden control leaves behind). */
export const focusIsNowhere = (): boolean =>
  document.activeElement === null || document.activeElement === document.body;

/**
 * When `value` changes (not on the first render) to one `when` accepts, and the change left focus
 * nowhere (the control that had it went away with the old view), `target` takes it. Nothing is
 * done when something has focus: the user's choice, a dialog's own return, the focus keeper's.
 */
export function useFocusWhenLost<T>(
  value: T,
  target: RefObject<HTMLElement | null>,
  { when = () => true, preventScroll = false }: { when?: (value: T) => boolean; preventScroll?: boolean } = {},
): void {
  const shown = useRef(value);
  useEffect(() => {
    if (Object.is(shown.current, value)) return;
    shown.current = value;
    if (when(value) && focusIsNowhere()) target.current?.focus({ preventScroll });
    // `when` is a rule of the caller's, not a state: only a change of the value acts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);
}
