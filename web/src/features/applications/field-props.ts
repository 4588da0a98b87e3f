import { filteredChange } from '../../lib/uncontrolled-form';
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
