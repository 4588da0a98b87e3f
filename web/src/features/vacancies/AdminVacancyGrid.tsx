import {
  Badge,
  Box,
  Button,
  Card,
  EmptyState,
  Group,
  NativeSelect,
  Pagination,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { IconBuildingHospital, IconBriefcaseOff, IconRefresh, IconStarFilled, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { VACANCY_MESSAGES } from '@bolsa/domain';
import type { AdminVacanciesQuery, AdminVacancyFilter, SetVacancyFeaturedMutation } from '../../gql/graphql';
import { CardMeta } from '../../components/CardMeta';
import { JobImage } from '../../components/JobImage';
import { PAGINATION_LABELS, showingRange as showingRangeOf } from '../../lib/pagination';
import { invalidateVacancyLists } from './cache';
import { DaysRemaining } from './DaysRemaining';
import { BusyDialog } from '../../components/dialogs';
import { toastError, toastSuccess } from '../../lib/toast';
import { BRANCHES } from '../../lib/catalogue';
import { ADMIN_VACANCIES, ADMIN_VACANCY_OPTIONS, SET_VACANCY_FEATURED } from './operations';
import { useStaffRole } from '../session';

export const GRID_PAGE_SIZES = [3, 6, 9, 12, 15] as const;
export const GRID_DEFAULT_PAGE_SIZE = 6;
export const LOAD_FAILED = VACANCY_MESSAGES.listLoadFailed;
const ALL = '';

type GridVacancy = AdminVacanciesQuery['adminVacancies']['items'][number];

/** 'Mostrando a-b de n vacantes'. */
export const showingRange = (page: number, pageSize: number, total: number): string =>
  showingRangeOf(page, pageSize, total, 'vacantes');

/** The vacancies tab of /panel: filters and the 'Panel de Acceso Rápido' grid (spec 2 §2, spec 1 §2.4 admin mode). */
export function AdminVacancyGrid() {
  const [branchId, setBranchId] = useState<string>(ALL);
  const [vacancyId, setVacancyId] = useState<string>(ALL);
  const [pageSize, setPageSize] = useState<number>(GRID_DEFAULT_PAGE_SIZE);
  const [page, setPage] = useState(1);

  const branches = useQuery(BRANCHES);
  const options = useQuery(ADMIN_VACANCY_OPTIONS, {
    variables: { filter: { branchId }, pageSize: 100 },
    skip: !branchId,
  });

  const filter: AdminVacancyFilter = {
    ...(branchId ? { branchId } : {}),
    ...(vacancyId ? { vacancyId } : {}),
  };
  const { data, previousData, loading, error, refetch } = useQuery(ADMIN_VACANCIES, {
    variables: { filter, page, pageSize },
    notifyOnNetworkStatusChange: true,
  });
  const result = (data ?? previousData)?.adminVacancies;

  const branchOptions = [
    { value: ALL, label: 'Todas las sedes' },
    ...(branches.data?.branches ?? []).map((b) => ({ value: b.id, label: b.name })),
  ];
  const vacancyOptions = [
    { value: ALL, label: branchId ? 'Todas las vacantes' : 'Elige primero una sede' },
    ...(branchId ? (options.data?.adminVacancies.items ?? []) : []).map((v) => ({ value: v.id, label: v.name })),
  ];

  const totalPages = result ? Math.max(1, Math.ceil(result.totalCount / pageSize)) : 1;
  const current = Math.min(page, totalPages);

  return (
    <Stack gap="lg">
      <form role="search" aria-label="Filtrar vacantes del panel" onSubmit={(e) => e.preventDefault()}>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <NativeSelect
            label="Sede"
            data={branchOptions}
            value={branchId}
            onChange={(e) => {
              setBranchId(e.currentTarget.value);
              setVacancyId(ALL);
              setPage(1);
            }}
          />
          <NativeSelect
            label="Vacante"
            data={vacancyOptions}
            value={vacancyId}
            disabled={!branchId}
            onChange={(e) => {
              setVacancyId(e.currentTarget.value);
              setPage(1);
            }}
          />
          <NativeSelect
            label="Vacantes por página"
            data={GRID_PAGE_SIZES.map(String)}
            value={String(pageSize)}
            onChange={(e) => {
              setPageSize(Number(e.currentTarget.value));
              setPage(1);
            }}
          />
        </SimpleGrid>
      </form>

      <Box component="section" aria-labelledby="acceso-rapido-titulo" aria-busy={loading}>
        <Group justify="space-between" align="flex-end" mb="md" gap="sm">
          <Title order={2} id="acceso-rapido-titulo">
            Panel de Acceso Rápido
          </Title>
        </Group>

        {result && (
          <SimpleGrid cols={{ base: 3 }} spacing="sm" mb="lg" aria-label="Resumen de vacantes" component="dl">
            <Stat label="Activas" value={result.activeCount} color="brand.8" />
            <Stat label="Inactivas" value={result.inactiveCount} color="gray.7" />
            <Stat label="Destacadas" value={result.featuredCount} color="#8f5b00" />
          </SimpleGrid>
        )}

        {!result && loading ? (
          <GridSkeleton count={Math.min(pageSize, 6)} />
        ) : error && !data ? (
          <LoadFailed onRetry={() => void refetch()} />
        ) : !result || result.items.length === 0 ? (
          <Card withBorder radius="md" py="xl">
            <EmptyState icon={<IconBriefcaseOff size={28} aria-hidden />} title="No hay vacantes para mostrar" />
          </Card>
        ) : (
          <Stack gap="lg" style={{ opacity: loading ? 0.6 : 1, transition: 'opacity 150ms' }}>
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
              {result.items.map((v) => (
                <AdminVacancyCard key={v.id} vacancy={v} />
              ))}
            </SimpleGrid>
            <Stack align="center" gap="xs">
              <Text size="sm" c="dimmed" role="status">
                {showingRange(current, pageSize, result.totalCount)}
              </Text>
              {totalPages > 1 && (
                <Box component="nav" aria-label="Páginas del panel de vacantes">
                  <Pagination
                    total={totalPages}
                    value={current}
                    onChange={setPage}
                    siblings={1}
                    {...PAGINATION_LABELS}
                  />
                </Box>
              )}
            </Stack>
          </Stack>
        )}
      </Box>
    </Stack>
  );
}

function Stat({ label, value, color }: { label: string; value: number; color: string }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }} ta="center">
      <Text component="dt" fz={{ base: 'xs', sm: 'sm' }} fw={600} c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {label}
      </Text>
      <Text component="dd" fz={{ base: 24, sm: 30 }} fw={700} c={color} lh={1.1} m={0} data-testid={`conteo-${label}`}>
        {value}
      </Text>
    </Paper>
  );
}

export function AdminVacancyCard({ vacancy: v }: { vacancy: GridVacancy }) {
  const navigate = useNavigate();
  const { canEdit } = useStaffRole();
  const client = useApolloClient();
  const [setFeatured, { loading: saving }] = useMutation(SET_VACANCY_FEATURED);
  const titleId = `panel-vacante-${v.id}`;

  const toggleFeatured = async (featured: boolean) => {
    try {
      const { data } = await setFeatured({
        variables: { id: v.id, featured },
        // The switch shows the new state while the loading dialog is up; Apollo undoes it on failure.
        optimisticResponse: {
          setVacancyFeatured: {
            __typename: 'VacancyPayload',
            vacancy: { __typename: 'Vacancy', id: v.id, featured },
            error: null,
          },
        } as SetVacancyFeaturedMutation,
      });
      const payload = data?.setVacancyFeatured;
      if (payload?.vacancy && !payload.error) {
        // The counts and the public board's order change: refetch them (not from the optimistic layer).
        invalidateVacancyLists(client.cache);
        toastSuccess(featured ? VACANCY_MESSAGES.featuredOn : VACANCY_MESSAGES.featuredOff);
      } else if (payload?.error?.__typename === 'NotFound') {
        toastError(VACANCY_MESSAGES.featuredFailedTitle, payload.error.message);
      } else {
        toastError(VACANCY_MESSAGES.featuredFailedTitle, VACANCY_MESSAGES.featuredNotConfirmed);
      }
    } catch {
      toastError(VACANCY_MESSAGES.featuredFailedTitle, VACANCY_MESSAGES.featuredError);
    }
  };

  return (
    <Card withBorder shadow="sm" padding="md" radius="md" component="article" aria-labelledby={titleId}>
      <Card.Section pos="relative">
        <JobImage src={v.cardImageUrl ?? v.imageUrl} alt="" />
        <Group gap={6} pos="absolute" top={10} left={10}>
          <Badge color={v.active ? 'brand.8' : 'gray.7'} variant="filled">
            {v.active ? 'ACTIVA' : 'INACTIVA'}
          </Badge>
          {v.featured && (
            <Badge color="yellow.3" c="dark.9" leftSection={<IconStarFilled size={12} aria-hidden />}>
              Destacada
            </Badge>
          )}
        </Group>
      </Card.Section>
      <Stack gap={6} mt="md" style={{ flex: 1 }}>
        <Title order={3} fz="lg" lh={1.3} id={titleId} lineClamp={2}>
          {v.name}
        </Title>
        {v.branch && (
          <CardMeta icon={<IconBuildingHospital size={16} aria-hidden />}>
            <VisuallyHidden>Sede: </VisuallyHidden>
            {v.branch.name}
          </CardMeta>
        )}
        <Group gap="xs">
          <DaysRemaining endsAt={v.endsAt} />
        </Group>
      </Stack>
      <Group justify="space-between" mt="md" gap="sm" wrap="wrap">
        <Button
          leftSection={<IconUsers size={16} aria-hidden />}
          aria-describedby={titleId}
          onClick={() =>
            navigate(`/panel/plazas/candidatos/${encodeURIComponent(v.id)}`, {
              state: { vacancyId: v.id, vacancyName: v.name },
            })
          }
        >
          Ver Candidatos
        </Button>
        {canEdit && (
          <Switch
            label="Destacada"
            checked={v.featured}
            disabled={saving}
            aria-describedby={titleId}
            onChange={(e) => void toggleFeatured(e.currentTarget.checked)}
          />
        )}
      </Group>
      <BusyDialog opened={saving} label="Actualizando…" />
    </Card>
  );
}

export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <Card withBorder radius="md" py="xl" role="alert">
      <EmptyState icon={<IconBriefcaseOff size={28} aria-hidden />} title={LOAD_FAILED}>
        <Button variant="light" leftSection={<IconRefresh size={16} aria-hidden />} onClick={onRetry}>
          Reintentar
        </Button>
      </EmptyState>
    </Card>
  );
}

function GridSkeleton({ count }: { count: number }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
      <VisuallyHidden>Cargando vacantes…</VisuallyHidden>
      {Array.from({ length: count }, (_, i) => (
        <Card key={i} withBorder radius="md" padding="md">
          <Card.Section>
            <Skeleton h={180} radius={0} />
          </Card.Section>
          <Skeleton h={20} mt="md" w="80%" />
          <Skeleton h={14} mt="sm" w="50%" />
          <Skeleton h={22} mt="sm" w={120} />
          <Group mt="md" justify="space-between">
            <Skeleton h={36} w={140} />
            <Skeleton h={24} w={90} />
          </Group>
        </Card>
      ))}
    </SimpleGrid>
  );
}
