import { useApolloClient, useMutation } from '@apollo/client/react';
import {
  APPLICATION_MESSAGES as M,
  checkApplication,
  conflictMessage,
  isEmail,
  type ApplicationMode,
} from '@bolsa/domain';
import type { FormEvent, RefObject } from 'react';
import { toastNotice } from '../../lib/toast';
import type { FileUploads } from '../../lib/use-file-uploads';
import type { DuplicateConflict } from '../../gql/graphql';
import {
  conflictCode,
  conflictField,
  formPathOf,
  toApplicationInput,
  toDomainInput,
  type DocumentKey,
} from './form-values';
import { APPLICATION_CHECK, APPLY } from './operations';
import type { ApplicationFormApi, ApplicationVacancy, Dialog } from './types';
import { FileUploadFailed } from './use-application-files';
import type { CheckCaptcha } from './use-check-captcha';

interface SubmitOptions {
  form: ApplicationFormApi;
  vacancy: ApplicationVacancy;
  mode: ApplicationMode;
  today: string;
  /** The documents this mode asks for. */
  needed: readonly DocumentKey[];
  files: FileUploads<DocumentKey>;
  /** Which documents are present (chosen or in the profile) when the check runs. */
  present: RefObject<Partial<Record<DocumentKey, boolean>>>;
  busy: boolean;
  onBusyChange: (busy: boolean) => void;
  onCancel: () => void;
  onDialog: (dialog: Dialog) => void;
  onApplied: () => void;
  /** As soon as the api has the application, before its notice is acknowledged. */
  onSent: () => void;
  /** Opens the section of a field and focuses it. */
  openAndFocus: (path: string) => void;
  /** The captcha the duplicate check asks for past its per-address limit (issue 22). */
  captcha: CheckCaptcha;
}

/**
 * What happens when the applicant sends the form (spec 1 §2.6, §7, §8): the domain's check, the
 * uploads, the duplicate check again, the mutation and its outcome as a dialog or field errors.
 * Also the duplicate check when the DPI or e-mail lose focus.
 */
export function useApplicationSubmit(o: SubmitOptions) {
  const { form, vacancy, mode, today, needed, files, present, busy, onBusyChange, onDialog, openAndFocus, captcha } = o;
  const client = useApolloClient();
  const [apply] = useMutation(APPLY);

  /** Marks every failing field, opens the first failing section, focuses its field, warns. */
  const showIncomplete = (errors: Record<string, string>, first: string) => {
    form.setErrors(errors);
    openAndFocus(first);
    toastNotice(M.incompleteTitle, errors[first] ?? '', { id: 'postulacion-incompleta' });
  };

  // Duplicate check when DPI or e-mail lose focus (spec 1 §2.6); a failed call counts as ok.
  const checkDuplicate = async (field: 'cui' | 'email') => {
    const v = form.getValues();
    const dpi = v.cui;
    const email = v.email.trim().toLowerCase();
    if (field === 'cui' && !/^\d{13}$/.test(dpi)) return;
    if (field === 'email' && !isEmail(email)) return;
    // A captcha on screen is answered with the submission's check.
    if (captcha.challenge) return;
    try {
      const { data } = await client.query({
        query: APPLICATION_CHECK,
        variables: { vacancyId: vacancy.id, dpi, email },
        fetchPolicy: 'no-cache',
      });
      const r = data?.applicationCheck;
      if (r?.captcha) {
        captcha.ask(r.captcha, r.message, false);
        return;
      }
      if (!r || r.ok) return;
      form.setFieldError(conflictField(r.conflict) ?? field, r.message?.trim() || M.conflictOnBlur);
    } catch {
      // Spec 1 §7: a network or HTTP failure of the check on blur is treated as ok.
    }
  };

  const showConflict = (conflict: DuplicateConflict | null | undefined, message: string | null | undefined) => {
    const field = conflictField(conflict);
    const text = conflictMessage(conflictCode(conflict), message);
    if (field) form.setFieldError(field, text);
    onDialog({
      title: M.conflictTitle,
      message: text,
      kind: 'info',
      after: () => openAndFocus(field ?? 'cui'),
    });
  };

  const failed = () => onDialog({ title: M.submitFailedTitle, message: M.submitFailed, kind: 'error' });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const domainInput = toDomainInput(vacancy.id, form.getValues(), present.current);
    const checked = checkApplication(mode, domainInput, today);
    if (!checked.ok) {
      const errors: Record<string, string> = {};
      for (const f of checked.fields) errors[f.path] ??= f.message;
      showIncomplete(errors, checked.first.path);
      return;
    }
    // Past the check's limit the captcha shown must be answered first.
    const captchaVariables = captcha.variables();
    if (!captchaVariables) {
      captcha.setMissing(true);
      return;
    }
    onBusyChange(true);
    try {
      let uploads;
      try {
        uploads = await files.ensureUploaded(needed.filter((k) => files.slots[k].file));
      } catch (err) {
        if (err instanceof FileUploadFailed) {
          showIncomplete({ [err.key]: err.failure.message }, err.key);
          return;
        }
        throw err;
      }
      // Again before sending (spec 1 §2.6); here a failed call is the generic failure.
      const { data: checkData } = await client.query({
        query: APPLICATION_CHECK,
        variables: { vacancyId: vacancy.id, dpi: checked.value.cui, email: checked.value.email, ...captchaVariables },
        fetchPolicy: 'no-cache',
      });
      const check = checkData?.applicationCheck;
      if (!check) throw new Error('sin respuesta');
      if (check.captcha) {
        // Past the limit: the captcha is shown (again, after a wrong answer) and the form waits.
        captcha.ask(check.captcha, check.message, Object.keys(captchaVariables).length > 0);
        return;
      }
      captcha.solved();
      if (!check.ok) {
        showConflict(check.conflict, check.message);
        return;
      }
      const { input, rowIndex } = toApplicationInput(checked.value, uploads, mode);
      const { data } = await apply({ variables: { input } });
      const payload = data?.apply;
      const error = payload?.error;
      // A refused form's files were deleted by the server (issue 22): the next try sends them again.
      if (error) files.spent();
      if (error?.__typename === 'DuplicateApplication') {
        showConflict(error.conflict, error.message);
        return;
      }
      if (error?.__typename === 'ValidationFailed') {
        const errors: Record<string, string> = {};
        for (const f of error.fields) errors[formPathOf(f.path, rowIndex)] ??= f.message;
        const first = Object.keys(errors)[0];
        if (first) showIncomplete(errors, first);
        else onDialog({ title: error.title ?? M.incompleteTitle, message: error.message, kind: 'info' });
        return;
      }
      if (error?.__typename === 'Throttled') {
        // Too many refused forms from this address (issue 22): the domain's message says how long to
        // wait; what was written stays in the form.
        onDialog({ title: M.applyThrottledTitle, message: error.message, kind: 'info' });
        return;
      }
      if (error?.__typename === 'VacancyClosed') {
        onDialog({ title: 'Aviso', message: error.message, kind: 'info', after: o.onCancel });
        return;
      }
      if (!payload || error) throw new Error('respuesta inesperada');
      const registered = (payload.mode ?? (mode === 'registered' ? 'REGISTERED' : 'GUEST')) === 'REGISTERED';
      o.onSent();
      onDialog({
        title: M.successTitle,
        message: registered ? M.successRegistered : M.successGuest,
        kind: 'success',
        after: o.onApplied,
      });
    } catch {
      failed();
    } finally {
      onBusyChange(false);
    }
  };

  return { submit, checkDuplicate };
}
