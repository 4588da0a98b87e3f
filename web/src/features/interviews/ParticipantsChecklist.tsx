import { Button, Checkbox, Group, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@apollo/client/react';
import { useId, useMemo, useState } from 'react';
import { INTERVIEW_MESSAGES as M } from '@bolsa/domain';
import { filterEmails } from './interview-form';
import { INTERVIEW_PARTICIPANTS } from './operations';

/** 'Participantes': the organisation's active e-mails to invite, searchable, all at once or one by one. */
export function ParticipantsChecklist({
  picked,
  onChange,
  error,
  required,
}: {
  picked: string[];
  onChange: (next: string[]) => void;
  error?: string;
  required: boolean;
}) {
  const { data, loading } = useQuery(INTERVIEW_PARTICIPANTS, { context: { timeout: 15_000 } });
  const [search, setSearch] = useState('');
  const labelId = useId();
  const active = useMemo(() => (data?.adminEmails ?? []).filter((e) => e.active), [data]);
  const shown = filterEmails(active, search);
  const allPicked = shown.length > 0 && shown.every((e) => picked.includes(e.email));
  const toggleAll = () =>
    onChange(
      allPicked
        ? picked.filter((p) => !shown.some((e) => e.email === p))
        : [...new Set([...picked, ...shown.map((e) => e.email)])],
    );
  return (
    <Stack gap={6}>
      <Group justify="space-between" gap="xs">
        <Text id={labelId} fw={500} size="sm">
          Participantes
          {required && (
            <Text span c="red.8" aria-hidden>
              {' *'}
            </Text>
          )}
        </Text>
        {shown.length > 0 && (
          <Button size="compact-xs" variant="subtle" onClick={toggleAll}>
            {allPicked ? 'Desmarcar todos' : 'Seleccionar todos'}
          </Button>
        )}
      </Group>
      <TextInput
        size="xs"
        placeholder="Buscar correo"
        aria-label="Buscar correo"
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
      />
      <ScrollArea.Autosize mah={220} type="auto">
        <Stack gap={6} role="group" aria-labelledby={labelId} p={4}>
          {loading ? (
            <Text size="sm" c="dimmed">
              Cargando correos...
            </Text>
          ) : shown.length === 0 ? (
            <Text size="sm" c="dimmed">
              No hay correos para mostrar
            </Text>
          ) : (
            shown.map((e) => (
              <Checkbox
                key={e.id}
                label={
                  <span style={{ overflowWrap: 'anywhere' }}>
                    {e.email}
                    {e.name ? <Text span size="xs" c="dimmed">{` · ${e.name}`}</Text> : null}
                  </span>
                }
                checked={picked.includes(e.email)}
                onChange={(ev) =>
                  onChange(ev.currentTarget.checked ? [...picked, e.email] : picked.filter((p) => p !== e.email))
                }
              />
            ))
          )}
        </Stack>
      </ScrollArea.Autosize>
      {error && (
        <Text size="xs" c="red.8" role="alert">
          {error}
        </Text>
      )}
      <Text size="xs" c="dimmed">
        {M.participantsHint}
      </Text>
    </Stack>
  );
}
