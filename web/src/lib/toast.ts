import type { NotificationData } from '@mantine/notifications';
import type { MutationErrorFieldsFragment } from '../gql/graphql';
import { GENERIC_MESSAGES } from '@bolsa/domain';

/*
 * The one toast module of the app. Toasts close on their own (spec 2 §9): about 2 s in the
 * vacancy back office (1.2 to 2.2 s), 2.5 s in user management; failures and notices carry
 * longer sentences and take the upper bound.
 */
export const TOAST_MS = 2000;
export const TOAST_MS_LONG = 2200;
/** User management's toasts (spec 2 §9). */
export const TOAST_MS_USERS = 2500;

/**
 * Toasts come after an action, never on first paint: their code (and its transitions) is
 * fetched on the first one, keeping it out of the public pages' initial script. When that
 * download fails (a phone that lost its connection) the toast is lost but the page stays; the
 * next toast asks for the container, and downloads it, again.
 */
let attempts = 0;
/** 0 while no toast container is wanted; else which attempt at mounting it this is. */
let container = 0;
const listeners = new Set<() => void>();
const notify = () => {
  for (const l of listeners) l();
};

/** For the app shell: mount the toast container only once a toast has been asked for. */
export function subscribeToToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** 0: no container wanted; otherwise a number that changes with each new attempt to load it. */
export function toastContainer(): number {
  return container;
}

function show(data: NotificationData): void {
  if (container === 0) {
    container = ++attempts;
    notify();
  }
  import('@mantine/notifications')
    .then(({ notifications }) => notifications.show(data))
    .catch(() => {
      container = 0;
      notify();
    });
}

interface ToastOptions {
  /** How long it stays, in ms. */
  ms?: number;
  /** One id per kind of notice: showing it again replaces it instead of stacking a copy. */
  id?: string;
}

export function toastSuccess(title: string, message?: string, { ms = TOAST_MS, id }: ToastOptions = {}): void {
  show({ id, color: 'green', title, message: message ?? '', autoClose: ms });
}

export function toastError(title: string, message?: string, { ms = TOAST_MS_LONG, id }: ToastOptions = {}): void {
  show({ id, color: 'red', title, message: message ?? '', autoClose: ms });
}

export function toastNotice(title: string, message: string, { ms = TOAST_MS_LONG, id }: ToastOptions = {}): void {
  show({ id, color: 'yellow', title, message, autoClose: ms });
}

export function toastInfo(message: string, { ms = TOAST_MS_USERS, id }: ToastOptions = {}): void {
  show({ id, color: 'brand', message, autoClose: ms });
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
      return error.status ? `Error ${error.status}` : GENERIC_MESSAGES.retry;
    default:
      return GENERIC_MESSAGES.retry;
  }
}
