import { useApolloClient, useQuery } from '@apollo/client/react';
import { Center, Loader } from '@mantine/core';
import { ROLE, type RoleId } from '@bolsa/domain';
import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useDeferredValue,
  useEffect,
  useMemo,
  useRef,
  type ReactNode,
} from 'react';
import { useLocation, useNavigate } from 'react-router';
import { OutageScreen } from '../../components/OutageNotice';
import type { SessionQuery, ViewerFieldsFragment } from '../../gql/graphql';
import { isOutage } from '../../lib/errors';
import { LOGOUT, ME, SESSION } from './operations';
import { clearRedirectAfterLogin, takeRedirectAfterLogin } from './redirect';
import { ROLE_ID } from './roles';
import { onForbidden, onSessionEnded } from './session-events';

// Only a logged-in session needs the idle guard (and its dialog): fetched after login.
const InactivityGuard = lazy(async () => ({ default: (await import('./InactivityGuard')).InactivityGuard }));

export type SessionViewer = ViewerFieldsFragment & { roleId: RoleId };
export type SessionSettings = SessionQuery['settings'];

export interface Session {
  /** Who is logged in; null when anonymous or expired. */
  viewer: SessionViewer | null;
  settings: SessionSettings | null;
  /** True until the first restore of the session has finished. */
  loading: boolean;
  /** Asks the server again who is logged in. */
  refresh: () => Promise<void>;
  /** Ends the session on the server and here, and goes to / (replacing the address). */
  logout: () => Promise<void>;
  /**
   * After a login: makes the viewer known everywhere and follows the stored post-login path once.
   * Returns whether it navigated.
   */
  signedIn: (viewer: ViewerFieldsFragment) => boolean;
}

export const SessionContext = createContext<Session | null>(null);

export function toSessionViewer(me: ViewerFieldsFragment | null | undefined): SessionViewer | null {
  return me ? { ...me, roleId: ROLE_ID[me.role] } : null;
}

/**
 * Asks `me` and `settings` once when the app starts and shows a full-screen spinner until that
 * first answer (spec 1 §2.8). The session itself is an HttpOnly cookie set by the BFF: nothing
 * about it is kept in Web Storage, the Apollo cache is the only copy of who is logged in.
 *
 * `knownAnonymous`: the BFF served a prerendered page, which it does only to a browser that sent
 * no session cookie, so nobody is logged in and the page is shown at once (the query still runs).
 */
export function SessionProvider({
  children,
  knownAnonymous = false,
}: {
  children: ReactNode;
  knownAnonymous?: boolean;
}) {
  const client = useApolloClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { data, previousData, error, refetch } = useQuery(SESSION);

  const current = data ?? previousData;
  // The session could not be checked because the service is unreachable: nobody is logged out or
  // sent away; the page waits (and checks again by itself, lib/outage) where it is.
  const outage = !knownAnonymous && current === undefined && error !== undefined && isOutage(error);
  // Any other failed first restore lets the visitor in as anonymous.
  const restored = knownAnonymous || current !== undefined || (error !== undefined && !outage);
  const viewer = useMemo(() => toSessionViewer(current?.me), [current?.me]);
  // On a prerendered page nobody is logged in and only the settings arrive with the first answer.
  // That answer reaches React as an urgent (synchronous) update; a new context value then made
  // React hydrate every part of the page not yet adopted in one task (~0.5 s on a slow phone).
  // The settings follow a render later instead, in slices like the rest of the hydration.
  const liveSettings = current?.settings ?? null;
  const deferredSettings = useDeferredValue(liveSettings);
  const settings = knownAnonymous ? deferredSettings : liveSettings;

  const endSession = useCallback(() => {
    client.cache.writeQuery({ query: ME, data: { me: null } });
    clearRedirectAfterLogin();
    navigate('/', { replace: true });
    // Once the staff screens have gone, forget everything the session could see.
    setTimeout(() => void client.resetStore().catch(() => undefined), 0);
  }, [client, navigate]);

  const logout = useCallback(async () => {
    try {
      await client.mutate({ mutation: LOGOUT });
    } catch {
      // The cookie may already be gone; the page forgets the session either way.
    }
    endSession();
  }, [client, endSession]);

  const refresh = useCallback(async () => {
    await refetch().catch(() => undefined);
  }, [refetch]);

  const signedIn = useCallback(
    (me: ViewerFieldsFragment) => {
      client.cache.writeQuery({ query: ME, data: { me } });
      const path = takeRedirectAfterLogin();
      if (!path || ROLE_ID[me.role] !== ROLE.CANDIDATE) return false;
      navigate(path, { replace: true });
      return true;
    },
    [client, navigate],
  );

  // The server said UNAUTHENTICATED on a protected field: the session ended behind our back.
  const hasViewer = useRef(false);
  hasViewer.current = viewer !== null;
  useEffect(
    () =>
      onSessionEnded(() => {
        if (hasViewer.current) endSession();
      }),
    [endSession],
  );

  // The server said FORBIDDEN: the role may have changed since the page was drawn. Ask again.
  useEffect(
    () =>
      onForbidden(() => {
        if (hasViewer.current) void refresh();
      }),
    [refresh],
  );

  // A candidate whose stored post-login path was not followed yet (e.g. a reload) goes there once.
  useEffect(() => {
    if (viewer?.roleId !== ROLE.CANDIDATE) return;
    const path = takeRedirectAfterLogin();
    if (path && path !== pathname) navigate(path, { replace: true });
    // Only a change of who is logged in matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [viewer?.id, viewer?.roleId]);

  const value = useMemo<Session>(
    () => ({ viewer, settings, loading: !restored, refresh, logout, signedIn }),
    [viewer, settings, restored, refresh, logout, signedIn],
  );

  if (outage) return <OutageScreen />;

  if (!restored) {
    return (
      <Center h="100dvh">
        <Loader role="status" aria-label="Cargando sesión" />
      </Center>
    );
  }

  return (
    <SessionContext value={value}>
      {children}
      {viewer && (
        <Suspense fallback={null}>
          <InactivityGuard
            key={viewer.id}
            timeoutSeconds={viewer.idleTimeoutSeconds}
            warningSeconds={viewer.idleWarningSeconds}
            onLogout={logout}
            onSessionLost={endSession}
          />
        </Suspense>
      )}
    </SessionContext>
  );
}

export function useSession(): Session {
  const ctx = useContext(SessionContext);
  if (!ctx) throw new Error('useSession must be used inside <SessionProvider>');
  return ctx;
}
