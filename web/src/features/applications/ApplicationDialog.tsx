import { lazy, Suspense } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useMountedInTransition, useReturnFocus } from '../../components/dialog-layer';
import { useTrackDialog } from '../../lib/dialog-activity';
import type { ApplicationModalProps } from './ApplicationModal';

/*
 * The form, its rules and the CUI check (which brings the list of municipalities) are a chunk of
 * their own, fetched when someone opens it: the board's first load does not grow.
 */
const ApplicationModal = lazy(async () => ({ default: (await import('./ApplicationModal')).ApplicationModal }));

/** The application form for one vacancy, loaded on demand. */
export function ApplicationDialog(props: ApplicationModalProps) {
  // Open from the moment it is asked for, its chunk still loading (the modal inside used to count
  // itself only once loaded): the carousel stands still behind it (spec 1 §2.4) and, on a phone,
  // is not laid out behind a form that fills the screen (VacancyList). Its notices count
  // themselves (NoticeBody).
  useTrackDialog(true);
  // Focus goes back to 'Aplicar Ahora' (or what opened the form) when it closes.
  useReturnFocus(true);
  return (
    <Suspense fallback={null}>
      <ApplicationModal key={props.vacancyId} {...props} />
    </Suspense>
  );
}

/**
 * /vacantes/:id/postular opened directly (a shared link): closing goes to the board. A browser
 * without a session gets the board's prerendered copy for this address (bff/src/files/web.ts), which
 * has no form in it: the form comes after the first render, so that React adopts the copy as it is
 * instead of throwing it away over a part it does not hold.
 */
export function ApplicationRoute() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const mounted = useMountedInTransition();
  if (!mounted) return null;
  return <ApplicationDialog vacancyId={id} onClose={() => navigate('/vacantes')} />;
}
