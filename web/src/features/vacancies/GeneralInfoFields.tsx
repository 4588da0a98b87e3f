import { Group, NativeSelect, Radio, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useQuery } from '@apollo/client/react';
import { IconCalendar } from '@tabler/icons-react';
import dayjs from 'dayjs';
import 'dayjs/locale/es';
import { formatDate, LIMITS } from '@bolsa/domain';
import { BRANCHES, DEPARTMENTS } from '../../lib/catalogue';
import { CALENDAR_LABELS } from '../../lib/calendar-labels';
import { MunicipalityField } from './MunicipalityField';
import { tomorrowOf, type VacancyForm, type VacancyFormValues } from './vacancy-form';
import { LimitedTextInput, LimitedTextarea } from '../../components/LimitedText';

interface GeneralInfoFieldsProps {
  form: VacancyForm;
  today: string;
  /** Read-only date shown under its label: creation (today) or publication. */
  fixedDate: { label: string; value: string | null };
  /** Hint under the closing date. */
  endsAtHint?: string;
  /** Lets the edit screen refuse switching to active (returns false to block). */
  onActiveChange?: (active: boolean) => boolean;
}

/** Step 1 'Información General' (spec 2 §3): name, branch, place, description, dates, state. */
export function GeneralInfoFields({ form, today, fixedDate, endsAtHint, onActiveChange }: GeneralInfoFieldsProps) {
  const branches = useQuery(BRANCHES);
  const departments = useQuery(DEPARTMENTS);
  const v = form.getValues();
  return (
    <Stack gap="sm">
      <LimitedTextInput label="Nombre de la vacante" withAsterisk limit={LIMITS.name} {...form.getInputProps('name')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
        <NativeSelect
          label="Sede"
          withAsterisk
          data={[
            { value: '', label: branches.loading ? 'Cargando sedes…' : 'Selecciona una sede' },
            ...(branches.data?.branches ?? []).map((b) => ({ value: b.id, label: b.name })),
          ]}
          {...form.getInputProps('branchId')}
        />
        <NativeSelect
          label="Departamento"
          withAsterisk
          data={[
            { value: '', label: departments.loading ? 'Cargando departamentos…' : 'Selecciona un departamento' },
            ...(departments.data?.departments ?? []).map((d) => ({ value: d.id, label: d.name })),
          ]}
          {...form.getInputProps('departmentId')}
          onChange={(e) => {
            const next = e.currentTarget.value;
            if (next !== v.departmentId) {
              form.setFieldValue('departmentId', next);
              // A municipality belongs to one department: changing the department forgets it.
              form.setFieldValue('municipalityId', null);
              form.setFieldValue('municipalityLabel', '');
            }
          }}
        />
      </SimpleGrid>
      <Radio.Group
        label="Ubicación"
        withAsterisk
        value={v.placeMode}
        onChange={(mode) => form.setFieldValue('placeMode', mode as VacancyFormValues['placeMode'])}
      >
        <Group gap="lg" mt={6}>
          <Radio value="municipio" label="Municipio del catálogo" />
          <Radio value="texto" label="Otro lugar (texto libre)" />
        </Group>
      </Radio.Group>
      {v.placeMode === 'municipio' ? (
        <MunicipalityField form={form} />
      ) : (
        <LimitedTextInput
          label="Lugar"
          placeholder="Por ejemplo: Oficinas centrales, zona 1"
          limit={LIMITS.shortText}
          {...form.getInputProps('placeText')}
          error={form.errors.placeText ?? form.errors.municipalityId}
        />
      )}
      <LimitedTextarea
        label="Descripción"
        withAsterisk
        limit={LIMITS.description}
        autosize
        minRows={4}
        maxRows={12}
        {...form.getInputProps('description')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
        <DatePickerInput
          label="Fecha de finalización"
          withAsterisk
          placeholder="dd/mm/aaaa"
          // Mantine draws this placeholder as text in gray 5 (2:1 on white): darken it for contrast.
          styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
          valueFormat="DD/MM/YYYY"
          minDate={tomorrowOf(today)}
          ariaLabels={CALENDAR_LABELS}
          // Closes at once on choosing a day, so the calendar's buttons never linger beside the form's.
          popoverProps={{ transitionProps: { duration: 0 } }}
          getDayProps={(date) => ({ 'aria-label': dayjs(date).locale('es').format('D [de] MMMM [de] YYYY') })}
          clearable
          clearButtonProps={{ 'aria-label': 'Borrar fecha' }}
          leftSection={<IconCalendar size={16} aria-hidden />}
          description={endsAtHint}
          {...form.getInputProps('endsAt')}
        />
        <TextInput label={fixedDate.label} value={formatDate(fixedDate.value, '—')} readOnly variant="filled" />
      </SimpleGrid>
      <Switch
        label={v.active ? 'Estado: Activa' : 'Estado: Inactiva'}
        checked={v.active}
        size="md"
        onChange={(e) => {
          const next = e.currentTarget.checked;
          if (onActiveChange && !onActiveChange(next)) return;
          form.setFieldValue('active', next);
        }}
      />
    </Stack>
  );
}
