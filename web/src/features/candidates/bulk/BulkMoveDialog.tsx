import { useMutation } from '@apollo/client/react';
import { Alert, Button, Group, Loader, Progress, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import {
  BULK_MESSAGES as M,
  BULK_OUTCOME_LABEL,
  LIMITS,
  stateFromEnum,
  type BulkOutcome,
  type CandidateState,
} from '@bolsa/domain';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type {
  BulkCandidateSelection,
  BulkChangeCandidateStateMutation,
  BulkRowOutcome,
  CandidateState as CandidateStateEnum,
} from '../../../gql/graphql';
import { parseRejectObservation } from '../actions/hire-input';
import { BULK_CHANGE_CANDIDATE_STATE } from './operations';
import { LimitedTextarea } from '../../../components/LimitedText';
import { BulkResultTable, type BulkTone } from './BulkResultTable';

type Answer = BulkChangeCandidateStateMutation['bulkChangeCandidateState'];
type Row = Answer['results'][number];

/** Rows sent per request while the move runs: the progress bar advances between them. */
export const BULK_CHUNK = 25;

const OUTCOME: Record<BulkRowOutcome, BulkOutcome> = {
  MOVED: 'moved',
  UNCHANGED: 'unchanged',
  REFUSED: 'refused',
  NOT_FOUND: 'notFound',
};
const TONE: Record<BulkOutcome, BulkTone> = {
  moved: 'done',
  unchanged: 'unchanged',
  refused: 'failed',
  notFound: 'failed',
};

type Stage =
  | { kind: 'preview' }
  | { kind: 'failed'; message: string }
  | { kind: 'confirm'; preview: Answer }
  | { kind: 'running'; done: number; total: number }
  | { kind: 'done'; rows: Row[] };

interface BulkMoveDialogProps {
  selection: BulkCandidateSelection;
  /** The target as the GraphQL enum (FOLLOW_UP…REJECTED). */
  state: CandidateStateEnum;
  /** done: something may have moved (the list refreshes, the selection clears). */
  onClose: (done: boolean) => void;
  /** Rows have moved: the lists refresh however the dialog is closed (its 'Cerrar', ×, Escape). */
  onChanged?: () => void;
  /** Tells the modal whether it may be closed now (not while the move runs). */
  onBusy?: (busy: boolean) => void;
}

const failureOf = (a: Answer | undefined): string | null =>
  !a ? M.failed : a.error ? (a.error.message ?? M.failed) : null;

const rowName = (r: Row) => r.name ?? `#${r.candidateId}`;

/**
 * A bulk move (issue 23): what would happen first (a dry run: how many move, how many get an
 * e-mail, who cannot move and why), then the move itself in chunks with its progress, then the
 * result of every row.
 */
export function BulkMoveDialog({ selection, state, onClose, onChanged, onBusy }: BulkMoveDialogProps) {
  const to = stateFromEnum(state) as CandidateState;
  const [mutate] = useMutation(BULK_CHANGE_CANDIDATE_STATE);
  const [stage, setStage] = useState<Stage>({ kind: 'preview' });
  const [observation, setObservation] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const started = useRef(false);
  const primary = useRef<HTMLButtonElement>(null);
  const firstField = useRef<HTMLTextAreaElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    // The confirmation e-mails people: like ConfirmDialog's `danger`, it starts on its first field
    // (Rechazar's 'Observación') or on 'Cancelar', never on the button that sends, so a stray Enter
    // sends nothing. The result and the failure start on their 'Cerrar'.
    if (stage.kind === 'confirm') (firstField.current ?? cancel.current)?.focus();
    else if (stage.kind === 'done' || stage.kind === 'failed') primary.current?.focus();
  }, [stage.kind]);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    mutate({ variables: { selection, state, dryRun: true } })
      .then(({ data }) => {
        const a = data?.bulkChangeCandidateState;
        const failed = failureOf(a);
        setStage(failed ? { kind: 'failed', message: failed } : { kind: 'confirm', preview: a! });
      })
      .catch(() => setStage({ kind: 'failed', message: M.failed }));
  }, [mutate, selection, state]);

  const run = async (preview: Answer, note: string | null) => {
    // Exactly the rows the user confirmed, by id: a list that changed meanwhile adds nobody.
    const ids = preview.results.map((r) => r.candidateId);
    const rows: Row[] = [];
    onBusy?.(true);
    setStage({ kind: 'running', done: 0, total: ids.length });
    try {
      for (let i = 0; i < ids.length; i += BULK_CHUNK) {
        const chunk = ids.slice(i, i + BULK_CHUNK);
        const { data } = await mutate({ variables: { selection: { candidateIds: chunk }, state, note } });
        const a = data?.bulkChangeCandidateState;
        const failed = failureOf(a);
        if (failed) throw new Error(failed);
        rows.push(...a!.results);
        if (a!.moved > 0) onChanged?.();
        setStage({ kind: 'running', done: Math.min(i + chunk.length, ids.length), total: ids.length });
      }
      setStage({ kind: 'done', rows });
    } catch (e) {
      // What moved before the failure stays moved; retrying moves nobody twice.
      setStage({
        kind: 'failed',
        message: `${e instanceof Error && e.message ? e.message : M.failed}${rows.length ? ` ${M.resultSummary(totals(rows))}` : ''}`,
      });
    } finally {
      onBusy?.(false);
    }
  };

  const confirm = (event: FormEvent, preview: Answer) => {
    event.preventDefault();
    let note: string | null = null;
    if (to === 'rechazado') {
      const parsed = parseRejectObservation(observation);
      if (!parsed.ok) {
        setProblem(parsed.message);
        return;
      }
      note = parsed.value;
    }
    setProblem(null);
    void run(preview, note);
  };

  if (stage.kind === 'preview')
    return (
      <Group gap="sm" role="status">
        <Loader size="sm" aria-hidden />
        <Text size="sm">{M.previewLoading}</Text>
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

  if (stage.kind === 'running')
    return (
      <Stack gap="sm">
        <Text size="sm" role="status" aria-live="polite">
          {M.running(stage.done, stage.total)}
        </Text>
        <Progress
          value={stage.total ? (100 * stage.done) / stage.total : 0}
          animated
          aria-label={M.running(stage.done, stage.total)}
        />
      </Stack>
    );

  if (stage.kind === 'done')
    return (
      <Stack gap="md">
        <Text size="sm" fw={600} role="status">
          {M.resultSummary(totals(stage.rows))}
        </Text>
        <RowTable rows={stage.rows} />
        <Group justify="flex-end">
          <Button ref={primary} onClick={() => onClose(true)}>
            {M.close}
          </Button>
        </Group>
      </Stack>
    );

  const p = stage.preview;
  const notMoving = p.results.filter((r) => r.outcome !== 'MOVED');
  return (
    <form onSubmit={(e) => confirm(e, p)} noValidate>
      <Stack gap="md">
        <Text size="sm">
          {M.confirmSummary({ moving: p.moved, emails: p.emailsQueued, refused: p.refused, unchanged: p.unchanged })}
        </Text>
        {notMoving.length > 0 && (
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              {M.refusedHeading}
            </Text>
            <RowTable rows={notMoving} />
          </Stack>
        )}
        {to === 'rechazado' && p.moved > 0 && (
          <LimitedTextarea
            ref={firstField}
            label={M.observationLabel}
            description={M.observationHint}
            autosize
            minRows={3}
            maxRows={6}
            limit={LIMITS.note}
            value={observation}
            onChange={(e) => setObservation(e.currentTarget.value)}
            error={problem ?? undefined}
          />
        )}
        {p.moved === 0 && (
          <Alert color="yellow" variant="light" icon={<IconAlertTriangle aria-hidden />}>
            {M.nothingToMove}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button ref={cancel} variant="default" onClick={() => onClose(false)}>
            {M.cancel}
          </Button>
          {p.moved > 0 && (
            <Button type="submit" color={to === 'rechazado' ? 'red.9' : undefined}>
              {M.confirmMove(p.moved, to)}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}

function totals(rows: readonly Row[]) {
  const n = (o: BulkRowOutcome) => rows.filter((r) => r.outcome === o).length;
  return {
    moved: n('MOVED'),
    emails: rows.filter((r) => r.outcome === 'MOVED' && r.emailQueued).length,
    refused: n('REFUSED') + n('NOT_FOUND'),
    unchanged: n('UNCHANGED'),
  };
}

/** Each row: name, outcome and why. */
function RowTable({ rows }: { rows: readonly Row[] }) {
  return (
    <BulkResultTable
      label={M.resultTitle}
      rows={rows.map((r) => {
        const o = OUTCOME[r.outcome];
        return {
          candidateId: r.candidateId,
          name: rowName(r),
          outcome: BULK_OUTCOME_LABEL[o],
          tone: TONE[o],
          message: r.message,
        };
      })}
    />
  );
}
