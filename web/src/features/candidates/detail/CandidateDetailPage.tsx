import { Container } from '@mantine/core';
import { useQuery } from '@apollo/client/react';
import { useParams } from 'react-router';
import { pageTitle } from '../../../lib/site';
import { useDocumentTitle } from '../../../lib/document-title';
import { CandidateDetail } from './CandidateDetail';
import { CANDIDATE_DETAIL } from './operations';

/** /panel/detallecandidato/:id (spec 3 §2.2, roles 1–3). */
export function CandidateDetailPage() {
  const { id = '' } = useParams();
  // Reads the same cached query as the body, only for the tab's title.
  const { data } = useQuery(CANDIDATE_DETAIL, { variables: { id }, fetchPolicy: 'cache-only' });
  const name = data?.candidate && !data.candidate.dataErased ? data.candidate.fullName : null;
  useDocumentTitle(pageTitle(name ?? 'Detalle del candidato'));
  return (
    <Container size="lg" py={{ base: 'md', sm: 'xl' }} px={{ base: 'xs', sm: 'md' }}>
      <CandidateDetail key={id} id={id} />
    </Container>
  );
}
