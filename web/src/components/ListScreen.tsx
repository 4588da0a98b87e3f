import {
  Badge,
  Box,
  Card,
  EmptyState,
  Group,
  NativeSelect,
  Pagination,
  Skeleton,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  VisuallyHidden,
  type MantineSpacing,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState, type ChangeEvent, type ReactNode } from 'react';
import { LimitedTextInput } from './LimitedText';
import { PAGINATION_LABELS } from '../lib/pagination';
import { PageWindow } from './PageWindow';
import { ResponsiveTable } from './ResponsiveTable';

/** Which of its views a list shows; each screen decides (its own precedence of loading and failure). */
export type ListState = 'loading' | 'failed' | 'empty' | 'ready';

/** What an Apollo query of a list says: its rows are `items` of the current or previous answer. */
export interface ListQuery {
  loading: boolean;
  error?: unknown;
  data?: unknown;
  items?: readonly unknown[];
}

/** A list paged by the server: ListScreen shows the range and the pager under the rows. */
export interface ListPaging {
  /** The page asked for (the last one is shown when rows went away). */
  page: number;
  pageSize: number;
  /** Rows in all, once answered. */
  totalCount: number | undefined;
  onChange: (page: number) => void;
  /** Accessible name of the pager ('Páginas del historial'). */
  label: string;
  /** The range text; 'Mostrando 1-10 de 27 candidatos' from `showingRange` usually. */
  summary: (page: number, pageSize: number, totalCount: number) => string;
}

/**
 * The usual precedence for a list read with Apollo: a skeleton until the first answer, the
 * failure when nothing was ever answered, then empty or ready (earlier rows stay while reloading).
 */
export function listStateOf(query: ListQuery, items: readonly unknown[] | undefined = query.items): ListState {
  if (!items && query.loading) return 'loading';
  if (query.error && !query.data) return 'failed';
  return !items || items.length === 0 ? 'empty' : 'ready';
}

export interface ListSearch {
  label: string;
  placeholder?: string;
  value: string;
  onChange: (value: string) => void;
  /** Flex basis of the search box in px (it grows from there). */
  basis?: number;
  /** Widest the box may grow, in px (a list with no filters beside it). */
  maxWidth?: number;
  /**
   * Longest search the list accepts (the api's limit). The box keeps a longer text whole and says
   * by how much it is over; the list is not asked with it (`useSearchText`).
   */
  limit?: number;
}

/** A tab of a list, with the count of its rows ('Entrevista 3') once the server has said it. */
export interface ListTab<T extends string> {
  value: T;
  label: string;
  count: number | null;
}

export interface ListTabs<T extends string> {
  /** Accessible name of the tab list ('Estado del candidato'). */
  label: string;
  value: T;
  items: readonly ListTab<T>[];
  onChange: (value: T) => void;
}

export interface ListScreenProps<T extends string = string> {
  /** Accessible name of the search form ('Filtrar correos'). */
  searchLabel: string;
  /** One search box, or several side by side ('Buscar por puesto', 'Buscar por candidato'). */
  search: ListSearch | readonly ListSearch[];
  /** Further controls beside the search box: selects, checkboxes, page size. */
  filters?: ReactNode;
  /** Space between the search box and the filters, and below them when `filtersBelow` is set. */
  filtersGap?: MantineSpacing;
  filtersBelow?: MantineSpacing;
  /** Tabs over the list (a candidate's state); the list is shown in the selected one. */
  tabs?: ListTabs<T>;
  /** The view to show, or the Apollo query it follows (`listStateOf`, and busy while it loads). */
  state: ListState | ListQuery;
  /** True while a (re)load is under way: the results area says aria-busy (a query's loading by default). */
  busy?: boolean;
  /** The skeleton shown while the first answer is awaited. */
  loadingView: ReactNode;
  /** The failure with its retry; a screen whose failures show as an empty list leaves it out. */
  failedView?: ReactNode;
  /** The empty state: its icon and sentence. */
  empty: { icon: ReactNode; title: string };
  /** The rows (a table, a list, a grid of cards). */
  children: ReactNode;
  /** Under the rows: the range shown and the pager (see ListPager); or `paging` for the usual one. */
  footer?: ReactNode;
  /** Server paging: the windowed pager of spec 3 §9 with the range under the rows. */
  paging?: ListPaging;
}

/**
 * The scaffold every list screen of the panel shares: a search form with its filters, optional
 * tabs with counts, then the list in one of four states (loading, failed, empty, ready) with a
 * footer for paging.
 */
export function ListScreen<T extends string = string>({
  searchLabel,
  search,
  filters,
  filtersGap = 'md',
  filtersBelow,
  tabs,
  state: stateOrQuery,
  busy: busyProp,
  loadingView,
  failedView,
  empty,
  children,
  footer,
  paging,
}: ListScreenProps<T>) {
  const state = typeof stateOrQuery === 'string' ? stateOrQuery : listStateOf(stateOrQuery);
  const busy = busyProp ?? (typeof stateOrQuery === 'string' ? false : stateOrQuery.loading);
  const searches: readonly ListSearch[] = Array.isArray(search) ? search : [search as ListSearch];
  const list = (
    <Box aria-busy={busy}>
      {state === 'loading' ? (
        loadingView
      ) : state === 'failed' && failedView ? (
        failedView
      ) : state === 'empty' || state === 'failed' ? (
        <Card withBorder radius="md" py="xl">
          <EmptyState icon={empty.icon} title={empty.title} />
        </Card>
      ) : (
        <>
          {children}
          {footer}
          {paging && paging.totalCount !== undefined && <PagingFooter {...paging} totalCount={paging.totalCount} />}
        </>
      )}
    </Box>
  );
  return (
    <>
      <form role="search" aria-label={searchLabel} onSubmit={(e) => e.preventDefault()}>
        <Group align="flex-end" gap={filtersGap} mb={filtersBelow} wrap="wrap">
          {searches.map((s) => (
            <SearchBox key={s.label} search={s} />
          ))}
          {filters}
        </Group>
      </form>
      {tabs ? <ListTabsView tabs={tabs}>{list}</ListTabsView> : list}
    </>
  );
}

function ListTabsView<T extends string>({ tabs, children }: { tabs: ListTabs<T>; children: ReactNode }) {
  return (
    <Tabs value={tabs.value} onChange={(v) => v && tabs.onChange(v as T)} keepMounted={false}>
      <Tabs.List mb="md" aria-label={tabs.label}>
        {tabs.items.map((t) => {
          const selected = t.value === tabs.value;
          return (
            <Tabs.Tab
              key={t.value}
              value={t.value}
              rightSection={
                t.count !== null && (
                  <Badge size="sm" variant={selected ? 'filled' : 'outline'} color={selected ? undefined : 'gray.7'}>
                    {t.count}
                  </Badge>
                )
              }
            >
              {t.label}
            </Tabs.Tab>
          );
        })}
      </Tabs.List>
      {tabs.items.map((t) => (
        <Tabs.Panel key={t.value} value={t.value}>
          {t.value === tabs.value && children}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}

function PagingFooter({ page, pageSize, totalCount, onChange, label, summary }: ListPaging & { totalCount: number }) {
  const { totalPages, current } = pagesOf(totalCount, pageSize, page);
  return (
    <ListPager
      windowed
      summary={summary(current, pageSize, totalCount)}
      page={current}
      total={totalPages}
      onChange={onChange}
      label={label}
    />
  );
}

export interface ListTableProps {
  /** Accessible name of the table ('Candidatos activos'). */
  label: string;
  /** Below this width the table scrolls sideways; on a phone rows become cards (ResponsiveTable). */
  minWidth: number;
  /** The column headings; give each cell the same `data-label`. */
  columns: readonly string[];
  /** Dims the rows while a new page loads. */
  dimmed?: boolean;
  /** The rows (`Table.Tr`). */
  children: ReactNode;
}

/** The striped table of a list screen, with its headings. */
export function ListTable({ label, minWidth, columns, dimmed = false, children }: ListTableProps) {
  return (
    <ResponsiveTable
      minWidth={minWidth}
      striped
      highlightOnHover
      verticalSpacing="sm"
      aria-label={label}
      // Dimmed rows are the previous answer while the next one loads: say so to assistive tech.
      aria-busy={dimmed || undefined}
      style={{ opacity: dimmed ? 0.6 : 1 }}
    >
      <Table.Thead>
        <Table.Tr>
          {columns.map((c) => (
            <Table.Th key={c}>{c}</Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>{children}</Table.Tbody>
    </ResponsiveTable>
  );
}

export interface ListPagerProps {
  /** 'Mostrando 1-10 de 42 vacantes'. */
  summary: string;
  page: number;
  /** Pages in all; the pager shows only when there is more than one. */
  total: number;
  onChange: (page: number) => void;
  /** Accessible name of the pager's navigation landmark. */
  label: string;
  siblings?: number;
  /** At most five numbered buttons with 'Anterior' and 'Siguiente' (spec 3 §9) instead of Mantine's pager. */
  windowed?: boolean;
}

/** The footer of a paged list: the range shown (a live status) and the pager. */
export function ListPager({ summary, page, total, onChange, label, siblings, windowed = false }: ListPagerProps) {
  return (
    <Group justify="space-between" gap="sm" wrap="wrap" mt="md">
      <Text size="sm" c="dimmed" role="status">
        {summary}
      </Text>
      {windowed ? (
        <PageWindow page={page} total={total} onChange={onChange} label={label} />
      ) : (
        total > 1 && (
          <Box component="nav" aria-label={label}>
            <Pagination total={total} value={page} onChange={onChange} siblings={siblings} {...PAGINATION_LABELS} />
          </Box>
        )
      )}
    </Group>
  );
}

/** The 'Filas por página' select beside the search box. */
export function ListPageSize({
  sizes,
  value,
  onChange,
}: {
  sizes: readonly number[];
  value: number;
  onChange: (size: number) => void;
}) {
  return (
    <NativeSelect
      label="Filas por página"
      data={sizes.map(String)}
      value={String(value)}
      onChange={(e) => onChange(Number(e.currentTarget.value))}
      w={140}
    />
  );
}

/** A skeleton of a table: its header and some rows, with what a screen reader hears meanwhile. */
export function ListSkeleton({
  label,
  rows = 5,
  header = 40,
  row = 44,
}: {
  /** 'Cargando candidatos…'. */
  label: string;
  rows?: number;
  header?: number;
  row?: number;
}) {
  return (
    <Stack gap="xs">
      <VisuallyHidden>{label}</VisuallyHidden>
      <Skeleton h={header} />
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} h={row} />
      ))}
    </Stack>
  );
}

function SearchBox({ search: s }: { search: ListSearch }) {
  const props = {
    label: s.label,
    placeholder: s.placeholder,
    type: 'search',
    value: s.value,
    onChange: (e: ChangeEvent<HTMLInputElement>) => s.onChange(e.currentTarget.value),
    leftSection: <IconSearch size={16} aria-hidden />,
    style: { flex: `1 1 ${s.basis ?? 220}px`, maxWidth: s.maxWidth },
  };
  return s.limit === undefined ? <TextInput {...props} /> : <LimitedTextInput {...props} limit={s.limit} />;
}

/**
 * What a search box's text asks the list for: trimmed, after `delayMs` without typing, and only
 * while it fits `limit`. A longer text is never cut (the box says by how much it is over): the list
 * keeps the last search that fitted until the text fits again.
 */
export function useSearchText(text: string, delayMs: number, limit?: number): string {
  const trimmed = text.trim();
  const fits = limit === undefined || trimmed.length <= limit;
  const [kept, setKept] = useState(fits ? trimmed : '');
  if (fits && kept !== trimmed) setKept(trimmed);
  const [debounced] = useDebouncedValue(kept, delayMs);
  return debounced;
}

/** The search box's text and what the query is asked with (`useSearchText`). */
export function useListSearch(delayMs = 300, initial = '', limit?: number): [string, (value: string) => void, string] {
  const [search, setSearch] = useState(initial);
  return [search, setSearch, useSearchText(search, delayMs, limit)];
}

/**
 * The page of a server-paged list, back to 1 whenever `resetKey` changes (a new tab, search or
 * page size: spec 3 §2.1). The debounced search changes on a timer, hence a key, not handlers.
 */
export function useListPage(resetKey: string): [number, (page: number) => void] {
  const [page, setPage] = useState(1);
  const [key, setKey] = useState(resetKey);
  if (key !== resetKey) {
    setKey(resetKey);
    setPage(1);
  }
  return [key === resetKey ? page : 1, setPage];
}

/** The pages of a server-paged list and the page to show (the last one when rows went away). */
export function pagesOf(totalCount: number, pageSize: number, page: number): { totalPages: number; current: number } {
  const totalPages = Math.max(1, Math.ceil(totalCount / pageSize));
  return { totalPages, current: Math.min(page, totalPages) };
}
