import { CloseButton, Grid, NativeSelect, TextInput } from '@mantine/core';
import { useQuery } from '@apollo/client/react';
import { IconBuildingHospital, IconSearch } from '@tabler/icons-react';
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
  const branches = [
    { value: ALL_BRANCHES, label: 'Todas las sedes' },
    ...(data?.branches ?? []).map((b) => ({ value: b.id, label: b.name })),
  ];

  return (
    <form role="search" aria-label="Filtrar vacantes" onSubmit={(e) => e.preventDefault()}>
      <Grid gap="sm">
        <Grid.Col span={{ base: 12, sm: 8 }}>
          <TextInput
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
