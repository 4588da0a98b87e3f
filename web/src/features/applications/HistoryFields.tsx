import { Button, Fieldset, Group, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { nameInput } from '@bolsa/domain';
import {
  digitsOnly,
  emptyExperience,
  emptyReference,
  fieldId,
  MAX_ROWS,
  type ApplicationFormValues,
} from './form-values';

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
      {rows.map((row, i) => {
        const p = (f: keyof typeof row) => `experiences.${i}.${f}` as const;
        const props = (f: 'company' | 'position' | 'from' | 'to' | 'description') => ({
          ...form.getInputProps(p(f)),
          id: fieldId(p(f)),
          readOnly: row.locked,
        });
        return (
          <Fieldset key={form.key(`experiences.${i}`)} legend={`Experiencia ${i + 1}`} radius="md" p="sm">
            {row.locked && (
              <Text size="xs" c="dimmed" mb="xs">
                {LOCKED_HINT}
              </Text>
            )}
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput label="Empresa" maxLength={150} {...props('company')} />
              <TextInput label="Puesto" maxLength={150} {...props('position')} />
              <TextInput type="date" label="Desde" max={today} {...props('from')} />
              <TextInput type="date" label="Hasta" max={today} {...props('to')} />
            </SimpleGrid>
            <Textarea mt="sm" label="Descripción" rows={3} maxLength={2000} {...props('description')} />
            {!row.locked && rows.length > 1 && (
              <Group justify="flex-end" mt="xs">
                <Button
                  variant="subtle"
                  color="red.9"
                  size="compact-sm"
                  leftSection={<IconTrash size={14} aria-hidden />}
                  onClick={() => form.removeListItem('experiences', i)}
                >
                  Quitar experiencia {i + 1}
                </Button>
              </Group>
            )}
          </Fieldset>
        );
      })}
      {rows.length < MAX_ROWS && (
        <Group>
          <Button
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => form.insertListItem('experiences', emptyExperience())}
          >
            Agregar experiencia
          </Button>
        </Group>
      )}
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
    <Fieldset legend={title} radius="md" p="sm">
      <Stack gap="sm">
        {listError && (
          <Text size="sm" c="red.8" role="alert">
            {listError}
          </Text>
        )}
        {rows.map((row, i) => {
          const name = `${list}.${i}.name` as const;
          const phone = `${list}.${i}.phone` as const;
          const nameProps = form.getInputProps(name);
          const phoneProps = form.getInputProps(phone);
          return (
            <Stack key={form.key(`${list}.${i}`)} gap={4}>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <TextInput
                  label={`Nombre (${noun} ${i + 1})`}
                  maxLength={150}
                  {...nameProps}
                  id={fieldId(name)}
                  readOnly={row.locked}
                  onChange={(e) => form.setFieldValue(name, nameInput(e.currentTarget.value))}
                />
                <TextInput
                  label={`Teléfono (${noun} ${i + 1})`}
                  inputMode="numeric"
                  autoComplete="off"
                  {...phoneProps}
                  id={fieldId(phone)}
                  readOnly={row.locked}
                  onChange={(e) => form.setFieldValue(phone, digitsOnly(e.currentTarget.value, 8))}
                />
              </SimpleGrid>
              {row.locked && (
                <Text size="xs" c="dimmed">
                  {LOCKED_HINT}
                </Text>
              )}
              {!row.locked && rows.length > 1 && (
                <Group justify="flex-end">
                  <Button
                    variant="subtle"
                    color="red.9"
                    size="compact-sm"
                    leftSection={<IconTrash size={14} aria-hidden />}
                    onClick={() => form.removeListItem(list, i)}
                  >
                    Quitar {noun} {i + 1}
                  </Button>
                </Group>
              )}
            </Stack>
          );
        })}
        {rows.length < MAX_ROWS && (
          <Group>
            <Button
              variant="light"
              size="sm"
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => form.insertListItem(list, emptyReference())}
            >
              Agregar {noun}
            </Button>
          </Group>
        )}
      </Stack>
    </Fieldset>
  );
}
