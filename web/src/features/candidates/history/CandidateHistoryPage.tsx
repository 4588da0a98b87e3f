import { useMutation, useQuery } from '@apollo/client/react';
import { Button, Container, Group, Stack, Table, Text, Title, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconFileText, IconRefresh, IconRestore, IconTrash, IconZoomQuestion } from '@tabler/icons-react';
import {
  can,
  CANDIDATE_LIST_SEARCH_MAX,
  formatDate,
  GENERIC_MESSAGES,
  httpStatusMessage,
  TRANSITION_MESSAGES,
} from '@bolsa/domain';
import { useId, useState } from 'react';
import { pageTitle } from '../../../lib/site';
import { ConfirmDialog } from '../../../components/dialogs';
import {
  ListPageSize,
  ListScreen,
  ListSkeleton,
  ListTable,
  useListPage,
  useListSearch,
} from '../../../components/ListScreen';
import type { CandidateHistoryListQuery, HistoryReactivateCandidateMutation, HistoryTab } from '../../../gql/graphql';
import { useConfirmThenAct } from '../../../lib/confirm-then-act';
import { useDocumentTitle } from '../../../lib/document-title';
import { failureMessage } from '../../../lib/errors';
import { failureDetail } from '../../../lib/toast';
import { useSession } from '../../session';
import { positionOf, showingRange } from '../inbox/CandidatesInboxPage';
import { CandidateDetailButton, CandidateListFailed, StateCell, tabCount } from '../list-parts';
import { SEARCH_DEBOUNCE_MS } from '../inbox/use-list-params';
import { refreshCandidateViews } from '../actions/cache';
import { CANDIDATE_HISTORY, HISTORY_DELETE, HISTORY_REACTIVATE } from './operations';

export const HISTORY_PAGE_SIZES = [5, 10, 25, 50] as const;
const HISTORY_COLUMNS = ['Nombre', 'Email', 'Puesto', 'Estado', 'Acciones'];
export const HISTORY_EMPTY = 'No hay candidatos en el historial que coincidan con tu búsqueda';

type Row = CandidateHistoryListQuery['candidateHistory']['items'][number];

const TABS: { value: HistoryTab; label: string }[] = [
  { value: 'ALL', label: 'Todos' },
  { value: 'HIRED', label: 'Contratados' },
  { value: 'REJECTED', label: 'Rechazados' },
];

/** The second line of 'No se pudo reactivar' (spec 3 §8): 'Error {status}' or 'Intente nuevamente.'. */
export function reactivateFailure(
  error: NonNullable<HistoryReactivateCandidateMutation['reactivateCandidate']['error']> | null | undefined,
): string {
  if (error?.__typename === 'OperationFailed')
    return error.status ? httpStatusMessage(error.status) : GENERIC_MESSAGES.retry;
  if (error?.__typename === 'TransitionNotAllowed' || error?.__typename === 'NotFound') return error.message;
  return GENERIC_MESSAGES.retry;
}

/** /panel/historial, 'Historial de Candidatos' (spec 3 §2.7): hired and rejected, roles 1–2. */
export function CandidateHistoryPage() {
  useDocumentTitle(pageTitle('Historial de Candidatos'));
  const { viewer } = useSession();
  const mayReactivate = can(viewer?.roleId, 'candidate.reactivate');
  const [tab, setTab] = useState<HistoryTab>('ALL');
  const [candidateText, setCandidateText, candidateSearch] = useListSearch(
    SEARCH_DEBOUNCE_MS,
    '',
    CANDIDATE_LIST_SEARCH_MAX,
  );
  const [positionText, setPositionText, positionSearch] = useListSearch(
    SEARCH_DEBOUNCE_MS,
    '',
    CANDIDATE_LIST_SEARCH_MAX,
  );
  const [pageSize, setPageSize] = useState(5);
  const [page, setPage] = useListPage([tab, pageSize, candidateSearch, positionSearch].join('\n'));
  const hintId = useId();

  const { data, previousData, loading, error, refetch } = useQuery(CANDIDATE_HISTORY, {
    variables: {
      tab,
      candidateSearch: candidateSearch || null,
      positionSearch: positionSearch || null,
      page,
      pageSize,
    },
    notifyOnNetworkStatusChange: true,
  });
  const result = (data ?? previousData)?.candidateHistory;

  const [reactivate] = useMutation(HISTORY_REACTIVATE);
  const [remove] = useMutation(HISTORY_DELETE);
  // Reactivating e-mails the candidate: it asks first (one confirm-then-act, like deleting).
  const reactivation = useConfirmThenAct<Row>({
    act: async (row) => {
      const { data: answer } = await reactivate({
        variables: { id: row.id },
        update: (cache, { data: d }) => {
          if (d?.reactivateCandidate.candidate && !d.reactivateCandidate.error) refreshCandidateViews(cache, row.id);
        },
      });
      const payload = answer?.reactivateCandidate;
      if (payload?.candidate && !payload.error) return { done: 'Candidato reactivado', detail: row.fullName };
      return { failed: TRANSITION_MESSAGES.reactivateFailed, detail: reactivateFailure(payload?.error) };
    },
    onThrow: (err) => ({
      failed: TRANSITION_MESSAGES.reactivateFailed,
      detail: failureMessage(err, GENERIC_MESSAGES.retry),
    }),
  });
  const reactivatingId = reactivation.dialog.busy ? (reactivation.target?.id ?? null) : null;

  const deletion = useConfirmThenAct<Row>({
    act: async (row) => {
      const { data: answer } = await remove({
        variables: { id: row.id },
        update: (cache, { data: d }) => {
          if (d?.deleteCandidate.ok) refreshCandidateViews(cache, row.id, { stale: true });
        },
      });
      const payload = answer?.deleteCandidate;
      if (payload?.ok) return { done: 'Candidato eliminado', detail: row.fullName };
      return { failed: TRANSITION_MESSAGES.deleteFailed, detail: failureDetail(payload?.error) };
    },
    onThrow: (err) => ({
      failed: TRANSITION_MESSAGES.deleteFailed,
      detail: failureMessage(err, GENERIC_MESSAGES.retry),
    }),
  });

  return (
    <Container size="lg" py={{ base: 'md', sm: 'xl' }}>
      <Group justify="space-between" align="flex-end" mb="lg" gap="sm">
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          Historial de Candidatos
        </Title>
        <Button
          variant="default"
          leftSection={<IconRefresh size={16} aria-hidden />}
          onClick={() => void refetch()}
          loading={loading && !!result}
        >
          Actualizar
        </Button>
      </Group>

      <ListScreen<HistoryTab>
        searchLabel="Buscar en el historial"
        search={[
          {
            label: 'Buscar por puesto',
            value: positionText,
            onChange: setPositionText,
            limit: CANDIDATE_LIST_SEARCH_MAX,
            basis: 200,
          },
          {
            label: 'Buscar por candidato',
            value: candidateText,
            onChange: setCandidateText,
            limit: CANDIDATE_LIST_SEARCH_MAX,
            basis: 200,
          },
        ]}
        filtersGap="sm"
        filtersBelow="md"
        filters={<ListPageSize sizes={HISTORY_PAGE_SIZES} value={pageSize} onChange={setPageSize} />}
        tabs={{
          label: 'Resultado',
          value: tab,
          items: TABS.map((t) => ({ ...t, count: tabCount(result, t.value === 'ALL' ? null : t.value) })),
          onChange: setTab,
        }}
        state={{ loading, error, data, items: result?.items }}
        loadingView={<ListSkeleton label="Cargando historial…" row={40} />}
        failedView={
          <CandidateListFailed error={error} operationName="CandidateHistoryList" loading={loading} refetch={refetch} />
        }
        empty={{ icon: <IconZoomQuestion size={28} aria-hidden />, title: HISTORY_EMPTY }}
        paging={{
          page,
          pageSize,
          totalCount: result?.totalCount,
          onChange: setPage,
          label: 'Páginas del historial',
          summary: showingRange,
        }}
      >
        <ListTable label="Historial de candidatos" minWidth={860} columns={HISTORY_COLUMNS} dimmed={loading}>
          {result?.items.map((c) => {
            const { vacancy, position } = positionOf(c);
            const appliedAt = formatDate(c.vacancies[0]?.appliedAt ?? c.registeredAt, '');
            const cv = c.documents.find((d) => d.kind === 'CURRICULUM');
            const canReactivate = mayReactivate && c.state === 'REJECTED' && c.allowedStates.length > 0;
            const busy = reactivatingId === c.id;
            const hint = !mayReactivate
              ? TRANSITION_MESSAGES.reactivateAdminsOnly
              : c.state !== 'REJECTED'
                ? 'Solo se pueden reactivar candidatos rechazados'
                : null;
            return (
              <Table.Tr key={c.id}>
                <Table.Td data-label="Nombre" fw={600} fs={c.dataErased ? 'italic' : undefined}>
                  {c.fullName}
                </Table.Td>
                <Table.Td data-label="Email">{c.email ?? '—'}</Table.Td>
                <Table.Td data-label="Puesto">
                  <Stack gap={0}>
                    <Text size="sm">
                      {vacancy}
                      {position ? ` · ${position}` : ''}
                    </Text>
                    {appliedAt && (
                      <Text size="xs" c="dimmed">
                        Postulación: {appliedAt}
                      </Text>
                    )}
                  </Stack>
                </Table.Td>
                <StateCell state={c.state} />
                <Table.Td data-label="Acciones">
                  <Group gap={6} wrap="nowrap">
                    <Tooltip label={hint ?? 'Reactivar'} disabled={!hint}>
                      <Button
                        size="compact-sm"
                        variant="light"
                        leftSection={<IconRestore size={14} aria-hidden />}
                        loading={busy}
                        data-disabled={!canReactivate || undefined}
                        aria-disabled={!canReactivate || undefined}
                        aria-describedby={hint ? `${hintId}-${c.id}` : undefined}
                        onClick={(e) => {
                          if (!canReactivate) return e.preventDefault();
                          reactivation.ask(c);
                        }}
                      >
                        Reactivar
                      </Button>
                    </Tooltip>
                    {hint && <VisuallyHidden id={`${hintId}-${c.id}`}>{hint}</VisuallyHidden>}
                    {cv ? (
                      <Button
                        component="a"
                        href={cv.url}
                        target="_blank"
                        rel="noopener noreferrer"
                        size="compact-sm"
                        variant="light"
                        leftSection={<IconFileText size={14} aria-hidden />}
                      >
                        Ver CV
                      </Button>
                    ) : (
                      <CandidateDetailButton id={c.id} icon={<IconFileText size={14} aria-hidden />}>
                        Ver CV
                      </CandidateDetailButton>
                    )}
                    <Button
                      size="compact-sm"
                      variant="default"
                      c="red.9"
                      leftSection={<IconTrash size={14} aria-hidden />}
                      aria-label={`Eliminar ${c.fullName}`}
                      onClick={() => deletion.ask(c)}
                    >
                      Eliminar
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </ListTable>
      </ListScreen>

      <ConfirmDialog
        {...reactivation.dialog}
        title={TRANSITION_MESSAGES.reactivateConfirmTitle}
        confirmLabel={TRANSITION_MESSAGES.reactivateConfirmLabel}
        startOnCancel
      >
        {TRANSITION_MESSAGES.reactivateConfirm(reactivation.target?.fullName ?? '', reactivation.target?.email)}
      </ConfirmDialog>
      <ConfirmDialog {...deletion.dialog} title="¿Eliminar candidato?" confirmLabel="Eliminar" danger>
        <Text>
          Se eliminará definitivamente la postulación de «{deletion.target?.fullName}», con sus documentos y correos
          pendientes. Esta acción no se puede deshacer.
        </Text>
      </ConfirmDialog>
    </Container>
  );
}
