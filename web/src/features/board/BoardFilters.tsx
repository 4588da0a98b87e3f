import { CloseButton, Grid, NativeSelect, TextInput } from '@mantine/core';
import { useQuery } from '@apollo/client/react';
import { IconBuildingHospital, IconSearch } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { BRANCHES } from '../../lib/catalogue';

const ALL_BRANCHES = 'todas';

interface BoardFiltersProps {
  keyword: string;
  onKeywordChange: (keyword: string) => void;
  branchId: string | null;
  onBranchChange: (branchId: string | null) => void;
}

export function BoardFilters({ keyword, onKeywordChange, branchId, onBranchChange }: BoardFiltersProps) {
  const { data } = useQuery(BRANCHES);
  // On a prerendered page (start.tsx) a visitor can type before the app has adopted the field:
  // hydration keeps the text, but the search state has not seen it (and the next render would
  // wipe it). Once adopted, the text in the field is the search.
  const searchField = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const typed = searchField.current?.value ?? '';
    if (typed !== keyword) onKeywordChange(typed);
    // Only what was typed before this field was adopted; from then on onChange says it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const branches = [
    { value: ALL_BRANCHES, label: 'Todas las sedes' },
    ...(data?.branches ?? []).map((b) => ({ value: b.id, label: b.name })),
  ];

  return (
    <form role="search" aria-label="Filtrar vacantes" onSubmit={(e) => e.preventDefault()}>
      <Grid gap="sm">
        <Grid.Col span={{ base: 12, sm: 8 }}>
          <TextInput
            ref={searchField}
            label="Buscar vacantes"
            placeholder="Puesto, sede o municipio"
            value={keyword}
            onChange={(e) => onKeywordChange(e.currentTarget.value)}
            leftSection={<IconSearch size={18} aria-hidden />}
            rightSection={
              keyword ? (
                <CloseButton size="sm" aria-label="Borrar búsqueda" onClick={() => onKeywordChange('')} />
              ) : null
            }
            size="md"
            type="search"
            enterKeyHint="search"
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          {/* The native picker is the most usable on phones and keeps the popover code out of the page. */}
          <NativeSelect
            label="Sede"
            data={branches}
            value={branchId ?? ALL_BRANCHES}
            onChange={(e) => onBranchChange(e.currentTarget.value === ALL_BRANCHES ? null : e.currentTarget.value)}
            leftSection={<IconBuildingHospital size={18} aria-hidden />}
            size="md"
          />
        </Grid.Col>
      </Grid>
    </form>
  );
}
