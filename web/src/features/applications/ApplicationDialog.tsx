import { lazy, Suspense } from 'react';
import { useNavigate, useParams } from 'react-router';
import type { ApplicationModalProps } from './ApplicationModal';

/*
 * The form, its rules and the CUI check (which brings the list of municipalities) are a chunk of
 * their own, fetched when someone opens it: the board's first load does not grow.
 */
const ApplicationModal = lazy(async () => ({ default: (await import('./ApplicationModal')).ApplicationModal }));

/** The application form for one vacancy, loaded on demand. */
export function ApplicationDialog(props: ApplicationModalProps) {
  return (
    <Suspense fallback={null}>
      <ApplicationModal key={props.vacancyId} {...props} />
    </Suspense>
  );
}

/** /vacantes/:id/postular opened directly (a shared link): closing goes to the board. */
export function ApplicationRoute() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  return <ApplicationDialog vacancyId={id} onClose={() => navigate('/vacantes')} />;
}
