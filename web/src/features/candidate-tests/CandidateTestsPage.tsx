import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { Alert, Button, Card, Container, Grid, Group, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconMail } from '@tabler/icons-react';
import { ASSIGNED_TEST_MESSAGES as M, formatDate, testsToSend } from '@bolsa/domain';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { pageTitle } from '../../lib/site';
import { CandidateStateBadge } from '../../components/CandidateStateBadge';
import { ConfirmDialog } from '../../components/dialogs';
import { ErrorPanel } from '../../components/ErrorPanel';
import { useDocumentTitle } from '../../lib/document-title';
import { toastError, toastNotice, toastSuccess } from '../../lib/toast';
import { refreshCandidateViews } from '../candidates';
import { useStaffRole } from '../session';
import { AssignedTestsPanel } from './AssignedTestsPanel';
import { AssignPanel } from './AssignPanel';
import { CANDIDATE_TESTS, SEND_TESTS } from './operations';
import { TestResults } from './TestResults';

const INBOX = '/panel/candidatos';

/** /panel/asignacionpruebas/:id and its ?tab=resultados (spec 3 §2.4, roles 1–3; role 3 reads only). */
export function CandidateTestsPage() {
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'resultados' ? 'resultados' : 'asignacion';
  const { canEdit } = useStaffRole();
  const client = useApolloClient();
  const { data, loading, error, refetch } = useQuery(CANDIDATE_TESTS, {
    variables: { id },
    fetchPolicy: 'cache-and-network',
  });
  const [send, { loading: sending }] = useMutation(SEND_TESTS);
  const [askMissing, setAskMissing] = useState(false);
  const candidate = data?.candidate;
  useDocumentTitle(pageTitle(candidate ? `Pruebas de ${candidate.fullName}` : 'Asignación de pruebas'));

  const tests = data?.assignedTests ?? [];
  const { toSend, missingCredentials, unsent, lastSentAt } = testsToSend(tests);

  // A failed reload shows itself through the query's own `error`; a reload cut short because the
  // page went away (Apollo aborts it) is nobody's error: the promise never rejects.
  const reload = () =>
    refetch().then(
      () => undefined,
      () => undefined,
    );

  const doSend = async () => {
    setAskMissing(false);
    try {
      const { data: answer } = await send({ variables: { candidateId: id } });
      const r = answer?.sendTests;
      if (!r?.ok) {
        toastError(M.sendFailedTitle, r?.error?.message ?? M.sendFailed);
        return;
      }
      refreshCandidateViews(client.cache, id);
      toastSuccess(M.stateUpdated, 'Pruebas enviadas; el candidato pasó a pre-pruebas.');
    } catch {
      toastError(M.sendFailedTitle, M.sendFailed);
    }
    await reload();
  };

  const startSend = () => {
    if (toSend.length === 0) {
      toastNotice('Sin pruebas', M.noneToSend);
      return;
    }
    if (missingCredentials.length > 0) setAskMissing(true);
    else void doSend();
  };

  return (
    <Container size="xl" py={{ base: 'md', sm: 'xl' }} px={{ base: 'xs', sm: 'md' }}>
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Title order={1} size="h2">
            Asignación de Pruebas
          </Title>
          <Button component={Link} to={INBOX} variant="default" leftSection={<IconArrowLeft size={16} aria-hidden />}>
            Volver
          </Button>
        </Group>

        {error && !data ? (
          <ErrorPanel
            title="Error al cargar"
            error={error}
            operationName="CandidateTests"
            onRetry={() => void reload()}
          />
        ) : loading && !data ? (
          <Skeleton h={120} />
        ) : !candidate ? (
          <Alert color="red" title="Error al cargar">
            No se encontró el candidato.
          </Alert>
        ) : (
          <>
            <Card withBorder padding="md" radius="md" component="section" aria-label="Candidato">
              <Group justify="space-between" wrap="wrap" gap="xs" align="flex-start">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Text fw={700} size="lg" style={{ overflowWrap: 'anywhere' }}>
                    {candidate.fullName}
                  </Text>
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {candidate.email ?? 'Sin correo'}
                  </Text>
                  <Text size="sm">{candidate.phone ?? 'Sin teléfono'}</Text>
                </Stack>
                <CandidateStateBadge state={candidate.state} size="lg" />
              </Group>
            </Card>

            {canEdit && toSend.length > 0 && (
              <Alert
                color="blue"
                variant="light"
                icon={<IconMail aria-hidden />}
                title={unsent.length > 0 ? M.unsentTitle : M.sentTitle}
                role="region"
                aria-label={unsent.length > 0 ? M.unsentTitle : M.sentTitle}
              >
                <Group justify="space-between" wrap="wrap" gap="sm">
                  <Text size="sm" role="status">
                    {unsent.length > 0 ? M.unsent(unsent.length) : M.allSent(toSend.length, formatDate(lastSentAt))}
                  </Text>
                  <Button onClick={startSend} loading={sending} leftSection={<IconMail size={16} aria-hidden />}>
                    Enviar por correo
                  </Button>
                </Group>
              </Alert>
            )}

            <Tabs
              value={tab}
              onChange={(v) => setParams(v === 'resultados' ? { tab: 'resultados' } : {}, { replace: true })}
              keepMounted={false}
            >
              <Tabs.List>
                <Tabs.Tab value="asignacion">Asignación</Tabs.Tab>
                <Tabs.Tab value="resultados">Resultados</Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="asignacion" pt="md">
                <Grid gap="md">
                  <Grid.Col span={{ base: 12, md: 5 }}>
                    <AssignPanel
                      candidateId={candidate.id}
                      templates={data.testTemplates}
                      canEdit={canEdit}
                      onAssigned={reload}
                    />
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, md: 7 }}>
                    <AssignedTestsPanel
                      candidateId={candidate.id}
                      candidateState={candidate.state}
                      tests={tests}
                      canEdit={canEdit}
                      onChanged={reload}
                    />
                  </Grid.Col>
                </Grid>
              </Tabs.Panel>
              <Tabs.Panel value="resultados" pt="md">
                <TestResults tests={tests} canEdit={canEdit} onSaved={reload} />
              </Tabs.Panel>
            </Tabs>
          </>
        )}
      </Stack>
      <ConfirmDialog
        opened={askMissing}
        title="Credenciales faltantes"
        confirmLabel="Continuar"
        busy={sending}
        onConfirm={() => void doSend()}
        onCancel={() => setAskMissing(false)}
      >
        {M.missingCredentialsConfirm}
      </ConfirmDialog>
    </Container>
  );
}
