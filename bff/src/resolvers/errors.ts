import type { Answer } from '../upstream/accounts.js';
import { fieldsOf, pick, text } from '../normalise/fields.js';

/** The api's own message in an answer body, if any. */
export function answerMessage(a: Answer): string | null {
  if (typeof a.body === 'string') return a.body.trim().slice(0, 300) || null;
  return text(pick(fieldsOf(a.body), 'message', 'mensaje', 'error'));
}

export const validationFailed = (
  message: string,
  fields: { path: string; message: string }[] = [],
  title: string | null = null,
) => ({
  __typename: 'ValidationFailed' as const,
  title,
  message,
  fields: fields.length ? fields : [{ path: '', message }],
});

export const operationFailed = (message: string, a?: Answer) => ({
  __typename: 'OperationFailed' as const,
  message,
  status: a?.status ?? null,
  detail: a ? (answerMessage(a) ?? `HTTP ${a.status}`) : null,
});
