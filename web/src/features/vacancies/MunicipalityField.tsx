import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { GEOGRAPHY_MESSAGES, searchKey } from '@bolsa/domain';
import { MUNICIPALITIES } from '../../lib/catalogue';
import type { VacancyForm } from './vacancy-form';

/** The vacancy's municipality: searched in the department chosen, or in the whole country. */
export function MunicipalityField({ form }: { form: VacancyForm }) {
  const v = form.getValues();
  const [search, setSearch] = useState(v.municipalityLabel);
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const byDepartment = !!v.departmentId;
  const typed = debounced !== v.municipalityLabel && debounced.length >= 2;
  const { data, previousData, error, loading } = useQuery(MUNICIPALITIES, {
    variables: byDepartment ? { departmentId: v.departmentId } : { search: debounced },
    skip: !byDepartment && !typed,
  });
  const list = (data ?? previousData)?.municipalities ?? [];
  // Within a department the name is enough; a search over the whole country adds the department.
  const options = list.map((m) => ({
    value: m.id,
    label: byDepartment ? m.name : `${m.name}, ${m.department.name}`,
    fullLabel: `${m.name}, ${m.department.name}`,
    departmentId: m.department.id,
  }));
  if (v.municipalityId && !options.some((o) => o.value === v.municipalityId)) {
    const full = v.municipalityLabel || v.municipalityId;
    options.unshift({
      value: v.municipalityId,
      label: byDepartment ? (full.split(',')[0] ?? full) : full,
      fullLabel: full,
      departmentId: v.departmentId,
    });
  }
  const nothingFound = error
    ? GEOGRAPHY_MESSAGES.municipalitiesLoadFailed
    : byDepartment || typed
      ? GEOGRAPHY_MESSAGES.noMunicipalityMatch
      : 'Escribe al menos 2 letras para buscar';

  return (
    <Select
      label="Municipio"
      withAsterisk
      searchable
      clearable
      placeholder={byDepartment ? 'Busca un municipio del departamento' : 'Escribe para buscar un municipio'}
      data={options.map(({ value, label }) => ({ value, label }))}
      value={v.municipalityId}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: opts, search: s }) => {
        const key = searchKey(s);
        return key ? opts.filter((o) => 'label' in o && searchKey(o.label).includes(key)) : opts;
      }}
      limit={60}
      nothingFoundMessage={loading && !data ? 'Buscando municipios…' : nothingFound}
      comboboxProps={{ withinPortal: true }}
      clearButtonProps={{ 'aria-label': 'Quitar municipio' }}
      error={(error ? GEOGRAPHY_MESSAGES.municipalitiesLoadFailed : null) ?? form.errors.municipalityId}
      onChange={(id) => {
        const chosen = options.find((o) => o.value === id);
        form.setFieldValue('municipalityId', id);
        form.setFieldValue('municipalityLabel', chosen?.fullLabel ?? '');
        form.clearFieldError('municipalityId');
        if (chosen && chosen.departmentId && chosen.departmentId !== v.departmentId) {
          form.setFieldValue('departmentId', chosen.departmentId);
        }
      }}
    />
  );
}
