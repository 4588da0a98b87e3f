import type { ChangeEvent } from 'react';
import { fieldId, type ApplicationFormValues } from './form-values';
import type { ApplicationFormApi } from './types';

/** A field of the form that is one value (not a list of experience or reference rows). */
export type SingleField = Exclude<keyof ApplicationFormValues, 'experiences' | 'personalReferences' | 'workReferences'>;
type FilteredField = 'name' | 'cui' | 'phone' | 'age' | 'salaryClaim';

/**
 * The form's props for one input, without Mantine's 'touched' flag (`withFocus: false`): nothing
 * reads it, and setting it re-rendered the whole form, synchronously, the first time each field
 * took the focus. On a shared application link the first field's autofocus made that the slow
 * phone's longest task (issue 22).
 */
export function inputProps(form: ApplicationFormApi, path: Parameters<ApplicationFormApi['getInputProps']>[0]) {
  return form.getInputProps(path, { withFocus: false });
}

type FormPath = Parameters<ApplicationFormApi['setFieldValue']>[0];

/**
 * An input's change through a typing filter (spec 1 §5.2: the name keeps letters, the DPI digits…).
 * The form is uncontrolled (the value lives in the input, not in a render), so what the filter
 * drops is taken out of the input here, keeping the caret where it was; the form's value is set
 * without a render.
 */
export function filteredChange(form: ApplicationFormApi, path: FormPath, filter: (raw: string) => string) {
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
    form.setFieldValue(path, value as never, { forceUpdate: false });
  };
}

/**
 * The props the sections spread on their inputs: the form's value and error, the id the error
 * summary focuses, the check on leaving the field, the input filters and the duplicate check.
 */
export function fieldProps(
  form: ApplicationFormApi,
  checkOnLeave: (path: string) => void,
  checkDuplicate: (field: 'cui' | 'email') => Promise<void>,
) {
  const input = (path: SingleField) => {
    const props = inputProps(form, path);
    return {
      ...props,
      id: fieldId(path),
      // In place of the form's own check on blur (kept for the experience and reference rows).
      onBlur: () => checkOnLeave(path),
    };
  };
  const filtered = (path: FilteredField, filter: (raw: string) => string) => ({
    ...input(path),
    onChange: filteredChange(form, path, filter),
  });
  const withCheck = (path: 'cui' | 'email', props: ReturnType<typeof input>) => ({
    ...props,
    onBlur: () => {
      props.onBlur();
      void checkDuplicate(path);
    },
  });
  return { input, filtered, withCheck };
}

export type FieldProps = ReturnType<typeof fieldProps>;
