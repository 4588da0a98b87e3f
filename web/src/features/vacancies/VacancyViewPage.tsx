import {
  Button,
  Card,
  CloseButton,
  Container,
  EmptyState,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@apollo/client/react';
import { IconArrowLeft, IconBriefcaseOff } from '@tabler/icons-react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { VACANCY_MESSAGES } from '@bolsa/domain';
import { pageTitle } from '../../lib/site';
import { VacancyDetails } from '../../components/VacancyDetails';
import { useDocumentTitle } from '../../lib/document-title';
import { LoadFailed } from './AdminVacancyGrid';
import { ADMIN_VACANCY } from './operations';
import { VacancyBoardLink } from '../vacancy-board';

/** /panel/plazas/vista-vacante?id=…, 'Detalles del empleo' for staff (spec 2 §2). */
export function VacancyViewPage() {
  const [params] = useSearchParams();
  const id = params.get('id')?.trim() ?? '';
  const navigate = useNavigate();
  const location = useLocation();
  const { data, loading, error, refetch } = useQuery(ADMIN_VACANCY, { variables: { id }, skip: !id });
  const vacancy = data?.adminVacancy ?? null;
  useDocumentTitle(pageTitle(vacancy ? vacancy.name : 'Detalles del empleo'));

  // The first page of the session has the key 'default': there is nothing to go back to.
  const close = () => (location.key !== 'default' ? navigate(-1) : navigate('/panel/plazas'));

  let body;
  if (id && loading && !data) {
    body = (
      <Stack gap="md" aria-busy="true">
        <Text size="sm" c="dimmed">
          Cargando vacante…
        </Text>
        <Skeleton h={260} />
        <Skeleton h={28} w="70%" />
        <Skeleton h={80} />
      </Stack>
    );
  } else if (error && !data) {
    body = <LoadFailed onRetry={() => void refetch()} />;
  } else if (!vacancy) {
    body = (
      <Card withBorder radius="md" py="xl">
        <EmptyState icon={<IconBriefcaseOff size={28} aria-hidden />} title={VACANCY_MESSAGES.notFound}>
          <Button
            variant="light"
            leftSection={<IconArrowLeft size={16} aria-hidden />}
            onClick={() => navigate('/panel/plazas')}
          >
            Volver a Gestión de Vacantes
          </Button>
        </EmptyState>
      </Card>
    );
  } else {
    body = (
      <VacancyDetails
        vacancy={{
          name: vacancy.name,
          branchName: vacancy.branch?.name ?? null,
          place: vacancy.place ?? null,
          imageUrl: vacancy.imageUrl ?? null,
          description: vacancy.description ?? null,
          requirements: vacancy.requirements,
          benefits: vacancy.benefits,
          publishedAt: vacancy.publishedAt ?? null,
          endsAt: vacancy.endsAt ?? null,
          featured: vacancy.featured,
        }}
      />
    );
  }

  return (
    <Container size="md" py={{ base: 'md', sm: 'xl' }}>
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} shadow="sm">
        <Group justify="space-between" align="center" mb="md" wrap="nowrap">
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            Detalles del empleo
          </Title>
          <CloseButton size="lg" aria-label="Cerrar detalles del empleo" onClick={close} />
        </Group>
        {body}
        {vacancy && (
          <Group justify="flex-end" mt="xl">
            <VacancyBoardLink vacancyId={vacancy.id} vacancyName={vacancy.name} />
            <Button variant="default" onClick={close}>
              Cerrar
            </Button>
          </Group>
        )}
      </Paper>
    </Container>
  );
}
