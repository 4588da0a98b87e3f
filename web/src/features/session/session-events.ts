import { CombinedGraphQLErrors } from '@apollo/client';
import { ErrorLink } from '@apollo/client/link/error';

/*
 * The session lives in an HttpOnly cookie the page cannot read. When the server answers a
 * non-public field with UNAUTHENTICATED the session has ended (idle expiry, account disabled,
 * logout in another tab): the link below announces it and the SessionProvider clears `me` and
 * goes home. A tiny event source, because the link is built before React renders.
 */
type Listener = () => void;
const listeners = new Set<Listener>();

export function onSessionEnded(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function announceSessionEnded(): void {
  for (const l of [...listeners]) l();
}

export function isUnauthenticated(error: unknown): boolean {
  return CombinedGraphQLErrors.is(error) && error.errors.some((e) => e.extensions?.['code'] === 'UNAUTHENTICATED');
}

/** Put in front of the HTTP link: watches every answer for UNAUTHENTICATED. */
export function sessionExpiryLink(): ErrorLink {
  return new ErrorLink(({ error }) => {
    if (isUnauthenticated(error)) announceSessionEnded();
  });
}
