import { useState } from 'react';
import { toastError, toastSuccess } from './toast';

/** What an action's toast says: a success, or a failure with its reason. */
export type ActOutcome = { done: string; detail?: string } | { failed: string; detail?: string };

export interface ConfirmThenActOptions<T> {
  /**
   * Runs the mutation for `target` once confirmed, and says how it went (a toast); null when it
   * has told the user itself (a dialog that needs acknowledging).
   */
  act: (target: T) => Promise<ActOutcome | null>;
  /** The outcome when `act` throws (no network, an unexpected answer). */
  onThrow: (error: unknown, target: T) => ActOutcome;
  /** How long the outcome's toast stays, when the screen has its own duration (user management: 2.5 s). */
  toastMs?: number;
  /** The question was closed without acting ('Cancelar', ×, Escape). */
  onCancel?: (target: T) => void;
}

export interface ConfirmThenAct<T> {
  /** Opens the question about `target`. */
  ask: (target: T) => void;
  /** What is being asked about; kept while the dialog closes so that its text does not go blank. */
  target: T | null;
  /** Spread into <ConfirmDialog>, with the title, confirm label and text. */
  dialog: { opened: boolean; busy: boolean; onConfirm: () => void; onCancel: () => void };
}

/** Shows an action's outcome as a toast (spec 2 §9: success in green, failure in red). */
export function toastOutcome(outcome: ActOutcome, ms?: number): void {
  if ('done' in outcome) toastSuccess(outcome.done, outcome.detail, { ms });
  else toastError(outcome.failed, outcome.detail ?? '', { ms });
}

/**
 * Confirm, then act, then say so: the question's state, the busy confirm button while the
 * mutation runs, the toast of its outcome, and the dialog closed afterwards whatever happened.
 */
export function useConfirmThenAct<T>({ act, onThrow, toastMs, onCancel }: ConfirmThenActOptions<T>): ConfirmThenAct<T> {
  const [target, setTarget] = useState<T | null>(null);
  const [opened, setOpened] = useState(false);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    if (target === null || busy) return;
    setBusy(true);
    try {
      const outcome = await act(target);
      if (outcome) toastOutcome(outcome, toastMs);
    } catch (err) {
      toastOutcome(onThrow(err, target), toastMs);
    } finally {
      setBusy(false);
      setOpened(false);
    }
  };

  return {
    ask: (t) => {
      setTarget(t);
      setOpened(true);
    },
    target,
    dialog: {
      opened,
      busy,
      onConfirm: () => void confirm(),
      onCancel: () => {
        setOpened(false);
        if (target !== null) onCancel?.(target);
      },
    },
  };
}
