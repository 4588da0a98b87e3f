import { schemaResolver, useForm, type FormErrors } from '@mantine/form';
import { staffEmailRule, staffUserSchema, USER_MESSAGES } from '@bolsa/domain';
import { useMemo } from 'react';
import type { Role } from '../../gql/graphql';
import { toastError } from './feedback';

export interface StaffUserFormValues {
  name: string;
  email: string;
  /** Create only; the edit modal leaves it empty, which keeps the current password. */
  password: string;
  role: Role;
}

/** The e-mail is kept trimmed and lower-cased as it is typed (spec 2 §5). */
export const normaliseEmail = (raw: string) => raw.trim().toLowerCase();

/**
 * The create form and the edit modal of a system user, validated by the domain's
 * `staffUserSchema` (the bff checks the same one, the api answers the same messages) through
 * Mantine's schemaResolver.
 */
export function useStaffUserForm(domain: string, mode: 'create' | 'update', initialValues: StaffUserFormValues) {
  const rule = staffEmailRule(domain);
  const resolver = useMemo(() => schemaResolver(staffUserSchema(domain, mode), { sync: true }), [domain, mode]);
  const form = useForm<StaffUserFormValues>({ mode: 'controlled', initialValues, validate: resolver });
  const { email } = form.values;
  // Spec 2 §5: while typing, an e-mail outside the domain says so under the field (its own
  // wording) and blocks the button; an empty one waits for the submit.
  const emailProblem = email ? resolver(form.values).email : undefined;
  const emailInline =
    emailProblem === rule.submitMessage ? rule.inline : typeof emailProblem === 'string' ? emailProblem : null;

  /** A field's error as shown: a missing value is outlined, the toast says the sentence once. */
  const fieldError = (field: keyof StaffUserFormValues) => {
    if (field === 'email' && emailInline) return emailInline;
    const message = form.errors[field];
    if (message === USER_MESSAGES.incomplete) return true;
    if (message === rule.submitMessage) return rule.inline;
    return message;
  };

  /** The submit's refusal as a toast: missing fields first, then the e-mail domain, then the rest. */
  const announceInvalid = (errors: FormErrors) => {
    const messages = Object.values(errors).filter((m): m is string => typeof m === 'string');
    if (messages.includes(USER_MESSAGES.incomplete))
      toastError(USER_MESSAGES.incompleteTitle, USER_MESSAGES.incomplete);
    else if (messages.includes(rule.submitMessage)) toastError(rule.submitTitle, rule.submitMessage);
    else if (messages[0])
      toastError(mode === 'create' ? USER_MESSAGES.createFailed : USER_MESSAGES.updateFailed, messages[0]);
  };

  return {
    form,
    rule,
    /** The button stays disabled while the e-mail is outside the domain (spec 2 §5). */
    emailBlocked: emailInline !== null,
    fieldError,
    announceInvalid,
  };
}
