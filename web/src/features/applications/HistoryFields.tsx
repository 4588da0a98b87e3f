import { Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { nameInput } from '@bolsa/domain';
import { ExperienceRows, ReferenceRows } from '../../components/HistoryRows';
import {
  digitsOnly,
  emptyExperience,
  emptyReference,
  fieldId,
  MAX_ROWS,
  type ApplicationFormValues,
} from './form-values';

import { filteredChange } from '../../lib/uncontrolled-form';
import { inputProps } from './field-props';

type Form = UseFormReturnType<ApplicationFormValues>;

const LOCKED_HINT = 'Tomada de tu perfil: no se puede editar aquí.';

/** Experiencia Laboral: rows of empresa, puesto, desde, hasta, descripción (spec 1 §3). */
export function ExperienceFields({ form, today }: { form: Form; today: string }) {
  const rows = form.getValues().experiences;
  const listError = typeof form.errors.experiences === 'string' ? form.errors.experiences : null;
  return (
    <Stack gap="md">
      {listError && (
        <Text size="sm" c="red.8" role="alert">
          {listError}
        </Text>
      )}
      <ExperienceRows
        count={rows.length}
        legend={(i) => `Experiencia ${i + 1}`}
        today={today}
        field={(i, f) => ({
          ...inputProps(form, `experiences.${i}.${f}`),
          id: fieldId(`experiences.${i}.${f}`),
          readOnly: rows[i]!.locked,
        })}
        locked={(i) => rows[i]!.locked === true}
        lockedHint={LOCKED_HINT}
        canRemove={(i) => !rows[i]!.locked && rows.length > 1}
        onRemove={(i) => form.removeListItem('experiences', i)}
        max={MAX_ROWS}
        onAdd={() => form.insertListItem('experiences', emptyExperience())}
      />
    </Stack>
  );
}

/** Referencias personales and laborales: nombre and teléfono (8 digits). */
export function ReferenceFields({
  form,
  list,
  title,
  noun,
}: {
  form: Form;
  list: 'personalReferences' | 'workReferences';
  title: string;
  noun: string;
}) {
  const rows = form.getValues()[list];
  const listError = typeof form.errors[list] === 'string' ? (form.errors[list] as string) : null;
  return (
    <ReferenceRows
      title={title}
      noun={noun}
      listError={listError}
      count={rows.length}
      field={(i, f) => {
        const path = `${list}.${i}.${f}` as const;
        const filter = f === 'name' ? nameInput : (raw: string) => digitsOnly(raw, 8);
        return {
          ...inputProps(form, path),
          id: fieldId(path),
          readOnly: rows[i]!.locked,
          onChange: filteredChange(form, path, filter),
        };
      }}
      locked={(i) => rows[i]!.locked === true}
      lockedHint={LOCKED_HINT}
      canRemove={(i) => !rows[i]!.locked && rows.length > 1}
      onRemove={(i) => form.removeListItem(list, i)}
      max={MAX_ROWS}
      onAdd={() => form.insertListItem(list, emptyReference())}
    />
  );
}
