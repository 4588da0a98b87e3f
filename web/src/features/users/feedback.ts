import { notifications } from '@mantine/notifications';
import type { MutationErrorFieldsFragment } from '../../gql/graphql';

/** Toasts of user management stay 2.5 s (spec 2 §9). */
export const TOAST_MS = 2500;

export function toastSuccess(title: string, message?: string): void {
  notifications.show({ color: 'brand', title, message: message ?? '', autoClose: TOAST_MS });
}

export function toastError(title: string, message: string): void {
  notifications.show({ color: 'red', title, message, autoClose: TOAST_MS });
}

/**
 * The second line of a failure toast: Conflict and NotFound say what happened; a refusal of the
 * api shows its status ('Error 500'); anything else asks to try again.
 */
export function failureDetail(error: MutationErrorFieldsFragment | null | undefined): string {
  switch (error?.__typename) {
    case 'Conflict':
    case 'NotFound':
    case 'ValidationFailed':
      return error.message;
    case 'OperationFailed':
      return error.status ? `Error ${error.status}` : 'Intente nuevamente.';
    default:
      return 'Intente nuevamente.';
  }
}

/** Lower-case, without accents: how the search box compares. */
export function fold(s: string): string {
  return s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();
}
