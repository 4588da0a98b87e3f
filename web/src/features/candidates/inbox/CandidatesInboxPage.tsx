import { useQuery } from '@apollo/client/react';
import { Anchor, Container, Stack, Table, Text, Title } from '@mantine/core';
import { IconZoomQuestion } from '@tabler/icons-react';
import {
  ACTIVE_STATES,
  can,
  CANDIDATE_LIST_SEARCH_MAX,
  CANDIDATE_STATE_LABEL,
  stateToEnum,
  type CandidateState,
} from '@bolsa/domain';
import { Link } from 'react-router';
import { pageTitle } from '../../../lib/site';
import { ListPageSize, ListScreen, ListSkeleton, ListTable } from '../../../components/ListScreen';
import type { CandidateRowFragment } from '../../../gql/graphql';
import { useDocumentTitle } from '../../../lib/document-title';
import { showingRange as showingRangeOf } from '../../../lib/pagination';
import { useSession } from '../../session';
import { CandidateExportButtons } from '../export';
import { CandidateListFailed, INBOX_LOAD_FAILED, StateCell, tabCount } from '../list-parts';
import type { ListParamsSpec } from './list-params';
import { CANDIDATE_INBOX } from './operations';
import { RowActions } from './RowActions';
import { TagBadges, TagFilter, useTagFilter } from '../tags';
import { CvSnippet } from './CvSnippet';
import { useListParams } from './use-list-params';
import { BulkActionBar, BulkSelectCell, useBulkSelection, withSelectColumn } from '../bulk';

export const INBOX_PAGE_SIZES = [5, 10, 25, 50] as const;
export const INBOX_EMPTY = 'No hay candidatos activos que coincidan con tu búsqueda';
const INBOX_COLUMNS = ['Nombre', 'Puesto', 'Estado', 'Acciones'];
export { INBOX_LOAD_FAILED };

/** How each state tab reads in the address (`?estado=seguimiento`). */
const SLUG = {
  postulado: 'postulados',
  'en seguimiento': 'seguimiento',
  'pre-pruebas': 'pre-pruebas',
  'post-pruebas': 'post-pruebas',
  entrevista: 'entrevista',
  inducción: 'induccion',
} as const satisfies Record<(typeof ACTIVE_STATES)[number], string>;

/** The tabs of spec 3 §2.1. */
const TABS = [
  { slug: 'todos', label: 'Todos', state: null },
  ...ACTIVE_STATES.map((state) => ({
    slug: SLUG[state],
    label: state === 'postulado' ? 'Postulados' : CANDIDATE_STATE_LABEL[state],
    state,
  })),
] as const satisfies readonly { slug: string; label: string; state: CandidateState | null }[];
type TabSlug = (typeof TABS)[number]['slug'];

const PARAMS: ListParamsSpec<TabSlug> = {
  tabs: TABS.map((t) => t.slug),
  defaultTab: 'todos',
  pageSizes: INBOX_PAGE_SIZES,
  defaultPageSize: 10,
};

/** 'Mostrando 1-10 de 27 candidatos'. */
export const showingRange = (page: number, pageSize: number, total: number): string =>
  showingRangeOf(page, pageSize, total, 'candidatos');

/** The first applied vacancy and the position (spec 3 §2.1 'Puesto'). */
export function positionOf(row: Pick<CandidateRowFragment, 'vacancies'>): { vacancy: string; position: string | null } {
  const first = row.vacancies[0];
  if (!first) return { vacancy: 'Sin definir', position: null };
  return { vacancy: first.name, position: first.position && first.position !== first.name ? first.position : null };
}

/** /panel/candidatos, 'Candidatos Activos' (spec 3 §2.1). */
export function CandidatesInboxPage() {
  useDocumentTitle(pageTitle('Candidatos Activos'));
  const { viewer } = useSession();
  const role = viewer?.roleId ?? null;
  const canSeeHistory = can(role, 'candidate.history');
  const { filters, text, setText, update } = useListParams(PARAMS);
  const tab = TABS.find((t) => t.slug === filters.tab) ?? TABS[0];
  const [tagIds, setTagIds] = useTagFilter();

  const { data, previousData, loading, error, refetch } = useQuery(CANDIDATE_INBOX, {
    variables: {
      page: filters.page,
      pageSize: filters.pageSize,
      state: tab.state ? stateToEnum(tab.state) : null,
      search: filters.search || null,
      ...(tagIds.length ? { tagIds } : {}),
    },
    notifyOnNetworkStatusChange: true,
  });
  const result = (data ?? previousData)?.candidates;
  const bulk = useBulkSelection(role, result?.items, `${tab.slug}|${filters.search}|${tagIds.join(',')}`);
  const bulkFilter = {
    list: 'INBOX' as const,
    state: tab.state ? stateToEnum(tab.state) : null,
    search: filters.search || null,
    ...(tagIds.length ? { tagIds } : {}),
  };

  return (
    <Container size="lg" py={{ base: 'md', sm: 'xl' }}>
      <Stack gap={4} mb="lg">
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          Candidatos Activos
        </Title>
        {canSeeHistory && (
          <Text size="sm" c="dimmed">
            Los candidatos contratados y rechazados se consultan en el{' '}
            <Anchor component={Link} to="/panel/historial" size="sm" underline="always">
              Historial de Candidatos
            </Anchor>
            .
          </Text>
        )}
      </Stack>

      <ListScreen<TabSlug>
        searchLabel="Buscar candidatos"
        search={{
          label: 'Buscar',
          placeholder: 'Nombre, correo o puesto',
          value: text,
          onChange: setText,
          limit: CANDIDATE_LIST_SEARCH_MAX,
          basis: 240,
        }}
        filtersGap="sm"
        filtersBelow="md"
        filters={
          <>
            <TagFilter value={tagIds} onChange={setTagIds} counts={result?.tagCounts} />
            <ListPageSize
              sizes={INBOX_PAGE_SIZES}
              value={filters.pageSize}
              onChange={(pageSize) => update({ pageSize })}
            />
            <CandidateExportButtons
              filter={{ list: 'inbox', state: tab.state, search: filters.search, tagIds }}
              count={result?.totalCount}
            />
          </>
        }
        tabs={{
          label: 'Estado del candidato',
          value: tab.slug,
          items: TABS.map((t) => ({
            value: t.slug,
            label: t.label,
            count: tabCount(result, t.state ? stateToEnum(t.state) : null),
          })),
          onChange: (v) => update({ tab: v }),
        }}
        state={{ loading, error, data, items: result?.items }}
        loadingView={<ListSkeleton label="Cargando candidatos…" />}
        failedView={
          <CandidateListFailed error={error} operationName="CandidateInbox" loading={loading} refetch={refetch} />
        }
        empty={{ icon: <IconZoomQuestion size={28} aria-hidden />, title: INBOX_EMPTY }}
        paging={{
          page: filters.page,
          pageSize: filters.pageSize,
          totalCount: result?.totalCount,
          onChange: (page) => update({ page }),
          label: 'Páginas de la tabla de candidatos',
          summary: showingRange,
        }}
      >
        <BulkActionBar bulk={bulk} total={result?.totalCount ?? 0} filter={bulkFilter} />
        <ListTable
          label="Candidatos activos"
          minWidth={760}
          columns={withSelectColumn(bulk, INBOX_COLUMNS)}
          dimmed={loading}
        >
          {result?.items.map((c) => {
            const { vacancy, position } = positionOf(c);
            return (
              <Table.Tr key={c.id}>
                <BulkSelectCell bulk={bulk} id={c.id} name={c.fullName} />
                <Table.Td data-label="Nombre">
                  <Stack gap={0}>
                    <Text fw={600} size="sm" fs={c.dataErased ? 'italic' : undefined}>
                      {c.fullName}
                    </Text>
                    {c.email && (
                      <Text size="xs" c="dimmed">
                        {c.email}
                      </Text>
                    )}
                    <TagBadges tags={c.tags} size="xs" />
                    <CvSnippet snippet={c.cvSnippet} />
                  </Stack>
                </Table.Td>
                <Table.Td data-label="Puesto">
                  <Stack gap={0}>
                    <Text size="sm">{vacancy}</Text>
                    {position && (
                      <Text size="xs" c="dimmed">
                        {position}
                      </Text>
                    )}
                  </Stack>
                </Table.Td>
                <StateCell state={c.state} />
                <Table.Td data-label="Acciones">
                  <RowActions row={c} role={role} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </ListTable>
      </ListScreen>
    </Container>
  );
}
