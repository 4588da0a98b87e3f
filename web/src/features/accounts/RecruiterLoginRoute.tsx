import { Navigate, useNavigate } from 'react-router';
import { ROLE } from '@bolsa/domain';
import { useSession } from '../session';
import { RecruiterDialog } from './RecruiterDialog';

/**
 * /reclutadores/login (spec 1 §2.1, spec 2 §2): opens 'Acceso Reclutadores'. Someone already
 * logged in does not see it: staff go to /panel, a candidate to /. Closing goes to /, success to /panel.
 */
export function RecruiterLoginRoute() {
  const { viewer } = useSession();
  const navigate = useNavigate();
  if (viewer) return <Navigate to={viewer.roleId === ROLE.CANDIDATE ? '/' : '/panel'} replace />;
  return (
    <RecruiterDialog
      opened
      onClose={() => navigate('/', { replace: true })}
      onSuccess={() => navigate('/panel', { replace: true })}
    />
  );
}
