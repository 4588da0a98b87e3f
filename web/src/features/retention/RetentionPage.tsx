import { useMutation, useQuery } from '@apollo/client/react';
import {
  Alert,
  Anchor,
  Button,
  Container,
  Group,
  List,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { CANDIDATE_STATE_LABEL, formatAuditInstant, RETENTION_UI, retentionDay, stateFromEnum } from '@bolsa/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../components/dialogs';
import { ErrorPanel } from '../../components/ErrorPanel';
import { ResponsiveTable } from '../../components/ResponsiveTable';
import { useDocumentTitle } from '../../lib/document-title';
import { pageTitle } from '../../lib/site';
import { RETENTION_PREVIEW, RUN_RETENTION } from './operations';

const C = RETENTION_UI.columns;
const day = (iso: string | null | undefined) => (iso ? retentionDay(new Date(iso)) : '—');
const STEP_LABEL: Record<string, string> = {
  ANONYMISE: 'Se anonimiza en la próxima ejecución',
  NOTICE: 'Se envía el aviso en la próxima ejecución',
  GUEST_DOCUMENTS: 'Se eliminan sus documentos en la próxima ejecución',
};

/**
 * /panel/retencion (role 1, issue 24): the retention policy in words, what the next run will do
 * ('Se anonimizarán N candidatos el dd/mm/yyyy'), the next applications affected, the last runs,
 * and 'Ejecutar ahora' behind a confirmation that says how many will be anonymised.
 */
export function RetentionPage() {
  useDocumentTitle(pageTitle('Retención'));
  const { data, previousData, loading, error, refetch } = useQuery(RETENTION_PREVIEW, {
    fetchPolicy: 'cache-and-network',
    notifyOnNetworkStatusChange: true,
  });
  const [run, running] = useMutation(RUN_RETENTION);
  const [confirming, setConfirming] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const shown = data ?? previousData;
  const p = shown?.retentionPreview;
  const runs = shown?.retentionRuns ?? [];

  const execute = async () => {
    setOutcome(null);
    try {
      const r = await run();
      const answer = r.data?.runRetention;
      if (!answer || answer.error || !answer.message) {
        const err = answer?.error as { message?: string } | null | undefined;
        setOutcome({ ok: false, text: err?.message ?? RETENTION_UI.runFailed });
      } else setOutcome({ ok: true, text: answer.message });
    } catch {
      setOutcome({ ok: false, text: RETENTION_UI.runFailed });
    }
    setConfirming(false);
    await refetch().catch(() => undefined);
  };

  return (
    <Container size="lg" py={{ base: 'md', sm: 'xl' }}>
      <Title order={1} fz={{ base: 26, sm: 32 }}>
        {RETENTION_UI.title}
      </Title>
      <Text c="dimmed" mt={4} mb="lg">
        {RETENTION_UI.intro}
      </Text>

      <div aria-live="polite">
        {outcome && (
          <Alert
            color={outcome.ok ? 'teal' : 'red'}
            role={outcome.ok ? 'status' : 'alert'}
            mb="md"
            withCloseButton
            closeButtonLabel="Cerrar"
            onClose={() => setOutcome(null)}
          >
            {outcome.text}
          </Alert>
        )}
      </div>

      {error && !loading && !p ? (
        <ErrorPanel
          title={RETENTION_UI.loadFailed}
          error={error}
          operationName="RetentionPreview"
          onRetry={() => void refetch()}
        />
      ) : !p ? (
        <Stack aria-busy="true" aria-label={RETENTION_UI.loading} gap="xs">
          <Skeleton h={60} />
          <Skeleton h={28} />
          <Skeleton h={28} />
        </Stack>
      ) : (
        <Stack gap="lg" aria-busy={loading}>
          <Paper withBorder p="md" radius="md">
            <Title order={2} fz="lg" mb="xs">
              {RETENTION_UI.nextRun}
            </Title>
            <Text fw={700} fz="lg" data-testid="retention-headline">
              {p.headline}
            </Text>
            <List size="sm" mt="xs" spacing={4}>
              <List.Item>{p.noticesLine}</List.Item>
              <List.Item>{p.guestDocumentsLine}</List.Item>
            </List>
            <Group mt="md">
              <Button
                leftSection={<IconPlayerPlay size={16} aria-hidden />}
                onClick={() => setConfirming(true)}
                loading={running.loading}
              >
                {RETENTION_UI.runNow}
              </Button>
            </Group>
          </Paper>

          <section aria-labelledby="retention-policy">
            <Title order={2} fz="lg" mb="xs" id="retention-policy">
              {RETENTION_UI.policy}
            </Title>
            <List size="sm" spacing={4}>
              {p.policy.description.map((line) => (
                <List.Item key={line}>{line}</List.Item>
              ))}
            </List>
          </section>

          <section aria-labelledby="retention-affected">
            <Title order={2} fz="lg" mb="xs" id="retention-affected">
              {RETENTION_UI.affected}
              {p.upcomingTotal > p.upcoming.length ? ` (${p.upcoming.length} de ${p.upcomingTotal})` : ''}
            </Title>
            {p.upcoming.length === 0 ? (
              <Text role="status" c="dimmed">
                {RETENTION_UI.affectedEmpty}
              </Text>
            ) : (
              <ResponsiveTable minWidth={820} striped aria-label={RETENTION_UI.affected}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{C.candidate}</Table.Th>
                    <Table.Th>{C.vacancy}</Table.Th>
                    <Table.Th>{C.state}</Table.Th>
                    <Table.Th>{C.reason}</Table.Th>
                    <Table.Th>{C.lastActivity}</Table.Th>
                    <Table.Th>{C.when}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {p.upcoming.map((u) => {
                    const state = stateFromEnum(u.state);
                    return (
                      <Table.Tr key={u.id}>
                        <Table.Td data-label={C.candidate}>
                          <Anchor component={Link} to={`/panel/detallecandidato/${u.id}`}>
                            {u.name || `#${u.id}`}
                          </Anchor>
                        </Table.Td>
                        <Table.Td data-label={C.vacancy}>{u.vacancy ?? RETENTION_UI.noVacancy}</Table.Td>
                        <Table.Td data-label={C.state}>{state ? CANDIDATE_STATE_LABEL[state] : u.state}</Table.Td>
                        <Table.Td data-label={C.reason}>{u.reason}</Table.Td>
                        <Table.Td data-label={C.lastActivity}>{day(u.lastActivity)}</Table.Td>
                        <Table.Td data-label={C.when}>
                          {day(u.anonymiseOn)}
                          {u.nextStep && (
                            <Text size="xs" c="dimmed">
                              {STEP_LABEL[u.nextStep]}
                            </Text>
                          )}
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </ResponsiveTable>
            )}
          </section>

          <section aria-labelledby="retention-runs">
            <Title order={2} fz="lg" mb="xs" id="retention-runs">
              {RETENTION_UI.runs}
            </Title>
            {runs.length === 0 ? (
              <Text role="status" c="dimmed">
                {RETENTION_UI.runsEmpty}
              </Text>
            ) : (
              <ResponsiveTable minWidth={760} striped aria-label={RETENTION_UI.runs}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{C.runAt}</Table.Th>
                    <Table.Th>{C.kind}</Table.Th>
                    <Table.Th>{C.by}</Table.Th>
                    <Table.Th>{C.anonymised}</Table.Th>
                    <Table.Th>{C.notices}</Table.Th>
                    <Table.Th>{C.documents}</Table.Th>
                    <Table.Th>{C.files}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {runs.map((r) => (
                    <Table.Tr key={r.id}>
                      <Table.Td data-label={C.runAt} style={{ whiteSpace: 'nowrap' }}>
                        {formatAuditInstant(r.at)}
                      </Table.Td>
                      <Table.Td data-label={C.kind}>
                        {RETENTION_UI.kind[r.kind === 'DAILY' ? 'diaria' : 'manual']}
                      </Table.Td>
                      <Table.Td data-label={C.by}>{r.by ?? RETENTION_UI.system}</Table.Td>
                      <Table.Td data-label={C.anonymised}>{r.anonymised}</Table.Td>
                      <Table.Td data-label={C.notices}>{r.notices}</Table.Td>
                      <Table.Td data-label={C.documents}>{r.guestDocuments}</Table.Td>
                      <Table.Td data-label={C.files}>{r.files}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </ResponsiveTable>
            )}
          </section>

          <ConfirmDialog
            opened={confirming}
            title={RETENTION_UI.confirmTitle}
            confirmLabel={RETENTION_UI.confirm}
            cancelLabel={RETENTION_UI.cancel}
            danger
            busy={running.loading}
            onConfirm={() => void execute()}
            onCancel={() => setConfirming(false)}
          >
            {p.confirmation}
          </ConfirmDialog>
        </Stack>
      )}
    </Container>
  );
}
