import { useQuery } from '@apollo/client/react';
import { Alert, Button, Card, CloseButton, Container, Group, Skeleton, Stack, Table, Title } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft, IconEye, IconLayoutBottombar, IconUsers } from '@tabler/icons-react';
import { CANDIDATE_LIST_SEARCH_MAX, countWord, formatDate } from '@bolsa/domain';
import { lazy, Suspense, useState } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { pageTitle } from '../../../lib/site';
import { ListScreen, ListSkeleton, ListTable, useListPage, useListSearch } from '../../../components/ListScreen';
import type { CandidateRowFragment } from '../../../gql/graphql';
import { useDocumentTitle } from '../../../lib/document-title';
import { CandidateExportButtons } from '../export';
import { CandidateDetailButton, CandidateListFailed, StateCell } from '../list-parts';
import { SEARCH_DEBOUNCE_MS } from '../inbox/use-list-params';
import { VacancyBoardLink } from '../../vacancy-board';
import { CvSnippet } from '../inbox/CvSnippet';
import { BY_VACANCY_NAME, CANDIDATES_BY_VACANCY } from './operations';
import { BulkActionBar, BulkSelectCell, useBulkSelection, withSelectColumn } from '../bulk';
import { useSession } from '../../session';
import { TagBadges, TagFilter, useTagFilter } from '../tags';

/** Spec 3 §9: the by-vacancy table shows five a page, always. */
export const BY_VACANCY_PAGE_SIZE = 5;
const BY_VACANCY_COLUMNS = ['Nombre', 'Email', 'Fecha de postulación', 'Estado', 'Acciones'];
export const BY_VACANCY_NO_MATCH = 'No se encontraron candidatos.';
export const BY_VACANCY_NONE = 'No hay candidatos registrados para esta plaza.';
export const BY_VACANCY_NO_ID = 'No se recibió el identificador de la plaza.';

interface VacancyState {
  vacancyId?: unknown;
  vacancyName?: unknown;
}

/**
 * The vacancy id from the path (/panel/plazas/candidatos/:id), the `plazaId` query or the
 * navigation state (spec 3 §2.3), in that order; and the name when the state brought it.
 */
export function vacancyFrom(
  pathId: string | undefined,
  query: URLSearchParams,
  state: unknown,
): { id: string | null; name: string | null } {
  const s = (state && typeof state === 'object' ? state : {}) as VacancyState;
  const fromState = typeof s.vacancyId === 'string' || typeof s.vacancyId === 'number' ? String(s.vacancyId) : null;
  const id = [pathId, query.get('plazaId'), fromState].find((v) => typeof v === 'string' && v.trim() !== '') ?? null;
  const name =
    typeof s.vacancyName === 'string' && s.vacancyName.trim() && (fromState === null || fromState === id)
      ? s.vacancyName
      : null;
  return { id: id?.trim() ?? null, name };
}

/** /panel/plazas/candidatos/:id and /panel/candidatoporplaza: the applications to one vacancy. */
export function CandidatesByVacancyPage() {
  const params = useParams();
  const [query] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const vacancy = vacancyFrom(params.id, query, location.state);
  const named = useQuery(BY_VACANCY_NAME, {
    variables: { id: vacancy.id ?? '' },
    skip: vacancy.id === null || vacancy.name !== null,
  });
  const name = vacancy.name ?? named.data?.adminVacancy?.name ?? null;
  useDocumentTitle(pageTitle(name ? `Postulantes para la plaza: ${name}` : 'Postulantes de la plaza'));

  const back = () => {
    if (location.key !== 'default') void navigate(-1);
    else void navigate('/panel');
  };

  return (
    <Container size="lg" py={{ base: 'md', sm: 'xl' }}>
      <Group justify="space-between" mb="sm" gap="xs">
        <Button variant="subtle" leftSection={<IconArrowLeft size={16} aria-hidden />} onClick={back} px={4}>
          Volver
        </Button>
        {vacancy.id !== null && <VacancyBoardLink vacancyId={vacancy.id} vacancyName={name} />}
      </Group>
      <Title order={1} fz={{ base: 24, sm: 30 }} mb="lg">
        Postulantes para la plaza: {name ?? (vacancy.id ? '…' : '')}
      </Title>
      {vacancy.id === null ? (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle aria-hidden />} title="Plaza no indicada">
          {BY_VACANCY_NO_ID}
        </Alert>
      ) : (
        <VacancyCandidates vacancyId={vacancy.id} />
      )}
    </Container>
  );
}

function VacancyCandidates({ vacancyId }: { vacancyId: string }) {
  const [text, setText, search] = useListSearch(SEARCH_DEBOUNCE_MS, '', CANDIDATE_LIST_SEARCH_MAX);
  const [tagIds, setTagIds] = useTagFilter();
  const [page, setPage] = useListPage(`${search}|${tagIds.join(',')}`);
  const [selected, setSelected] = useState<CandidateRowFragment | null>(null);

  const { data, previousData, loading, error, refetch } = useQuery(CANDIDATES_BY_VACANCY, {
    variables: {
      vacancyId,
      page,
      pageSize: BY_VACANCY_PAGE_SIZE,
      search: search || null,
      ...(tagIds.length ? { tagIds } : {}),
    },
    notifyOnNetworkStatusChange: true,
  });
  const result = (data ?? previousData)?.candidatesByVacancy;
  const bulk = useBulkSelection(
    useSession().viewer?.roleId ?? null,
    result?.items,
    `${vacancyId}|${search}|${tagIds.join(',')}`,
  );

  return (
    <Stack gap="md">
      <ListScreen
        searchLabel="Buscar postulantes"
        search={{
          label: 'Buscar',
          placeholder: 'Nombre o correo',
          value: text,
          onChange: setText,
          limit: CANDIDATE_LIST_SEARCH_MAX,
          maxWidth: 420,
        }}
        filters={
          <>
            <TagFilter value={tagIds} onChange={setTagIds} counts={result?.tagCounts} />
            <CandidateExportButtons
              filter={{ list: 'vacancy', vacancyId, search, tagIds }}
              count={result?.totalCount}
            />
          </>
        }
        state={{ loading, error, data, items: result?.items }}
        loadingView={<ListSkeleton label="Cargando postulantes…" row={40} />}
        failedView={
          <CandidateListFailed
            error={error}
            operationName="CandidatesByVacancyList"
            loading={loading}
            refetch={refetch}
          />
        }
        empty={{
          icon: <IconUsers size={28} aria-hidden />,
          title: search || tagIds.length ? BY_VACANCY_NO_MATCH : BY_VACANCY_NONE,
        }}
        paging={{
          page,
          pageSize: BY_VACANCY_PAGE_SIZE,
          totalCount: result?.totalCount,
          onChange: setPage,
          label: 'Páginas de postulantes',
          summary: (_page, _size, total) => countWord(total, 'postulante', 'postulantes'),
        }}
      >
        <BulkActionBar
          bulk={bulk}
          total={result?.totalCount ?? 0}
          filter={{ list: 'VACANCY', vacancyId, search: search || null, ...(tagIds.length ? { tagIds } : {}) }}
        />
        <ListTable
          label="Postulantes de la plaza"
          minWidth={720}
          columns={withSelectColumn(bulk, BY_VACANCY_COLUMNS)}
          dimmed={loading}
        >
          {result?.items.map((c) => {
            const isSelected = selected?.id === c.id;
            return (
              <Table.Tr key={c.id} bg={isSelected ? 'var(--mantine-primary-color-light)' : undefined}>
                <BulkSelectCell bulk={bulk} id={c.id} name={c.fullName} />
                <Table.Td data-label="Nombre" fw={600} fs={c.dataErased ? 'italic' : undefined}>
                  {c.fullName}
                  <TagBadges tags={c.tags} size="xs" />
                  <CvSnippet snippet={c.cvSnippet} />
                </Table.Td>
                <Table.Td data-label="Email">{c.email ?? '—'}</Table.Td>
                <Table.Td data-label="Fecha de postulación" style={{ whiteSpace: 'nowrap' }}>
                  {formatDate(c.vacancies.find((v) => v.vacancyId === vacancyId)?.appliedAt ?? c.registeredAt, '—')}
                </Table.Td>
                <StateCell state={c.state} />
                <Table.Td data-label="Acciones">
                  <Group gap={6} wrap="nowrap">
                    <Button
                      size="compact-sm"
                      variant={isSelected ? 'filled' : 'light'}
                      leftSection={<IconLayoutBottombar size={14} aria-hidden />}
                      aria-pressed={isSelected}
                      aria-label={`Seleccionar a ${c.fullName}`}
                      onClick={() => setSelected(isSelected ? null : c)}
                    >
                      Seleccionar
                    </Button>
                    <CandidateDetailButton id={c.id} icon={<IconEye size={14} aria-hidden />}>
                      Ver detalle
                    </CandidateDetailButton>
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </ListTable>
      </ListScreen>
      {selected && <EmbeddedCandidate candidate={selected} onClose={() => setSelected(null)} />}
    </Stack>
  );
}

// The detail (tabs, timeline, print summary) is only fetched once a row is selected.
const CandidateDetail = lazy(async () => ({ default: (await import('../detail/CandidateDetail')).CandidateDetail }));

/** The selected application, under the table (spec 3 §2.3 'selecting can embed the detail'). */
function EmbeddedCandidate({ candidate, onClose }: { candidate: CandidateRowFragment; onClose: () => void }) {
  return (
    <Card withBorder radius="md" component="section" aria-label={`Candidato seleccionado: ${candidate.fullName}`}>
      <Group justify="space-between" mb="md" gap="sm">
        <Button
          component={Link}
          to={`/panel/detallecandidato/${encodeURIComponent(candidate.id)}`}
          variant="light"
          leftSection={<IconEye size={16} aria-hidden />}
        >
          Abrir en su página
        </Button>
        <CloseButton aria-label="Cerrar la vista del candidato" onClick={onClose} />
      </Group>
      <Suspense fallback={<Skeleton h={160} />}>
        <CandidateDetail key={candidate.id} id={candidate.id} embedded />
      </Suspense>
    </Card>
  );
}
