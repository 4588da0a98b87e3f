import { ROLE } from '@bolsa/domain';
import { lazy, Suspense } from 'react';
import { useSession } from '../session';

// The gate's dialog and the profile rules it checks (zod, the profile's queries) are fetched only
// once a candidate is signed in: a visitor's first page does not carry them.
const ProfileGate = lazy(async () => ({ default: (await import('./ProfileGate')).ProfileGate }));

/** The profile gate (spec 1 §2.8), mounted for candidates only. */
export function CandidateProfileGate() {
  const { viewer } = useSession();
  if (viewer?.roleId !== ROLE.CANDIDATE) return null;
  return (
    <Suspense fallback={null}>
      <ProfileGate />
    </Suspense>
  );
}
