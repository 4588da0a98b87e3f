import { useMutation, useQuery } from '@apollo/client/react';
import {
  Badge,
  Button,
  Card,
  Container,
  EmptyState,
  Group,
  NativeSelect,
  Skeleton,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconFileText, IconRefresh, IconRestore, IconSearch, IconTrash, IconZoomQuestion } from '@tabler/icons-react';
import { formatDate, TRANSITION_MESSAGES } from '@bolsa/domain';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { pageTitle } from '../../../app/site';
import { CandidateStateBadge } from '../../../components/CandidateStateBadge';
import { ConfirmDialog } from '../../../components/dialogs';
import { ErrorPanel } from '../../../components/ErrorPanel';
import { PageWindow } from '../../../components/PageWindow';
import { ResponsiveTable } from '../../../components/ResponsiveTable';
import type { CandidateHistoryListQuery, HistoryReactivateCandidateMutation, HistoryTab } from '../../../gql/graphql';
import { useDocumentTitle } from '../../../lib/document-title';
import { failureMessage } from '../../../lib/errors';
import { failureDetail, toastError, toastSuccess } from '../../../lib/toast';
import { useSession } from '../../session';
import { INBOX_LOAD_FAILED, positionOf } from '../inbox/CandidatesInboxPage';
import { SEARCH_DEBOUNCE_MS } from '../inbox/use-list-params';
import { refreshCandidateViews } from '../actions/cache';
import { CANDIDATE_HISTORY, HISTORY_DELETE, HISTORY_REACTIVATE } from './operations';

export const HISTORY_PAGE_SIZES = [5, 10, 25, 50] as const;
export const HISTORY_EMPTY = 'No hay candidatos en el historial que coincidan con tu búsqueda';

type Row = CandidateHistoryListQuery['candidateHistory']['items'][number];

const TABS: { value: HistoryTab; label: string }[] = [
  { value: 'ALL', label: 'Todos' },
  { value: 'HIRED', label: 'Contratados' },
  { value: 'REJECTED', label: 'Rechazados' },
];

/** 'Mostrando 1-5 de 12 candidatos'. */
function showingRange(page: number, pageSize: number, total: number): string {
  if (total === 0) return 'Mostrando 0 de 0 candidatos';
  return `Mostrando ${(page - 1) * pageSize + 1}-${Math.min(page * pageSize, total)} de ${total} candidatos`;
}

/** The second line of 'No se pudo reactivar' (spec 3 §8): 'Error {status}' or 'Intente nuevamente.'. */
export function reactivateFailure(
  error: NonNullable<HistoryReactivateCandidateMutation['reactivateCandidate']['error']> | null | undefined,
): string {
  if (error?.__typename === 'OperationFailed') return error.status ? `Error ${error.status}` : 'Intente nuevamente.';
  if (error?.__typename === 'TransitionNotAllowed' || error?.__typename === 'NotFound') return error.message;
  return 'Intente nuevamente.';
}

/** /panel/historial, 'Historial de Candidatos' (spec 3 §2.7): hired and rejected, roles 1–2. */
export function CandidateHistoryPage() {
  useDocumentTitle(pageTitle('Historial de Candidatos'));
  const { viewer } = useSession();
  const isAdmin = viewer?.roleId === 1;
  const [tab, setTab] = useState<HistoryTab>('ALL');
  const [candidateText, setCandidateText] = useState('');
  const [positionText, setPositionText] = useState('');
  const [candidateSearch] = useDebouncedValue(candidateText.trim(), SEARCH_DEBOUNCE_MS);
  const [positionSearch] = useDebouncedValue(positionText.trim(), SEARCH_DEBOUNCE_MS);
  const [pageSize, setPageSize] = useState(5);
  const [page, setPage] = useState(1);
  const [deleting, setDeleting] = useState<Row | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const hintId = useId();

  // A new search goes back to page 1; the debounced values change on a timer, so adjust here.
  const [searched, setSearched] = useState(`${candidateSearch}\n${positionSearch}`);
  if (searched !== `${candidateSearch}\n${positionSearch}`) {
    setSearched(`${candidateSearch}\n${positionSearch}`);
    setPage(1);
  }

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
  const totalPages = result ? Math.max(1, Math.ceil(result.totalCount / pageSize)) : 1;
  const current = Math.min(page, totalPages);
  const countOf = (t: HistoryTab): number | null => {
    if (!result) return null;
    if (t === 'ALL') return result.allCount;
    const state = t === 'HIRED' ? 'HIRED' : 'REJECTED';
    return result.countsByState.find((c) => c.state === state)?.count ?? 0;
  };

  const [reactivate] = useMutation(HISTORY_REACTIVATE);
  const [reactivatingId, setReactivatingId] = useState<string | null>(null);
  const [remove, { loading: removing }] = useMutation(HISTORY_DELETE);

  const doReactivate = async (row: Row) => {
    setReactivatingId(row.id);
    try {
      const { data: answer } = await reactivate({
        variables: { id: row.id },
        update: (cache, { data: d }) => {
          if (d?.reactivateCandidate.candidate && !d.reactivateCandidate.error) refreshCandidateViews(cache, row.id);
        },
      });
      const payload = answer?.reactivateCandidate;
      if (payload?.candidate && !payload.error) toastSuccess('Candidato reactivado', row.fullName);
      else toastError(TRANSITION_MESSAGES.reactivateFailed, reactivateFailure(payload?.error));
    } catch (err) {
      toastError(TRANSITION_MESSAGES.reactivateFailed, failureMessage(err, 'Intente nuevamente.'));
    } finally {
      setReactivatingId(null);
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      const { data: answer } = await remove({
        variables: { id: deleting.id },
        update: (cache, { data: d }) => {
          if (d?.deleteCandidate.ok) refreshCandidateViews(cache, deleting.id, { stale: true });
        },
      });
      const payload = answer?.deleteCandidate;
      if (payload?.ok) toastSuccess('Candidato eliminado', deleting.fullName);
      else toastError(TRANSITION_MESSAGES.deleteFailed, failureDetail(payload?.error));
    } catch (err) {
      toastError(TRANSITION_MESSAGES.deleteFailed, failureMessage(err, 'Intente nuevamente.'));
    } finally {
      setConfirmOpen(false);
    }
  };

  const list =
    !result && loading ? (
      <Stack gap="xs">
        <VisuallyHidden>Cargando historial…</VisuallyHidden>
        {[0, 1, 2, 3, 4, 5].map((i) => (
          <Skeleton key={i} h={40} />
        ))}
      </Stack>
    ) : error && !data ? (
      <ErrorPanel
        title={INBOX_LOAD_FAILED}
        error={error}
        operationName="CandidateHistoryList"
        onRetry={() => void refetch()}
        retrying={loading}
      />
    ) : !result || result.items.length === 0 ? (
      <Card withBorder radius="md" py="xl">
        <EmptyState icon={<IconZoomQuestion size={28} aria-hidden />} title={HISTORY_EMPTY} />
      </Card>
    ) : (
      <Stack gap="md" aria-busy={loading}>
        <ResponsiveTable
          minWidth={860}
          striped
          highlightOnHover
          verticalSpacing="sm"
          aria-label="Historial de candidatos"
          style={{ opacity: loading ? 0.6 : 1 }}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Nombre</Table.Th>
              <Table.Th>Email</Table.Th>
              <Table.Th>Puesto</Table.Th>
              <Table.Th>Estado</Table.Th>
              <Table.Th>Acciones</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {result.items.map((c) => {
              const { vacancy, position } = positionOf(c);
              const appliedAt = formatDate(c.vacancies[0]?.appliedAt ?? c.registeredAt, '');
              const cv = c.documents.find((d) => d.kind === 'CURRICULUM');
              const canReactivate = isAdmin && c.state === 'REJECTED' && c.allowedStates.length > 0;
              const busy = reactivatingId === c.id;
              const hint = !isAdmin
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
                  <Table.Td data-label="Estado">
                    <CandidateStateBadge state={c.state} />
                  </Table.Td>
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
                            void doReactivate(c);
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
                        <Button
                          component={Link}
                          to={`/panel/detallecandidato/${encodeURIComponent(c.id)}`}
                          size="compact-sm"
                          variant="light"
                          leftSection={<IconFileText size={14} aria-hidden />}
                        >
                          Ver CV
                        </Button>
                      )}
                      <Button
                        size="compact-sm"
                        variant="default"
                        c="red.9"
                        leftSection={<IconTrash size={14} aria-hidden />}
                        aria-label={`Eliminar ${c.fullName}`}
                        onClick={() => {
                          setDeleting(c);
                          setConfirmOpen(true);
                        }}
                      >
                        Eliminar
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </ResponsiveTable>
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Text size="sm" c="dimmed" role="status">
            {showingRange(current, pageSize, result.totalCount)}
          </Text>
          <PageWindow page={current} total={totalPages} onChange={setPage} label="Páginas del historial" />
        </Group>
      </Stack>
    );

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

      <form role="search" aria-label="Buscar en el historial" onSubmit={(e) => e.preventDefault()}>
        <Group align="flex-end" gap="sm" mb="md" wrap="wrap">
          <TextInput
            label="Buscar por puesto"
            type="search"
            value={positionText}
            onChange={(e) => setPositionText(e.currentTarget.value)}
            leftSection={<IconSearch size={16} aria-hidden />}
            maxLength={100}
            style={{ flex: '1 1 200px' }}
          />
          <TextInput
            label="Buscar por candidato"
            type="search"
            value={candidateText}
            onChange={(e) => setCandidateText(e.currentTarget.value)}
            leftSection={<IconSearch size={16} aria-hidden />}
            maxLength={100}
            style={{ flex: '1 1 200px' }}
          />
          <NativeSelect
            label="Filas por página"
            data={HISTORY_PAGE_SIZES.map(String)}
            value={String(pageSize)}
            onChange={(e) => {
              setPageSize(Number(e.currentTarget.value));
              setPage(1);
            }}
            w={140}
          />
        </Group>
      </form>

      <Tabs
        value={tab}
        onChange={(v) => {
          if (!v) return;
          setTab(v as HistoryTab);
          setPage(1);
        }}
        keepMounted={false}
      >
        <Tabs.List mb="md" aria-label="Resultado">
          {TABS.map((t) => {
            const count = countOf(t.value);
            return (
              <Tabs.Tab
                key={t.value}
                value={t.value}
                rightSection={
                  count !== null && (
                    <Badge
                      size="sm"
                      variant={t.value === tab ? 'filled' : 'outline'}
                      color={t.value === tab ? undefined : 'gray.7'}
                    >
                      {count}
                    </Badge>
                  )
                }
              >
                {t.label}
              </Tabs.Tab>
            );
          })}
        </Tabs.List>
        {TABS.map((t) => (
          <Tabs.Panel key={t.value} value={t.value}>
            {t.value === tab && list}
          </Tabs.Panel>
        ))}
      </Tabs>

      <ConfirmDialog
        opened={confirmOpen}
        title="¿Eliminar candidato?"
        confirmLabel="Eliminar"
        danger
        busy={removing}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setConfirmOpen(false)}
      >
        <Text>
          Se eliminará definitivamente la postulación de «{deleting?.fullName}», con sus documentos y correos
          pendientes. Esta acción no se puede deshacer.
        </Text>
      </ConfirmDialog>
    </Container>
  );
}
