import { useQuery } from '@apollo/client/react';
import { Alert, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconEye, IconList } from '@tabler/icons-react';
import { BOARD_MESSAGES } from '@bolsa/domain';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useDocumentTitle } from '../../lib/document-title';
import { pageTitle } from '../../lib/site';
import { useStaffRole } from '../session';
import { Board } from './Board';
import { VACANCY_BOARD_NAME } from './operations';

const nameFromState = (state: unknown): string | null => {
  const name = (state as { vacancyName?: unknown } | null)?.vacancyName;
  return typeof name === 'string' && name.trim() ? name : null;
};

/** /panel/plazas/:id/tablero: the vacancy's candidates as a board, one column per state. */
export function VacancyBoardPage() {
  const { id = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const { role } = useStaffRole();
  const given = nameFromState(location.state);
  const named = useQuery(VACANCY_BOARD_NAME, { variables: { id }, skip: !id || given !== null });
  const name = given ?? named.data?.adminVacancy?.name ?? null;
  const title = name ? BOARD_MESSAGES.title(name) : BOARD_MESSAGES.titleNoName;
  useDocumentTitle(pageTitle(title));

  const back = () => {
    if (location.key !== 'default') void navigate(-1);
    else void navigate('/panel/plazas');
  };

  return (
    <Container fluid px={{ base: 'sm', sm: 'lg' }} py={{ base: 'md', sm: 'xl' }} maw="100%">
      <Stack gap="sm" mb="md">
        <Group justify="space-between" gap="xs">
          <Button variant="subtle" leftSection={<IconArrowLeft size={16} aria-hidden />} onClick={back} px={4}>
            Volver
          </Button>
          <Group gap="xs">
            <Button
              component={Link}
              to={`/panel/plazas/candidatos/${encodeURIComponent(id)}`}
              state={name ? { vacancyId: id, vacancyName: name } : undefined}
              variant="light"
              leftSection={<IconList size={16} aria-hidden />}
            >
              {BOARD_MESSAGES.listLink}
            </Button>
            <Button
              component={Link}
              to={`/panel/plazas/vista-vacante?id=${encodeURIComponent(id)}`}
              variant="default"
              leftSection={<IconEye size={16} aria-hidden />}
            >
              Ver plaza
            </Button>
          </Group>
        </Group>
        <Title order={1} fz={{ base: 22, sm: 28 }}>
          {title}
        </Title>
        {role === 'VIEWER' ? (
          <Alert color="blue" variant="light" title={BOARD_MESSAGES.readOnlyTitle}>
            {BOARD_MESSAGES.readOnly}
          </Alert>
        ) : (
          <Text size="sm" c="dark.5">
            {BOARD_MESSAGES.help}
          </Text>
        )}
      </Stack>
      <Board vacancyId={id} />
    </Container>
  );
}
