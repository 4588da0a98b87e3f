import {
  Badge,
  Button,
  Container,
  Group,
  NativeSelect,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { ListPager, ListScreen, type ListState, useListSearch } from '../../components/ListScreen';
import { ResponsiveTable } from '../../components/ResponsiveTable';
import { RowAction } from '../../components/RowAction';
import { useMutation, useQuery } from '@apollo/client/react';
import {
  IconArrowsSort,
  IconEye,
  IconPencil,
  IconPlus,
  IconSortAscending,
  IconSortDescending,
  IconTrash,
  IconZoomQuestion,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatDate, VACANCY_MESSAGES } from '@bolsa/domain';
import type { AdminVacanciesQuery, DeleteVacancyMutation, SortDirection, VacancySortField } from '../../gql/graphql';
import { pageTitle } from '../../lib/site';
import { useDocumentTitle } from '../../lib/document-title';
import { LoadFailed, showingRange } from './AdminVacancyGrid';
import { forgetVacancy } from './cache';
import { ConfirmDialog } from '../../components/dialogs';
import { isNetworkError, serverMessage } from '../../lib/errors';
import { useConfirmThenAct } from '../../lib/confirm-then-act';
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

/** Why a deletion failed, in the spec's words (spec 2 §8). */
function deleteFailure(e: DeleteVacancyMutation['deleteVacancy']['error'] | undefined): string {
  if (e?.__typename === 'NotFound') return VACANCY_MESSAGES.deleteNotFound;
  if (e?.__typename === 'OperationFailed')
    return e.status !== null && e.status !== undefined && e.status >= 500
      ? VACANCY_MESSAGES.deleteServerError
      : e.message || VACANCY_MESSAGES.deleteDefault;
  if (e?.message) return `Error: ${e.message}`;
  return VACANCY_MESSAGES.deleteDefault;
}

/** /panel/plazas, 'Gestión de Vacantes' (spec 2 §2). */
export function VacancyManagementPage() {
  useDocumentTitle(pageTitle('Gestión de Vacantes'));
  const navigate = useNavigate();
  const { canEdit, canDelete } = useStaffRole();
  const [search, setSearch, debounced] = useListSearch();
  const [sort, setSort] = useState<{ field: VacancySortField; direction: SortDirection }>({
    field: 'PUBLISHED_AT',
    direction: 'DESC',
  });
  const [pageSize, setPageSize] = useState<number>(10);
  const [page, setPage] = useState(1);

  const { data, previousData, loading, error, refetch } = useQuery(ADMIN_VACANCIES, {
    variables: { filter: debounced ? { search: debounced } : {}, sort, page, pageSize },
    notifyOnNetworkStatusChange: true,
  });
  const result = (data ?? previousData)?.adminVacancies;
  const totalPages = result ? Math.max(1, Math.ceil(result.totalCount / pageSize)) : 1;
  const current = Math.min(page, totalPages);

  const [remove] = useMutation(DELETE_VACANCY);
  const deletion = useConfirmThenAct<Row>({
    act: async (target) => {
      const { data: answer } = await remove({
        variables: { id: target.id },
        update: (cache, { data: d }) => {
          if (d?.deleteVacancy.ok) forgetVacancy(cache, target.id);
        },
      });
      const payload = answer?.deleteVacancy;
      if (payload?.ok) return { done: 'Vacante eliminada', detail: deletedMessage(payload.deletedApplications) };
      return { failed: 'No se pudo eliminar', detail: deleteFailure(payload?.error) };
    },
    onThrow: (err) => {
      const m = serverMessage(err);
      return {
        failed: 'No se pudo eliminar',
        detail: isNetworkError(err)
          ? VACANCY_MESSAGES.deleteNetwork
          : m
            ? `Error: ${m}`
            : VACANCY_MESSAGES.deleteDefault,
      };
    },
  });

  const sortBy = (field: VacancySortField) => {
    setSort((s) =>
      s.field === field ? { field, direction: s.direction === 'ASC' ? 'DESC' : 'ASC' } : { field, direction: 'ASC' },
    );
    setPage(1);
  };

  const state: ListState =
    !result && loading
      ? 'loading'
      : error && !data
        ? 'failed'
        : !result || result.items.length === 0
          ? 'empty'
          : 'ready';

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

      <ListScreen
        searchLabel="Buscar vacantes"
        search={{
          label: 'Buscar',
          placeholder: 'Nombre, sede, descripción, departamento o lugar',
          value: search,
          onChange: (value) => {
            setSearch(value);
            setPage(1);
          },
          basis: 260,
        }}
        filtersGap="sm"
        filtersBelow="md"
        filters={
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
        }
        state={state}
        busy={loading}
        loadingView={<TableSkeleton />}
        failedView={<LoadFailed onRetry={() => void refetch()} />}
        empty={{ icon: <IconZoomQuestion size={28} aria-hidden />, title: EMPTY_SEARCH }}
        footer={
          result && (
            <ListPager
              summary={showingRange(current, pageSize, result.totalCount)}
              page={current}
              total={totalPages}
              onChange={setPage}
              label="Páginas de la tabla de vacantes"
            />
          )
        }
      >
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
            {result?.items.map((v) => (
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
                    <RowAction
                      tip="Ver"
                      label={`Ver ${v.name}`}
                      icon={IconEye}
                      onClick={() => navigate(`/panel/plazas/vista-vacante?id=${encodeURIComponent(v.id)}`)}
                    />
                    {canEdit && (
                      <RowAction
                        tip="Editar"
                        label={`Editar ${v.name}`}
                        icon={IconPencil}
                        onClick={() => navigate(`/panel/plazas/editar-vacante?id=${encodeURIComponent(v.id)}`)}
                      />
                    )}
                    {canDelete && (
                      <RowAction
                        tip="Eliminar"
                        label={`Eliminar ${v.name}`}
                        icon={IconTrash}
                        danger
                        onClick={() => deletion.ask(v)}
                      />
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ResponsiveTable>
      </ListScreen>

      <ConfirmDialog {...deletion.dialog} title="¿Eliminar vacante?" confirmLabel="Eliminar" danger>
        <Text>
          Se eliminará la vacante «{deletion.target?.name}» junto con todas sus postulaciones. Esta acción no se puede
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
