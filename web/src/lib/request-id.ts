import { ApolloLink } from '@apollo/client';
import { ErrorLink } from '@apollo/client/link/error';

/*
 * Every GraphQL request carries its own X-Request-Id, which the BFF writes next to any error it
 * logs. The id of the last failed request of each operation is kept so that an error panel's
 * 'Detalles técnicos' can show it to whoever reports the problem.
 */
const failed = new Map<string, string>();

function newId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

export function requestIdLinks(): ApolloLink[] {
  const tag = new ApolloLink((operation, forward) => {
    const requestId = newId();
    operation.setContext(({ headers = {} }: { headers?: Record<string, string> }) => ({
      requestId,
      headers: { ...headers, 'X-Request-Id': requestId },
    }));
    return forward(operation);
  });
  const remember = new ErrorLink(({ operation }) => {
    const id = (operation.getContext() as { requestId?: string }).requestId;
    if (id && operation.operationName) failed.set(operation.operationName, id);
  });
  return [tag, remember];
}

/** The X-Request-Id of the last failed `operationName`, if any. */
export function lastFailedRequestId(operationName: string): string | null {
  return failed.get(operationName) ?? null;
}
