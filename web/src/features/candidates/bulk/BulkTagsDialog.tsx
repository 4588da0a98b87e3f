import { useMutation } from '@apollo/client/react';
import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { BULK_TAG_MESSAGES as M, BULK_TAG_OUTCOME_LABEL, type BulkTagMode, type BulkTagOutcome } from '@bolsa/domain';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { BulkCandidateSelection, BulkChangeCandidateTagsMutation, BulkTagRowOutcome } from '../../../gql/graphql';
import { TagBadges, TagPicker } from '../tags';
import { BULK_CHANGE_CANDIDATE_TAGS } from './operations';
import { BulkResultTable, type BulkTone } from './BulkResultTable';

type Answer = BulkChangeCandidateTagsMutation['bulkChangeCandidateTags'];
type Row = Answer['results'][number];

const OUTCOME: Record<BulkTagRowOutcome, BulkTagOutcome> = {
  CHANGED: 'changed',
  UNCHANGED: 'unchanged',
  REFUSED: 'refused',
  NOT_FOUND: 'notFound',
};
const TONE: Record<BulkTagOutcome, BulkTone> = {
  changed: 'done',
  unchanged: 'unchanged',
  refused: 'failed',
  notFound: 'failed',
};

type Stage =
  { kind: 'pick' } | { kind: 'running' } | { kind: 'failed'; message: string } | { kind: 'done'; answer: Answer };

interface BulkTagsDialogProps {
  mode: BulkTagMode;
  selection: BulkCandidateSelection;
  /** Rows the selection names (shown before anything is done). */
  count: number;
  /** done: something may have changed (the list refreshes, the selection clears). */
  onClose: (done: boolean) => void;
  /** Tags have changed: the lists refresh however the dialog is closed (its 'Cerrar', ×, Escape). */
  onChanged?: () => void;
  onBusy?: (busy: boolean) => void;
}

/**
 * 'Agregar etiquetas' / 'Quitar etiquetas' over the selection (issue 23): the count first, the
 * tags to add or remove, then every row's result (changed, unchanged, refused and why). Repeating
 * it is harmless; no one is e-mailed.
 */
export function BulkTagsDialog({ mode, selection, count, onClose, onChanged, onBusy }: BulkTagsDialogProps) {
  const [mutate] = useMutation(BULK_CHANGE_CANDIDATE_TAGS);
  const [stage, setStage] = useState<Stage>({ kind: 'pick' });
  const [tagIds, setTagIds] = useState<string[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const primary = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (stage.kind === 'done' || stage.kind === 'failed') primary.current?.focus();
  }, [stage.kind]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!tagIds.length) return setProblem(M.noTags);
    setProblem(null);
    onBusy?.(true);
    setStage({ kind: 'running' });
    try {
      const { data } = await mutate({
        variables: { selection, ...(mode === 'add' ? { add: tagIds } : { remove: tagIds }) },
      });
      const a = data?.bulkChangeCandidateTags;
      if (!a || a.error) setStage({ kind: 'failed', message: a?.error?.message ?? M.failed });
      else {
        if (a.changed > 0) onChanged?.();
        setStage({ kind: 'done', answer: a });
      }
    } catch {
      setStage({ kind: 'failed', message: M.failed });
    } finally {
      onBusy?.(false);
    }
  };

  if (stage.kind === 'running')
    return (
      <Group gap="sm" role="status">
        <Loader size="sm" aria-hidden />
        <Text size="sm">{M.running}</Text>
      </Group>
    );

  if (stage.kind === 'failed')
    return (
      <Stack gap="md">
        <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle aria-hidden />}>
          {stage.message}
        </Alert>
        <Group justify="flex-end">
          <Button ref={primary} variant="default" onClick={() => onClose(true)}>
            {M.close}
          </Button>
        </Group>
      </Stack>
    );

  if (stage.kind === 'done') {
    const a = stage.answer;
    return (
      <Stack gap="md">
        <Text size="sm" fw={600} role="status">
          {M.resultSummary({ changed: a.changed, unchanged: a.unchanged, refused: a.refused })}
        </Text>
        <RowTable rows={a.results} />
        <Group justify="flex-end">
          <Button ref={primary} onClick={() => onClose(true)}>
            {M.close}
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="md">
        <Text size="sm">{M.appliesTo(count)}</Text>
        <TagPicker
          label={M.pickLabel(mode)}
          value={tagIds}
          onChange={(ids) => {
            setTagIds(ids);
            setProblem(null);
          }}
          error={problem}
          emptyText={M.noTagsDefined}
          autoFocus
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => onClose(false)}>
            {M.cancel}
          </Button>
          <Button type="submit" color={mode === 'remove' ? 'red.9' : undefined}>
            {M.confirm(mode, count)}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Each row: name, outcome, its tags now and why. */
function RowTable({ rows }: { rows: readonly Row[] }) {
  return (
    <BulkResultTable
      label="Resultado por candidato"
      extraHeading="Etiquetas"
      rows={rows.map((r) => {
        const o = OUTCOME[r.outcome];
        return {
          candidateId: r.candidateId,
          name: r.name ?? `#${r.candidateId}`,
          outcome: BULK_TAG_OUTCOME_LABEL[o],
          tone: TONE[o],
          message: r.message,
          extra: <TagBadges tags={r.tags} size="xs" />,
        };
      })}
    />
  );
}
