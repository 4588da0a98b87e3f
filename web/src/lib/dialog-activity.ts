import { useEffect, useSyncExternalStore } from 'react';

/*
 * How many dialogs (modals, drawers) are open anywhere in the app. The vacancy carousel stops
 * scrolling while one is open and resumes a few seconds after the last one closes (spec 1 §2.4);
 * dialogs live in unrelated parts of the tree, so a tiny store is simpler than threading props.
 */
let openDialogs = 0;
const listeners = new Set<() => void>();

function emit() {
  for (const l of listeners) l();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function getSnapshot() {
  return openDialogs > 0;
}

/** Counts the calling component's dialog as open while `opened` is true. */
export function useTrackDialog(opened: boolean): void {
  useEffect(() => {
    if (!opened) return;
    openDialogs += 1;
    emit();
    return () => {
      openDialogs -= 1;
      emit();
    };
  }, [opened]);
}

/** True while any tracked dialog is open. */
export function useAnyDialogOpen(): boolean {
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}
