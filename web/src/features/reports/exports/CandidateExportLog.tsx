import { useQuery } from '@apollo/client/react';
import { Card, Group, Pagination, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import {
  can,
  CANDIDATE_EXPORT_FORMAT_LABEL,
  CANDIDATE_EXPORT_LIST_LABEL,
  CANDIDATE_EXPORT_MESSAGES,
  describeCandidateExportFilter,
  formatExportInstant,
  stateFromEnum,
} from '@bolsa/domain';
import { useState } from 'react';
import { ErrorPanel } from '../../../components/ErrorPanel';
import { ResponsiveTable } from '../../../components/ResponsiveTable';
import { useSession } from '../../session';
import { CANDIDATE_EXPORTS } from './operations';
import { PAGINATION_LABELS } from '../../../lib/pagination';

export const EXPORT_LOG_PAGE_SIZE = 10;
const M = CANDIDATE_EXPORT_MESSAGES;

/**
 * 'Exportaciones': every export of a candidate list — who, when, which list and filter, rows and
 * format — newest first. Shown to administrators only (role 1); renders nothing for others.
 */
export function CandidateExportLog() {
  const { viewer } = useSession();
  const allowed = can(viewer?.roleId ?? null, 'candidate.exportLog');
  const [page, setPage] = useState(1);
  const { data, previousData, loading, error, refetch } = useQuery(CANDIDATE_EXPORTS, {
    variables: { page, pageSize: EXPORT_LOG_PAGE_SIZE },
    skip: !allowed,
    fetchPolicy: 'cache-and-network',
    notifyOnNetworkStatusChange: true,
  });
  if (!allowed) return null;
  const log = (data ?? previousData)?.candidateExports;
  const pages = log ? Math.max(1, Math.ceil(log.totalCount / EXPORT_LOG_PAGE_SIZE)) : 1;

  return (
    <Card withBorder padding="md" radius="md" component="section" aria-labelledby="exportaciones-titulo" mt="xl">
      <Title order={2} fz="lg" id="exportaciones-titulo">
        {M.logTitle}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Cada descarga de una lista de candidatos (CSV o Excel): quién, cuándo, qué lista y filtros, y cuántas filas.
      </Text>
      {error && !loading ? (
        <ErrorPanel title={M.logFailed} error={error} operationName="CandidateExports" onRetry={() => void refetch()} />
      ) : !log ? (
        <Stack aria-busy="true" aria-label="Cargando las exportaciones" gap="xs">
          <Skeleton h={28} />
          <Skeleton h={28} />
          <Skeleton h={28} />
        </Stack>
      ) : log.totalCount === 0 ? (
        <Text role="status" c="dimmed" ta="center" py="md">
          {M.logEmpty}
        </Text>
      ) : (
        <Stack gap="sm" aria-busy={loading}>
          <ResponsiveTable minWidth={720} striped aria-label={M.logTitle}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Fecha</Table.Th>
                <Table.Th>Usuario</Table.Th>
                <Table.Th>Lista</Table.Th>
                <Table.Th>Filtros</Table.Th>
                <Table.Th>Filas</Table.Th>
                <Table.Th>Formato</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {log.items.map((e) => (
                <Table.Tr key={e.id}>
                  <Table.Td data-label="Fecha" style={{ whiteSpace: 'nowrap' }}>
                    {formatExportInstant(e.exportedAt)}
                  </Table.Td>
                  <Table.Td data-label="Usuario">
                    {e.exportedBy || '—'}
                    {e.byApiToken ? ' (token de API)' : ''}
                  </Table.Td>
                  <Table.Td data-label="Lista">
                    {e.list === 'VACANCY'
                      ? `${CANDIDATE_EXPORT_LIST_LABEL.vacancy}: ${e.vacancyName ?? `plaza ${e.vacancyId ?? ''}`}`
                      : CANDIDATE_EXPORT_LIST_LABEL.inbox}
                  </Table.Td>
                  <Table.Td data-label="Filtros">
                    {describeCandidateExportFilter({
                      state: stateFromEnum(e.state),
                      search: e.search,
                      selected: e.selectedCount,
                    })}
                  </Table.Td>
                  <Table.Td data-label="Filas">{e.rowCount.toLocaleString('es-GT')}</Table.Td>
                  <Table.Td data-label="Formato">
                    {CANDIDATE_EXPORT_FORMAT_LABEL[e.format === 'XLSX' ? 'xlsx' : 'csv']}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </ResponsiveTable>
          {pages > 1 && (
            <Group justify="center">
              <Pagination
                total={pages}
                value={page}
                onChange={setPage}
                size="sm"
                {...PAGINATION_LABELS}
                aria-label="Páginas de exportaciones"
              />
            </Group>
          )}
        </Stack>
      )}
    </Card>
  );
}
