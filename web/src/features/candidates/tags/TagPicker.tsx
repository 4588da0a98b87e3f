import { useQuery } from '@apollo/client/react';
import { Loader, MultiSelect, Text } from '@mantine/core';
import { BULK_TAG_MESSAGES, TAG_LIMITS } from '@bolsa/domain';
import { TAGS } from './operations';

/**
 * Choosing some of the organisation's tags (a bulk tag action's picker): every tag by name, with
 * its loading, error and none-defined states in Spanish. At most TAG_LIMITS.perCandidate.
 */
export function TagPicker({
  label,
  value,
  onChange,
  error,
  emptyText,
  autoFocus,
}: {
  label: string;
  value: string[];
  onChange: (ids: string[]) => void;
  error?: string | null;
  /** Shown when no tag is defined yet. */
  emptyText: string;
  autoFocus?: boolean;
}) {
  const { data, loading, error: failed } = useQuery(TAGS);
  if (loading && !data)
    return (
      <Text size="sm" c="dimmed" role="status">
        <Loader size="xs" mr={6} aria-hidden />
        {BULK_TAG_MESSAGES.loadingTags}
      </Text>
    );
  if (failed && !data)
    return (
      <Text size="sm" c="red.8" role="alert">
        {BULK_TAG_MESSAGES.tagsFailed}
      </Text>
    );
  const tags = data?.tags ?? [];
  if (!tags.length)
    return (
      <Text size="sm" c="dimmed">
        {emptyText}
      </Text>
    );
  return (
    <MultiSelect
      label={label}
      data={tags.map((t) => ({ value: t.id, label: t.name }))}
      value={value}
      onChange={onChange}
      maxValues={TAG_LIMITS.perCandidate}
      searchable
      clearable
      nothingFoundMessage="Sin coincidencias"
      error={error ?? undefined}
      data-autofocus={autoFocus || undefined}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
