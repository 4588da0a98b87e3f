import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Card,
  Container,
  EmptyState,
  Group,
  NativeSelect,
  Pagination,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { ResponsiveTable } from '../../components/ResponsiveTable';
import { useDebouncedValue } from '@mantine/hooks';
import { useMutation, useQuery } from '@apollo/client/react';
import {
  IconArrowsSort,
  IconEye,
  IconPencil,
  IconPlus,
  IconSearch,
  IconSortAscending,
  IconSortDescending,
  IconTrash,
  IconZoomQuestion,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatDate, VACANCY_MESSAGES } from '@bolsa/domain';
import type { AdminVacanciesQuery, SortDirection, VacancySortField } from '../../gql/graphql';
import { pageTitle } from '../../app/site';
import { useDocumentTitle } from '../../lib/document-title';
import { PAGINATION_LABELS } from '../../lib/pagination';
import { LoadFailed, showingRange } from './AdminVacancyGrid';
import { forgetVacancy } from './cache';
import { ConfirmDialog } from '../../components/dialogs';
import { isNetworkError, serverMessage } from '../../lib/errors';
import { toastError, toastSuccess } from '../../lib/toast';
import { ADMIN_VACANCIES, DELETE_VACANCY } from './operations';
import { useStaffRole } from '../session';

export const TABLE_PAGE_SIZES = [10, 25, 50, 100] as const;
export const EMPTY_SEARCH = 'No hay vacantes que coincidan con tu búsqueda';

type Row = AdminVacanciesQuery['adminVacancies']['items'][number];

const COLUMNS: { field: VacancySortField; label: string }[] = [
  { field: 'NAME', label: 'Nombre' },
  { field: 'BRANCH', label: 'Sede' },
  { field: 'PUBLISHED_AT', label: 'Fecha Pub.' },
  { field: 'CREATED_BY', label: 'Creada Por' },
  { field: 'UPDATED_BY', label: 'Editado Por' },
  { field: 'STATUS', label: 'Estado' },
];

/** The success toast of a deletion, with the count of applications removed with the vacancy. */
export function deletedMessage(deletedApplications: number): string {
  if (deletedApplications <= 0) return VACANCY_MESSAGES.deleted;
  const count =
    deletedApplications === 1 ? ' Se eliminó 1 postulación.' : ` Se eliminaron ${deletedApplications} postulaciones.`;
  return `${VACANCY_MESSAGES.deleted}${count}`;
}

/** /panel/plazas, 'Gestión de Vacantes' (spec 2 §2). */
export function VacancyManagementPage() {
  useDocumentTitle(pageTitle('Gestión de Vacantes'));
  const navigate = useNavigate();
  const { canEdit, canDelete } = useStaffRole();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [sort, setSort] = useState<{ field: VacancySortField; direction: SortDirection }>({
    field: 'PUBLISHED_AT',
    direction: 'DESC',
  });
  const [pageSize, setPageSize] = useState<number>(10);
  const [page, setPage] = useState(1);
  // The row being deleted; kept while the dialog closes so that its text does not go blank.
  const [deleting, setDeleting] = useState<Row | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);

  const { data, previousData, loading, error, refetch } = useQuery(ADMIN_VACANCIES, {
    variables: { filter: debounced ? { search: debounced } : {}, sort, page, pageSize },
    notifyOnNetworkStatusChange: true,
  });
  const result = (data ?? previousData)?.adminVacancies;
  const totalPages = result ? Math.max(1, Math.ceil(result.totalCount / pageSize)) : 1;
  const current = Math.min(page, totalPages);

  const [remove, { loading: removing }] = useMutation(DELETE_VACANCY);

  const sortBy = (field: VacancySortField) => {
    setSort((s) =>
      s.field === field ? { field, direction: s.direction === 'ASC' ? 'DESC' : 'ASC' } : { field, direction: 'ASC' },
    );
    setPage(1);
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    const target = deleting;
    try {
      const { data: answer } = await remove({
        variables: { id: target.id },
        update: (cache, { data: d }) => {
          if (d?.deleteVacancy.ok) forgetVacancy(cache, target.id);
        },
      });
      const payload = answer?.deleteVacancy;
      if (payload?.ok) {
        toastSuccess('Vacante eliminada', deletedMessage(payload.deletedApplications));
      } else {
        const e = payload?.error;
        let message: string = VACANCY_MESSAGES.deleteDefault;
        if (e?.__typename === 'NotFound') message = VACANCY_MESSAGES.deleteNotFound;
        else if (e?.__typename === 'OperationFailed')
          message =
            e.status !== null && e.status !== undefined && e.status >= 500
              ? VACANCY_MESSAGES.deleteServerError
              : e.message || VACANCY_MESSAGES.deleteDefault;
        else if (e?.message) message = `Error: ${e.message}`;
        toastError('No se pudo eliminar', message);
      }
    } catch (err) {
      const m = serverMessage(err);
      toastError(
        'No se pudo eliminar',
        isNetworkError(err) ? VACANCY_MESSAGES.deleteNetwork : m ? `Error: ${m}` : VACANCY_MESSAGES.deleteDefault,
      );
    } finally {
      setConfirmOpen(false);
    }
  };

  return (
    <Container size="lg" py={{ base: 'md', sm: 'xl' }}>
      <Group justify="space-between" align="flex-end" mb="lg" gap="sm">
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          Gestión de Vacantes
        </Title>
        {canEdit && (
          <Button component={Link} to="/panel/plazas/crear-vacante" leftSection={<IconPlus size={18} aria-hidden />}>
            Nueva Vacante
          </Button>
        )}
      </Group>

      <form role="search" aria-label="Buscar vacantes" onSubmit={(e) => e.preventDefault()}>
        <Group align="flex-end" gap="sm" mb="md" wrap="wrap">
          <TextInput
            label="Buscar"
            placeholder="Nombre, sede, descripción, departamento o lugar"
            type="search"
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              setPage(1);
            }}
            leftSection={<IconSearch size={16} aria-hidden />}
            style={{ flex: '1 1 260px' }}
          />
          <NativeSelect
            label="Filas por página"
            data={TABLE_PAGE_SIZES.map(String)}
            value={String(pageSize)}
            onChange={(e) => {
              setPageSize(Number(e.currentTarget.value));
              setPage(1);
            }}
            w={140}
          />
        </Group>
      </form>

      {!result && loading ? (
        <TableSkeleton />
      ) : error && !data ? (
        <LoadFailed onRetry={() => void refetch()} />
      ) : !result || result.items.length === 0 ? (
        <Card withBorder radius="md" py="xl">
          <EmptyState icon={<IconZoomQuestion size={28} aria-hidden />} title={EMPTY_SEARCH} />
        </Card>
      ) : (
        <Stack gap="md" aria-busy={loading}>
          <ResponsiveTable
            minWidth={860}
            striped
            highlightOnHover
            verticalSpacing="sm"
            aria-label="Vacantes"
            style={{ opacity: loading ? 0.6 : 1 }}
          >
            <Table.Thead>
              <Table.Tr>
                {COLUMNS.map((c) => {
                  const active = sort.field === c.field;
                  const Icon = !active
                    ? IconArrowsSort
                    : sort.direction === 'ASC'
                      ? IconSortAscending
                      : IconSortDescending;
                  return (
                    <Table.Th
                      key={c.field}
                      aria-sort={active ? (sort.direction === 'ASC' ? 'ascending' : 'descending') : 'none'}
                    >
                      <UnstyledButton onClick={() => sortBy(c.field)} fw={700} fz="sm">
                        <Group gap={4} wrap="nowrap">
                          {c.label}
                          <Icon size={14} aria-hidden style={{ opacity: active ? 1 : 0.5 }} />
                        </Group>
                      </UnstyledButton>
                    </Table.Th>
                  );
                })}
                <Table.Th>Acciones</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {result.items.map((v) => (
                <Table.Tr key={v.id}>
                  <Table.Td data-label="Nombre" fw={600}>
                    {v.name}
                  </Table.Td>
                  <Table.Td data-label="Sede">{v.branch?.name ?? '—'}</Table.Td>
                  <Table.Td data-label="Fecha Pub." style={{ whiteSpace: 'nowrap' }}>
                    {formatDate(v.publishedAt, '—')}
                  </Table.Td>
                  <Table.Td data-label="Creada Por">{v.createdBy ?? '—'}</Table.Td>
                  <Table.Td data-label="Editado Por">{v.updatedBy ?? '—'}</Table.Td>
                  <Table.Td data-label="Estado">
                    <Badge color={v.active ? 'brand.8' : 'gray.7'} variant="filled">
                      {v.active ? 'ACTIVA' : 'INACTIVA'}
                    </Badge>
                  </Table.Td>
                  <Table.Td data-label="Acciones">
                    <Group gap={4} wrap="nowrap">
                      <Tooltip label="Ver">
                        <ActionIcon
                          variant="subtle"
                          aria-label={`Ver ${v.name}`}
                          onClick={() => navigate(`/panel/plazas/vista-vacante?id=${encodeURIComponent(v.id)}`)}
                        >
                          <IconEye size={18} aria-hidden />
                        </ActionIcon>
                      </Tooltip>
                      {canEdit && (
                        <Tooltip label="Editar">
                          <ActionIcon
                            variant="subtle"
                            aria-label={`Editar ${v.name}`}
                            onClick={() => navigate(`/panel/plazas/editar-vacante?id=${encodeURIComponent(v.id)}`)}
                          >
                            <IconPencil size={18} aria-hidden />
                          </ActionIcon>
                        </Tooltip>
                      )}
                      {canDelete && (
                        <Tooltip label="Eliminar">
                          <ActionIcon
                            variant="subtle"
                            color="red.8"
                            aria-label={`Eliminar ${v.name}`}
                            onClick={() => {
                              setDeleting(v);
                              setConfirmOpen(true);
                            }}
                          >
                            <IconTrash size={18} aria-hidden />
                          </ActionIcon>
                        </Tooltip>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </ResponsiveTable>
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Text size="sm" c="dimmed" role="status">
              {showingRange(current, pageSize, result.totalCount)}
            </Text>
            {totalPages > 1 && (
              <Box component="nav" aria-label="Páginas de la tabla de vacantes">
                <Pagination total={totalPages} value={current} onChange={setPage} {...PAGINATION_LABELS} />
              </Box>
            )}
          </Group>
        </Stack>
      )}

      <ConfirmDialog
        opened={confirmOpen}
        title="¿Eliminar vacante?"
        confirmLabel="Eliminar"
        danger
        busy={removing}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setConfirmOpen(false)}
      >
        <Text>
          Se eliminará la vacante «{deleting?.name}» junto con todas sus postulaciones. Esta acción no se puede
          deshacer.
        </Text>
      </ConfirmDialog>
    </Container>
  );
}

function TableSkeleton() {
  return (
    <Stack gap="xs">
      <VisuallyHidden>Cargando vacantes…</VisuallyHidden>
      <Skeleton h={40} />
      {[0, 1, 2, 3, 4].map((i) => (
        <Skeleton key={i} h={36} />
      ))}
    </Stack>
  );
}
