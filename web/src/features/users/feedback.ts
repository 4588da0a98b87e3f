import { toastError as showError, toastSuccess as showSuccess, TOAST_MS_USERS } from '../../lib/toast';

export { failureDetail } from '../../lib/toast';

/** User management's toasts stay 2.5 s in the brand colour (spec 2 §9). */
export function toastSuccess(title: string, message?: string): void {
  showSuccess(title, message, { ms: TOAST_MS_USERS });
}

export function toastError(title: string, message: string): void {
  showError(title, message, { ms: TOAST_MS_USERS });
}

/** Lower-case, without accents: how the search box compares (the domain's one folding). */
export { foldSearch as fold } from '@bolsa/domain';
