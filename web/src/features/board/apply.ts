import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { applicationPath } from '../applications';
import { backgroundOf, type DetailState } from './detail-state';

/**
 * 'Aplicar Ahora' (cards, carousel, detail dialog): opens the application form at its shareable
 * address /vacantes/:id/postular over the page the visitor was on. From the detail dialog the
 * form takes the dialog's place in the history, so closing the form returns to the board.
 */
export function useApply(): (vacancy: { id: string }) => void {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    (vacancy: { id: string }) => {
      const underDialog = backgroundOf(location);
      const onDetail = /^\/vacantes\/[^/]+\/?$/.test(location.pathname);
      const background = onDetail ? underDialog : (underDialog ?? location);
      navigate(applicationPath(vacancy.id), {
        replace: onDetail,
        state: background ? ({ background } satisfies DetailState) : null,
      });
    },
    [navigate, location],
  );
}
