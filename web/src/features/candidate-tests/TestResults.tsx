import { useMutation } from '@apollo/client/react';
import { Button, Card, Group, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { ASSIGNED_TEST_MESSAGES as M, formatDate } from '@bolsa/domain';
import { useState } from 'react';
import { toastError, toastSuccess } from '../../lib/toast';
import type { AssignedTestFieldsFragment } from '../../gql/graphql';
import { AssignedTestBadge, DownloadLink } from './AssignedTestsPanel';
import { RECORD_TEST_RESULT } from './operations';
import { parseScore } from './test-screen';

function Dates({ t }: { t: AssignedTestFieldsFragment }) {
  const rows = [
    ['Asignada', formatDate(t.assignedAt, '—')],
    ['Fecha límite', formatDate(t.deadline, '—')],
    ['Completada', formatDate(t.completedAt, '—')],
  ];
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs">
      {rows.map(([label, value]) => (
        <div key={label}>
          <Text size="xs" c="dimmed">
            {label}
          </Text>
          <Text size="sm">{value}</Text>
        </div>
      ))}
    </SimpleGrid>
  );
}

function ResultForm({ t, onSaved }: { t: AssignedTestFieldsFragment; onSaved: () => Promise<unknown> }) {
  const [text, setText] = useState(t.resultText ?? '');
  const [score, setScore] = useState(
    t.resultScore === null || t.resultScore === undefined ? '' : String(t.resultScore),
  );
  const [scoreError, setScoreError] = useState<string | null>(null);
  const [record, { loading }] = useMutation(RECORD_TEST_RESULT);

  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = parseScore(score);
    if (parsed === 'invalid') {
      setScoreError(M.scoreInvalid);
      return;
    }
    setScoreError(null);
    try {
      const { data } = await record({ variables: { id: t.id, text: text.trim() || null, score: parsed } });
      const error = data?.recordTestResult.error;
      if (error) {
        toastError(M.updateFailed, error.message);
        return;
      }
      toastSuccess('Resultado guardado', t.name);
      await onSaved();
    } catch {
      toastError(M.updateFailed, M.unexpected);
    }
  };

  return (
    <form onSubmit={(e) => void save(e)} aria-label={`Resultado de ${t.name}`} noValidate>
      <Stack gap="xs">
        <Textarea
          label="Resultado"
          autosize
          minRows={2}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
        />
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            label="Puntaje"
            inputMode="decimal"
            w={140}
            value={score}
            error={scoreError}
            onChange={(e) => setScore(e.currentTarget.value)}
          />
          <Button type="submit" loading={loading}>
            Guardar resultado
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** ?tab=resultados: each test with its state, dates and result; staff record the result and score. */
export function TestResults({
  tests,
  canEdit,
  onSaved,
}: {
  tests: readonly AssignedTestFieldsFragment[];
  canEdit: boolean;
  onSaved: () => Promise<unknown>;
}) {
  if (tests.length === 0)
    return (
      <Text size="sm" c="dimmed">
        Aún no hay pruebas asignadas.
      </Text>
    );
  return (
    <Stack gap="md">
      {tests.map((t) => (
        <Card key={t.id} withBorder padding="md" radius="md" component="article" aria-label={t.name}>
          <Stack gap="sm">
            <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
              <div style={{ minWidth: 0 }}>
                <Title order={3} size="h5" style={{ overflowWrap: 'anywhere' }}>
                  {t.name}
                </Title>
                <Text size="xs" c="dimmed">
                  {t.type}
                </Text>
              </div>
              <AssignedTestBadge state={t.state} />
            </Group>
            <Dates t={t} />
            <Group gap="xs">
              <DownloadLink test={t} />
            </Group>
            {canEdit ? (
              <ResultForm key={`${t.id}-${t.resultText ?? ''}-${t.resultScore ?? ''}`} t={t} onSaved={onSaved} />
            ) : (
              <div>
                <Text size="xs" c="dimmed">
                  Resultado
                </Text>
                <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                  {t.resultText || 'Sin resultado registrado.'}
                </Text>
                {t.resultScore !== null && t.resultScore !== undefined && (
                  <Text size="sm">Puntaje: {t.resultScore}</Text>
                )}
              </div>
            )}
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
