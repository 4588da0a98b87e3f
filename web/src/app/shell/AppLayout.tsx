import { Box } from '@mantine/core';
import { Suspense, useEffect, type ReactNode } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router';
import { OutageBanner } from '../../components/OutageNotice';
import { RouteErrorBoundary } from '../RouteErrorBoundary';
import { SiteFooter } from './SiteFooter';
import { TopNav } from './TopNav';
import classes from './shell.module.css';

/** The board and an open vacancy (/vacantes/:id) are one page: moving between them keeps the page. */
function pageOf(pathname: string): string {
  return pathname.startsWith('/vacantes') ? '/vacantes' : pathname;
}

/** A new page starts at the top; Back and Forward leave the browser to restore the position. */
function useScrollToTopOnNewPage(page: string) {
  const navigationType = useNavigationType();
  useEffect(() => {
    if (navigationType !== 'POP') window.scrollTo(0, 0);
    // Only a change of page matters, not how we got here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [page]);
}

/** `children` replaces the plain <Outlet /> (the router passes its guard, which renders the outlet). */
export function AppLayout({ children }: { children?: ReactNode }) {
  const page = pageOf(useLocation().pathname);
  useScrollToTopOnNewPage(page);
  return (
    <Box mih="100dvh" style={{ display: 'flex', flexDirection: 'column' }}>
      <a href="#contenido" className={classes.skipLink}>
        Saltar al contenido
      </a>
      {/* Each Suspense boundary is hydrated on its own (a prerendered page, start.tsx): a slow phone
          adopts the page in slices, and the part the visitor touches first goes first. */}
      <Suspense fallback={null}>
        <TopNav />
      </Suspense>
      <OutageBanner />
      <Box component="main" id="contenido" tabIndex={-1} className={classes.main}>
        <RouteErrorBoundary key={page}>
          <Suspense fallback={null}>{children ?? <Outlet />}</Suspense>
        </RouteErrorBoundary>
      </Box>
      <Suspense fallback={null}>
        <SiteFooter />
      </Suspense>
    </Box>
  );
}
