import { useNavigate, useParams } from 'react-router';
import { VacancyDetailModal } from './VacancyDetailModal';

/** /vacantes/:id — a shareable address for one vacancy; closing the dialog returns to the board. */
export function VacancyDetailRoute() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  return <VacancyDetailModal key={id} vacancyId={id} opened onClose={() => navigate('/vacantes')} />;
}
