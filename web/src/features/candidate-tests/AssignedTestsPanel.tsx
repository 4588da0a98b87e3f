import { useApolloClient, useMutation } from '@apollo/client/react';
import { ActionIcon, Anchor, Badge, Button, Card, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconDownload, IconTrash } from '@tabler/icons-react';
import {
  actionsFor,
  allTestsCompleted,
  ASSIGNED_TEST_MESSAGES as M,
  ASSIGNED_TEST_STATE_COLOR,
  ASSIGNED_TEST_STATE_LABEL,
  checkAssignedTestMove,
  formatDate,
  GENERIC_MESSAGES,
  stateFromEnum,
  type AssignedTestState,
} from '@bolsa/domain';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../components/dialogs';
import { useConfirmThenAct } from '../../lib/confirm-then-act';
import { toastError, toastNotice, toastSuccess } from '../../lib/toast';
import { refreshCandidateViews } from '../candidates';
import type { AssignedTestFieldsFragment } from '../../gql/graphql';
import { CONFIRM_TESTS_COMPLETED, DELETE_ASSIGNED_TEST, SET_ASSIGNED_TEST_STATE } from './operations';

/** Yellow's light badge writes shade 9 on a pale tint, under 4.5:1: darker text, as the state badge does. */
export function AssignedTestBadge({ state }: { state: AssignedTestState }) {
  return (
    <Badge
      variant="light"
      color={ASSIGNED_TEST_STATE_COLOR[state]}
      c={state === 'ASIGNADA' ? 'dark.7' : undefined}
      style={{ flexShrink: 0 }}
    >
      {ASSIGNED_TEST_STATE_LABEL[state]}
    </Badge>
  );
}

/** The template file opens in a new tab (spec 3 §2.4), and the toast says so. */
export function DownloadLink({ test }: { test: AssignedTestFieldsFragment }) {
  if (test.downloadUrl)
    return (
      <Button
        component="a"
        href={test.downloadUrl}
        target="_blank"
        rel="noopener"
        size="compact-sm"
        variant="subtle"
        leftSection={<IconDownload size={14} aria-hidden />}
        aria-label={`Descargar ${test.name}`}
        onClick={() => toastSuccess(M.downloadStarted)}
      >
        Descargar
      </Button>
    );
  if (test.link)
    return (
      <Anchor href={test.link} target="_blank" rel="noopener noreferrer" size="sm" style={{ wordBreak: 'break-all' }}>
        {test.link}
      </Anchor>
    );
  return null;
}

interface AssignedTestsPanelProps {
  candidateId: string;
  candidateState: string;
  tests: readonly AssignedTestFieldsFragment[];
  canEdit: boolean;
  onChanged: () => Promise<unknown>;
}

/** Right panel (spec 3 §2.4, §4.2): 'Pruebas Asignadas (n)' with their actions and the confirmation. */
export function AssignedTestsPanel({
  candidateId,
  candidateState,
  tests,
  canEdit,
  onChanged,
}: AssignedTestsPanelProps) {
  const navigate = useNavigate();
  const client = useApolloClient();
  const [setState] = useMutation(SET_ASSIGNED_TEST_STATE);
  const [remove] = useMutation(DELETE_ASSIGNED_TEST);
  const [confirm, { loading: confirming }] = useMutation(CONFIRM_TESTS_COMPLETED);
  const [busyId, setBusyId] = useState<string | null>(null);
  const state = stateFromEnum(candidateState);

  const move = async (test: AssignedTestFieldsFragment, to: AssignedTestState) => {
    const refused = checkAssignedTestMove(test.state, to, state);
    if (refused) {
      toastNotice(M.updateFailed, refused);
      return;
    }
    setBusyId(test.id);
    try {
      const { data } = await setState({ variables: { id: test.id, state: to } });
      const error = data?.setAssignedTestState.error;
      if (error) toastError(M.updateFailed, error.message);
      else {
        toastSuccess(M.stateUpdated, `${test.name}: ${ASSIGNED_TEST_STATE_LABEL[to]}`);
        refreshCandidateViews(client.cache, candidateId);
      }
    } catch {
      toastError(M.updateFailed, M.unexpected);
    } finally {
      setBusyId(null);
    }
    await onChanged();
  };

  const deletion = useConfirmThenAct<AssignedTestFieldsFragment>({
    act: async (test) => {
      const { data } = await remove({ variables: { id: test.id } });
      await onChanged();
      if (data?.deleteAssignedTest.ok) return { done: M.deleted, detail: test.name };
      return { failed: M.deleteFailed, detail: data?.deleteAssignedTest.error?.message ?? GENERIC_MESSAGES.retry };
    },
    onThrow: () => ({ failed: M.deleteFailed, detail: GENERIC_MESSAGES.retry }),
  });

  const confirmAll = async () => {
    if (state !== 'pre-pruebas') {
      toastNotice('Advertencia', M.confirmNeedsPreTests);
      return;
    }
    try {
      const { data } = await confirm({ variables: { candidateId } });
      const error = data?.confirmTestsCompleted.error;
      if (error) {
        toastError(M.confirmFailed, error.message);
        return;
      }
      refreshCandidateViews(client.cache, candidateId);
      toastSuccess(M.confirmed, 'El candidato pasó a post-pruebas.');
      await navigate('/panel/candidatos');
    } catch {
      toastError(M.confirmFailed, GENERIC_MESSAGES.retry);
    }
  };

  return (
    <Card withBorder padding="md" radius="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Pruebas Asignadas ({tests.length})
        </Title>
        {tests.length === 0 && (
          <Text size="sm" c="dimmed">
            Aún no hay pruebas asignadas.
          </Text>
        )}
        {tests.map((t) => (
          <Card key={t.id} withBorder padding="sm" radius="sm" component="article" aria-label={t.name}>
            <Stack gap={6}>
              <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                <div style={{ minWidth: 0 }}>
                  <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {t.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t.type} · Fecha límite: {formatDate(t.deadline)}
                  </Text>
                </div>
                <AssignedTestBadge state={t.state} />
              </Group>
              {t.credentials && (
                <Text size="xs" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                  Credenciales: {t.credentials}
                </Text>
              )}
              {t.observations && (
                <Text size="xs" c="dimmed" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                  {t.observations}
                </Text>
              )}
              <Group gap="xs" wrap="wrap">
                <DownloadLink test={t} />
                {canEdit &&
                  actionsFor(t.state).map((a) => (
                    <Button
                      key={a.to}
                      size="compact-sm"
                      variant="light"
                      color={ASSIGNED_TEST_STATE_COLOR[a.to]}
                      // Light buttons write shade 6 on a pale tint (under 4.5:1): darker text
                      // (green's comes from the theme's light green).
                      c={a.to === 'ASIGNADA' ? 'dark.7' : a.to === 'CANCELADA' ? 'red.9' : undefined}
                      disabled={busyId === t.id}
                      onClick={() => void move(t, a.to)}
                    >
                      {a.label}
                    </Button>
                  ))}
                {canEdit && (
                  <Tooltip label="Eliminar">
                    <ActionIcon
                      variant="subtle"
                      color="red.8"
                      aria-label={`Eliminar ${t.name}`}
                      disabled={busyId === t.id}
                      onClick={() => deletion.ask(t)}
                    >
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                )}
              </Group>
            </Stack>
          </Card>
        ))}
        {canEdit && allTestsCompleted(tests) && (
          <Button color="green.8" onClick={() => void confirmAll()} loading={confirming}>
            {M.confirmButton}
          </Button>
        )}
      </Stack>
      <ConfirmDialog {...deletion.dialog} title="Eliminar prueba" confirmLabel="Eliminar" danger>
        {`¿Eliminar la prueba «${deletion.target?.name ?? ''}» asignada al candidato?`}
      </ConfirmDialog>
    </Card>
  );
}
