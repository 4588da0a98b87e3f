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

/*
 * FORBIDDEN: the session is alive but may no longer hold the role the page was drawn for (an
 * administrator changed it in another place; the BFF applies it within a second). The
 * SessionProvider asks who is logged in again, so the bar, the navigation and the screens follow.
 */
const forbiddenListeners = new Set<Listener>();

export function onForbidden(listener: Listener): () => void {
  forbiddenListeners.add(listener);
  return () => {
    forbiddenListeners.delete(listener);
  };
}

export function isForbidden(error: unknown): boolean {
  return CombinedGraphQLErrors.is(error) && error.errors.some((e) => e.extensions?.['code'] === 'FORBIDDEN');
}

/** Put in front of the HTTP link: watches every answer for UNAUTHENTICATED and FORBIDDEN. */
export function sessionExpiryLink(): ErrorLink {
  return new ErrorLink(({ error }) => {
    if (isUnauthenticated(error)) announceSessionEnded();
    else if (isForbidden(error)) for (const l of [...forbiddenListeners]) l();
  });
}
