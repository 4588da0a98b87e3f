import { lazy, Suspense, type ComponentProps } from 'react';
import { matchPath, useLocation, useNavigate, useParams } from 'react-router';
import { useMountedInTransition } from '../../components/dialog-layer';
import { APPLICATION_ROUTE, ApplicationDialog } from '../applications';

// The dialog (and Mantine's modal machinery) is fetched when a vacancy is first opened.
const LazyDetailModal = lazy(async () => ({ default: (await import('./VacancyDetailModal')).VacancyDetailModal }));

function VacancyDetailModal(props: ComponentProps<typeof LazyDetailModal>) {
  return (
    <Suspense fallback={null}>
      <LazyDetailModal {...props} />
    </Suspense>
  );
}

/**
 * /vacantes/:id — a shareable address for one vacancy; closing the dialog returns to the board. A
 * browser without a session gets the board's prerendered copy for it (bff/src/files/web.ts), which
 * has no dialog in it: the dialog comes after the first render, so that React adopts the copy as
 * it is.
 */
export function VacancyDetailRoute() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const mounted = useMountedInTransition();
  if (!mounted) return null;
  return <VacancyDetailModal key={id} vacancyId={id} opened onClose={() => navigate('/vacantes')} />;
}

/**
 * The detail dialog (or, at /vacantes/:id/postular, the application form) opened from a board page (spec 1 §2.5): the address becomes /vacantes/:id so
 * it can be shared, while the page below stays what it was (the home page keeps its hero).
 * Closing, or Back, returns to that page.
 */
export function VacancyDetailOverlay() {
  const location = useLocation();
  const navigate = useNavigate();
  const applying = matchPath(APPLICATION_ROUTE, location.pathname);
  if (applying) return <ApplicationDialog vacancyId={applying.params.id ?? ''} onClose={() => navigate(-1)} />;
  const id = matchPath('/vacantes/:id', location.pathname)?.params.id ?? '';
  return <VacancyDetailModal key={id} vacancyId={id} opened onClose={() => navigate(-1)} />;
}
