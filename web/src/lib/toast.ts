import { notifications } from '@mantine/notifications';

/** Toasts close on their own after about 2 s (spec 2 §9: 1.2 to 2.2 s). */
export const TOAST_MS = 2000;
/** Failures and notices carry longer sentences: the spec's upper bound. */
export const TOAST_MS_LONG = 2200;

export function toastSuccess(title: string, message?: string): void {
  notifications.show({ color: 'green', title, message: message ?? '', autoClose: TOAST_MS });
}

export function toastError(title: string, message?: string): void {
  notifications.show({ color: 'red', title, message: message ?? '', autoClose: TOAST_MS_LONG });
}

export function toastNotice(title: string, message: string): void {
  notifications.show({ color: 'yellow', title, message, autoClose: TOAST_MS_LONG });
}
