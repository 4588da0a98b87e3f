import { useQuery } from '@apollo/client/react';
import { MultiSelect } from '@mantine/core';
import { TAG_LIMITS, TAG_MESSAGES } from '@bolsa/domain';
import { TAGS } from './operations';

export interface TagCountLike {
  tag: { id: string };
  count: number;
}

/**
 * The lists' filter by tags (issue 23): the candidates carrying every chosen tag. Each option says
 * how many candidates of the list (search and tags applied) carry it.
 */
export function TagFilter({
  value,
  onChange,
  counts,
}: {
  value: string[];
  onChange: (ids: string[]) => void;
  counts: readonly TagCountLike[] | null | undefined;
}) {
  const { data, error } = useQuery(TAGS);
  const tags = data?.tags ?? [];
  // Nothing to offer until the tags are known (or when there are none): the list works without it.
  if (value.length === 0 && (!data || tags.length === 0)) return null;
  const countOf = new Map((counts ?? []).map((c) => [c.tag.id, c.count]));
  return (
    <MultiSelect
      label={TAG_MESSAGES.filterLabel}
      placeholder={value.length ? undefined : TAG_MESSAGES.filterPlaceholder}
      description={undefined}
      aria-description={TAG_MESSAGES.filterHint}
      data={tags.map((t) => ({ value: t.id, label: `${t.name} (${countOf.get(t.id) ?? 0})` }))}
      value={value.filter((v) => tags.length === 0 || tags.some((t) => t.id === v))}
      onChange={onChange}
      maxValues={TAG_LIMITS.filter}
      searchable
      clearable
      nothingFoundMessage="Sin coincidencias"
      error={error ? 'No se pudieron cargar las etiquetas.' : undefined}
      w={{ base: '100%', sm: 300 }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
