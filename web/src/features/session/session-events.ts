import { CombinedGraphQLErrors } from '@apollo/client';
import { ErrorLink } from '@apollo/client/link/error';

/*
 * The session lives in an HttpOnly cookie the page cannot read. When the server answers a
 * non-public field with UNAUTHENTICATED the session has ended (idle expiry, account disabled,
 * logout in another tab): the link below announces it and the SessionProvider clears `me` and
 * goes home. A tiny event source, because the link is built before React renders.
 */
type Listener = () => void;

/** A tiny event source: `on` adds a listener (answers its removal), `announce` calls them all. */
function eventSource() {
  const listeners = new Set<Listener>();
  return {
    on(listener: Listener): () => void {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    announce(): void {
      for (const l of [...listeners]) l();
    },
  };
}

const ended = eventSource();
/*
 * FORBIDDEN: the session is alive but may no longer hold the role the page was drawn for (an
 * administrator changed it in another place; the BFF applies it within a second). The
 * SessionProvider asks who is logged in again, so the bar, the navigation and the screens follow.
 */
const forbidden = eventSource();

export const onSessionEnded = ended.on;
export const announceSessionEnded = ended.announce;
export const onForbidden = forbidden.on;

const hasCode = (error: unknown, code: string): boolean =>
  CombinedGraphQLErrors.is(error) && error.errors.some((e) => e.extensions?.['code'] === code);

export const isUnauthenticated = (error: unknown): boolean => hasCode(error, 'UNAUTHENTICATED');

/** Put in front of the HTTP link: watches every answer for UNAUTHENTICATED and FORBIDDEN. */
export function sessionExpiryLink(): ErrorLink {
  return new ErrorLink(({ error }) => {
    if (isUnauthenticated(error)) ended.announce();
    else if (hasCode(error, 'FORBIDDEN')) forbidden.announce();
  });
}
