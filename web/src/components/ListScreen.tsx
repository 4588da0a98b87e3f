import { Box, Card, EmptyState, Group, Pagination, Text, TextInput, type MantineSpacing } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { PAGINATION_LABELS } from '../lib/pagination';

/** Which of its views a list shows; each screen decides (its own precedence of loading and failure). */
export type ListState = 'loading' | 'failed' | 'empty' | 'ready';

export interface ListSearch {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  /** Flex basis of the search box in px (it grows from there). */
  basis?: number;
}

export interface ListScreenProps {
  /** Accessible name of the search form ('Filtrar correos'). */
  searchLabel: string;
  search: ListSearch;
  /** Further controls beside the search box: tabs, selects, checkboxes, page size. */
  filters?: ReactNode;
  /** Space between the search box and the filters, and below them when `filtersBelow` is set. */
  filtersGap?: MantineSpacing;
  filtersBelow?: MantineSpacing;
  state: ListState;
  /** True while a (re)load is under way: the results area says aria-busy. */
  busy: boolean;
  /** The skeleton shown while the first answer is awaited. */
  loadingView: ReactNode;
  /** The failure with its retry; a screen whose failures show as an empty list leaves it out. */
  failedView?: ReactNode;
  /** The empty state: its icon and sentence. */
  empty: { icon: ReactNode; title: string };
  /** The rows (a table, a list, a grid of cards). */
  children: ReactNode;
  /** Under the rows: the range shown and the pager (see ListPager). */
  footer?: ReactNode;
}

/**
 * The scaffold every list screen of the panel shares: a search form with its filters, then the
 * list in one of four states (loading, failed, empty, ready) with a footer for paging.
 */
export function ListScreen({
  searchLabel,
  search,
  filters,
  filtersGap = 'md',
  filtersBelow,
  state,
  busy,
  loadingView,
  failedView,
  empty,
  children,
  footer,
}: ListScreenProps) {
  return (
    <>
      <form role="search" aria-label={searchLabel} onSubmit={(e) => e.preventDefault()}>
        <Group align="flex-end" gap={filtersGap} mb={filtersBelow} wrap="wrap">
          <TextInput
            label={search.label}
            placeholder={search.placeholder}
            type="search"
            value={search.value}
            onChange={(e) => search.onChange(e.currentTarget.value)}
            leftSection={<IconSearch size={16} aria-hidden />}
            style={{ flex: `1 1 ${search.basis ?? 220}px` }}
          />
          {filters}
        </Group>
      </form>
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
          </>
        )}
      </Box>
    </>
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
}

/** The footer of a paged list: the range shown (a live status) and the pager. */
export function ListPager({ summary, page, total, onChange, label, siblings }: ListPagerProps) {
  return (
    <Group justify="space-between" gap="sm" wrap="wrap" mt="md">
      <Text size="sm" c="dimmed" role="status">
        {summary}
      </Text>
      {total > 1 && (
        <Box component="nav" aria-label={label}>
          <Pagination total={total} value={page} onChange={onChange} siblings={siblings} {...PAGINATION_LABELS} />
        </Box>
      )}
    </Group>
  );
}

/** The search box's text and its debounced, trimmed value (what the query is asked with). */
export function useListSearch(delayMs = 300): [string, (value: string) => void, string] {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), delayMs);
  return [search, setSearch, debounced];
}
