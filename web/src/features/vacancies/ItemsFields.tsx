import { ActionIcon, Box, Button, Group, Input, Paper, Stack, Text } from '@mantine/core';
import { COMMON_MESSAGES, LIMITS } from '@bolsa/domain';
import { IconPlus, IconX } from '@tabler/icons-react';
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { LimitedTextInput } from '../../components/LimitedText';
import type { VacancyForm } from './vacancy-form';

interface ItemsEditorProps {
  label: string;
  /** The noun for one item, in the remove buttons ('requisito', 'beneficio'). */
  itemNoun: string;
  placeholder: string;
  items: string[];
  error?: ReactNode;
  onChange: (items: string[]) => void;
}

/**
 * A list of short texts: type and press Enter or 'Agregar'; blank and repeated items are ignored.
 * An item is at most LIMITS.listItem characters (the domain's list rule): the field says what is
 * left or over while it is typed, and an item over it is not added and stays in the field to be
 * shortened.
 */
export function ItemsEditor({ label, itemNoun, placeholder, items, error, onChange }: ItemsEditorProps) {
  const [text, setText] = useState('');
  const [refused, setRefused] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const listId = useId();
  const limit = LIMITS.listItem;
  const add = () => {
    const item = text.trim();
    if (!item) return;
    if (item.length > limit) {
      setRefused(COMMON_MESSAGES.listItemNotAdded(limit, item.length));
      inputRef.current?.focus();
      return;
    }
    if (!items.some((i) => i.toLowerCase() === item.toLowerCase())) onChange([...items, item]);
    setText('');
    setRefused(null);
    inputRef.current?.focus();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      add();
    }
  };
  return (
    <Box>
      {/* The label above the row: the button stays level with the field whatever shows under it. */}
      <Input.Label htmlFor={inputId}>{label}</Input.Label>
      <Group align="flex-start" gap="xs" wrap="nowrap">
        <LimitedTextInput
          ref={inputRef}
          id={inputId}
          limit={limit}
          placeholder={placeholder}
          value={text}
          onChange={(e) => {
            setText(e.currentTarget.value);
            setRefused(null);
          }}
          onKeyDown={onKeyDown}
          error={refused ?? error}
          aria-describedby={listId}
          enterKeyHint="enter"
          style={{ flex: 1 }}
        />
        <Button
          variant="light"
          onClick={add}
          leftSection={<IconPlus size={16} aria-hidden />}
          aria-label={`Agregar ${itemNoun}`}
        >
          Agregar
        </Button>
      </Group>
      <Text id={listId} size="xs" c="dimmed" mt={4}>
        {items.length === 0 ? `Aún no hay ningún ${itemNoun}.` : `${items.length} agregado(s).`}
      </Text>
      {items.length > 0 && (
        <Stack component="ul" gap={6} mt="xs" p={0} m={0} style={{ listStyle: 'none' }}>
          {items.map((item, i) => (
            <Paper component="li" key={`${i}-${item}`} withBorder radius="sm" px="sm" py={6}>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {item}
                </Text>
                <ActionIcon
                  variant="subtle"
                  color="red.8"
                  size="sm"
                  aria-label={`Quitar ${itemNoun}: ${item}`}
                  onClick={() => onChange(items.filter((_, j) => j !== i))}
                >
                  <IconX size={14} aria-hidden />
                </ActionIcon>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
    </Box>
  );
}

/** Step 2 'Requisitos y Beneficios' (spec 2 §3). */
export function ItemsFields({ form }: { form: VacancyForm }) {
  const v = form.getValues();
  return (
    <Stack gap="lg">
      <ItemsEditor
        label="Requisitos"
        itemNoun="requisito"
        placeholder="Por ejemplo: Título de enfermería"
        items={v.requirements}
        error={form.errors.requirements}
        onChange={(items) => {
          form.setFieldValue('requirements', items);
          form.clearFieldError('requirements');
        }}
      />
      <ItemsEditor
        label="Beneficios (Ofrecemos)"
        itemNoun="beneficio"
        placeholder="Por ejemplo: Prestaciones de ley"
        items={v.benefits}
        error={form.errors.benefits}
        onChange={(items) => {
          form.setFieldValue('benefits', items);
          form.clearFieldError('benefits');
        }}
      />
    </Stack>
  );
}
