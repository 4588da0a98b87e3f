import type { UseFormReturnType } from '@mantine/form';
import { useState, type ChangeEvent } from 'react';

/*
 * What an uncontrolled Mantine form (`mode: 'uncontrolled'`) needs that Mantine leaves to us. In
 * such a form each input holds what is typed in it and a key renders nothing; controlled, every key
 * rendered the whole form again, 100–350 ms between a key and its letter on a slow phone (issue
 * 22). The application form and the candidate's profile are uncontrolled.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any form's values
type AnyForm = UseFormReturnType<any>;

/**
 * An input's change through a typing filter (spec 1 §5.2: a name keeps letters, a phone digits…).
 * What the filter drops is taken out of the input itself, keeping the caret where it was, and the
 * form's value is set without a render (`forceUpdate: false`; with it Mantine would remount the
 * input and lose the focus).
 */
export function filteredChange(form: AnyForm, path: string, filter: (raw: string) => string) {
  return (e: ChangeEvent<HTMLInputElement>) => {
    const input = e.currentTarget;
    const raw = input.value;
    const value = filter(raw);
    if (value !== raw) {
      const caret = Math.max(0, (input.selectionStart ?? raw.length) - (raw.length - value.length));
      input.value = value;
      // Only where the input keeps a caret (not type="email" and the like).
      if (input.selectionStart !== null) input.setSelectionRange(caret, caret);
    }
    form.setFieldValue(path, value, { forceUpdate: false });
  };
}

/**
 * The keys of a list's rows (components/HistoryRows), and how a row is removed. Once a row is
 * removed the rows after it move up one index; kept under the same keys, their inputs would still
 * show the removed row's values, since each input holds its own. A removal gives every row of the
 * list a new key, and the inputs start again from the form's values.
 */
export function useRowKeys(form: AnyForm, list: string) {
  const [removals, setRemovals] = useState(0);
  const rowKey = (i: number) => `${list}.${removals}.${i}`;
  const removeRow = (i: number) => {
    form.removeListItem(list, i);
    setRemovals((n) => n + 1);
  };
  return [rowKey, removeRow] as const;
}
