import { Button, Fieldset, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { LIMITS } from '@bolsa/domain';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { LimitedTextarea, LimitedTextInput } from './LimitedText';

/*
 * The rows of a work history, as the profile (spec 1 §2.7) and the application form (spec 1 §3)
 * both edit them: experiences, and personal and work references. Each form keeps its own values
 * and rules; these draw the rows, and ask the form for each input's props.
 */

/** What an input needs from its form: value, onChange, error, id… (spread into it). */
type InputProps = Record<string, unknown>;

interface RowsProps<F extends string> {
  /** How many rows there are. */
  count: number;
  /** The props of one input of row i. */
  field: (i: number, name: F) => InputProps;
  /** Rows taken from elsewhere (the profile) that cannot be edited here, and why. */
  locked?: (i: number) => boolean;
  lockedHint?: string;
  canRemove: (i: number) => boolean;
  onRemove: (i: number) => void;
  /** No 'Agregar' once there are this many rows. */
  max: number;
  onAdd: () => void;
}

/**
 * The rows' keys, and a removal that renews them. The forms are uncontrolled (lib/uncontrolled-form):
 * each input holds its own value. Once a row is removed the rows after it move up one index, and
 * kept under the same keys their inputs would still show the removed row's values; after a
 * removal every row gets a new key, and its inputs start again from the form's values.
 */
function useRemovableRows(onRemove: (i: number) => void) {
  const [removals, setRemovals] = useState(0);
  return {
    rowKey: (i: number) => `${removals}.${i}`,
    remove: (i: number) => {
      onRemove(i);
      setRemovals((n) => n + 1);
    },
  };
}

function RemoveRow({ onClick, mt, children }: { onClick: () => void; mt?: 'xs'; children: ReactNode }) {
  return (
    <Group justify="flex-end" mt={mt}>
      <Button
        variant="subtle"
        color="red.9"
        size="compact-sm"
        leftSection={<IconTrash size={14} aria-hidden />}
        onClick={onClick}
      >
        {children}
      </Button>
    </Group>
  );
}

function AddRow({ onClick, size, children }: { onClick: () => void; size?: 'sm'; children: ReactNode }) {
  return (
    <Group>
      {/* The label wraps: 'Agregar referencia personal' is wider than a 360 px phone's section. */}
      <Button
        variant="light"
        size={size}
        h="auto"
        mih={size === 'sm' ? 30 : 36}
        py={6}
        styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
        leftSection={<IconPlus size={16} aria-hidden />}
        onClick={onClick}
      >
        {children}
      </Button>
    </Group>
  );
}

function LockedHint({ hint, mb }: { hint?: string; mb?: 'xs' }) {
  return (
    <Text size="xs" c="dimmed" mb={mb}>
      {hint}
    </Text>
  );
}

export type ExperienceField = 'company' | 'position' | 'from' | 'to' | 'description';

export interface ExperienceRowsProps extends RowsProps<ExperienceField> {
  /** 'Experiencia 1', with ' *' where the row is required. */
  legend: (i: number) => string;
  /** The latest date 'Desde' and 'Hasta' accept (today in Guatemala). */
  today: string;
  /** A row's own error ('complete the row'), and the element id to bring it into view. */
  rowError?: (i: number) => string | null;
  rowId?: (i: number) => string;
  descriptionRows?: number;
}

/** Experiencia Laboral: empresa, puesto, desde, hasta and descripción per row. */
export function ExperienceRows({ legend, today, rowError, rowId, descriptionRows = 3, ...rows }: ExperienceRowsProps) {
  const { count, field, locked = () => false, lockedHint, canRemove, onRemove, max, onAdd } = rows;
  const { rowKey, remove } = useRemovableRows(onRemove);
  return (
    <>
      {Array.from({ length: count }, (_, i) => {
        const error = rowError?.(i);
        return (
          <Fieldset
            key={rowKey(i)}
            legend={legend(i)}
            radius="md"
            p="sm"
            id={rowId?.(i)}
            tabIndex={rowId ? -1 : undefined}
          >
            {error && (
              <Text size="sm" c="red.8" mb="xs" role="alert">
                {error}
              </Text>
            )}
            {locked(i) && <LockedHint hint={lockedHint} mb="xs" />}
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <LimitedTextInput label="Empresa" limit={LIMITS.name} {...field(i, 'company')} />
              <LimitedTextInput label="Puesto" limit={LIMITS.name} {...field(i, 'position')} />
              <TextInput type="date" label="Desde" max={today} {...field(i, 'from')} />
              <TextInput type="date" label="Hasta" max={today} {...field(i, 'to')} />
            </SimpleGrid>
            <LimitedTextarea
              mt="sm"
              label="Descripción"
              rows={descriptionRows}
              limit={LIMITS.note}
              {...field(i, 'description')}
            />
            {canRemove(i) && (
              <RemoveRow onClick={() => remove(i)} mt="xs">
                Quitar experiencia {i + 1}
              </RemoveRow>
            )}
          </Fieldset>
        );
      })}
      {count < max && <AddRow onClick={onAdd}>Agregar experiencia</AddRow>}
    </>
  );
}

export interface ReferenceRowsProps extends RowsProps<'name' | 'phone'> {
  /** 'Referencias personales'. */
  title: string;
  /** 'referencia personal': in the labels and buttons of each row. */
  noun: string;
  /** The error of the whole list ('at least …'). */
  listError: string | null;
  /** The fieldset's id, to bring the list into view when it fails. */
  id?: string;
}

/** Referencias personales or laborales: nombre and teléfono per row. */
export function ReferenceRows({ title, noun, listError, id, ...rows }: ReferenceRowsProps) {
  const { count, field, locked = () => false, lockedHint, canRemove, onRemove, max, onAdd } = rows;
  const { rowKey, remove } = useRemovableRows(onRemove);
  return (
    <Fieldset legend={title} radius="md" p="sm" id={id} tabIndex={id ? -1 : undefined}>
      <Stack gap="sm">
        {listError && (
          <Text size="sm" c="red.8" role="alert">
            {listError}
          </Text>
        )}
        {Array.from({ length: count }, (_, i) => (
          <Stack key={rowKey(i)} gap={4}>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <LimitedTextInput label={`Nombre (${noun} ${i + 1})`} limit={LIMITS.name} {...field(i, 'name')} />
              <TextInput
                label={`Teléfono (${noun} ${i + 1})`}
                inputMode="numeric"
                autoComplete="off"
                {...field(i, 'phone')}
              />
            </SimpleGrid>
            {locked(i) && <LockedHint hint={lockedHint} />}
            {canRemove(i) && (
              <RemoveRow onClick={() => remove(i)}>
                Quitar {noun} {i + 1}
              </RemoveRow>
            )}
          </Stack>
        ))}
        {count < max && (
          <AddRow onClick={onAdd} size="sm">
            Agregar {noun}
          </AddRow>
        )}
      </Stack>
    </Fieldset>
  );
}
