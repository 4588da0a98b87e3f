import type { UseFormReturnType } from '@mantine/form';
import type { ChangeEvent } from 'react';

/*
 * What an uncontrolled Mantine form (`mode: 'uncontrolled'`) needs that Mantine leaves to us. In
 * such a form each input holds what is typed in it and a key renders nothing; controlled, every key
 * rendered the whole form again, 100–350 ms between a key and its letter on a slow phone (issue
 * 22). The application form and the candidate's profile are uncontrolled. Their rows of
 * experiences and references renew their keys after a removal (components/HistoryRows).
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
