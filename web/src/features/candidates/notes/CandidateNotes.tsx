import { useMutation, useQuery } from '@apollo/client/react';
import { Alert, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconNote } from '@tabler/icons-react';
import { can, formatDateTime, NOTE_LIMITS, NOTE_MESSAGES, noteTextSchema } from '@bolsa/domain';
import { useEffect, useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/dialogs';
import { ErrorPanel } from '../../../components/ErrorPanel';
import type { CandidateNoteFieldsFragment } from '../../../gql/graphql';
import { useSession } from '../../session';
import { ADD_CANDIDATE_NOTE, CANDIDATE_NOTES, DELETE_CANDIDATE_NOTE, UPDATE_CANDIDATE_NOTE } from './operations';
import { LimitedTextarea } from '../../../components/LimitedText';
import { useFocusWhenLost } from '../../../lib/focus-nowhere';

/** The queries a note changes: this section and the detail's timeline. */
const REFETCH = ['CandidateNotes', 'CandidateDetail'];

/** The domain's message for a text the api would refuse, or null. */
function problemOf(text: string): string | null {
  const parsed = noteTextSchema.safeParse(text);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? NOTE_MESSAGES.required);
}

function NoteEditor({
  initial = '',
  label,
  submitLabel,
  busy,
  error,
  onSubmit,
  onCancel,
}: {
  initial?: string;
  label: string;
  submitLabel: string;
  busy: boolean;
  error: string | null;
  onSubmit: (text: string) => Promise<boolean>;
  onCancel?: () => void;
}) {
  const [text, setText] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const shown = problem ?? error;
  // Editing a note (onCancel given): the text takes focus with the caret at its end, as the
  // 'Editar' that opened it is gone; Escape leaves without saving.
  const box = useRef<HTMLTextAreaElement>(null);
  const editing = onCancel !== undefined;
  useEffect(() => {
    const el = box.current;
    if (!editing || !el) return;
    el.focus();
    el.setSelectionRange(el.value.length, el.value.length);
  }, [editing]);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        const p = problemOf(text);
        setProblem(p);
        if (p) return;
        void onSubmit(text).then((ok) => {
          if (ok && !onCancel) setText('');
        });
      }}
    >
      <Stack gap="xs">
        <LimitedTextarea
          label={label}
          placeholder={NOTE_MESSAGES.placeholder}
          ref={box}
          value={text}
          onChange={(e) => {
            setText(e.currentTarget.value);
            if (problem) setProblem(null);
          }}
          onKeyDown={(e) => {
            if (e.key !== 'Escape' || !onCancel || busy) return;
            e.preventDefault();
            onCancel();
          }}
          autosize
          minRows={2}
          maxRows={10}
          limit={NOTE_LIMITS.text}
          error={shown}
          disabled={busy}
        />
        <Group gap="xs" justify="flex-end">
          {onCancel && (
            <Button variant="default" size="xs" onClick={onCancel} disabled={busy}>
              {NOTE_MESSAGES.cancel}
            </Button>
          )}
          <Button type="submit" size="xs" loading={busy}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function NoteItem({ note, canWrite }: { note: CandidateNoteFieldsFragment; canWrite: boolean }) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [update, updating] = useMutation(UPDATE_CANDIDATE_NOTE, { refetchQueries: REFETCH });
  const [remove, removing] = useMutation(DELETE_CANDIDATE_NOTE, { refetchQueries: REFETCH });
  const own = canWrite && note.mine;
  // Leaving the editor (saved, 'Cancelar' or Escape): focus back on this note's 'Editar'.
  const editButton = useRef<HTMLButtonElement>(null);
  useFocusWhenLost(editing, editButton, { when: (open) => !open });

  const save = async (text: string) => {
    setError(null);
    try {
      const r = await update({ variables: { id: note.id, text } });
      const e = r.data?.updateCandidateNote.error;
      if (e) {
        setError('message' in e ? e.message : NOTE_MESSAGES.failed);
        return false;
      }
      setEditing(false);
      return true;
    } catch {
      setError(NOTE_MESSAGES.failed);
      return false;
    }
  };

  const confirmDelete = async () => {
    setError(null);
    try {
      const r = await remove({ variables: { id: note.id } });
      const e = r.data?.deleteCandidateNote.error;
      if (e) setError('message' in e ? e.message : NOTE_MESSAGES.deleteFailed);
    } catch {
      setError(NOTE_MESSAGES.deleteFailed);
    }
    setConfirming(false);
  };

  return (
    <Paper component="li" withBorder radius="sm" p="sm" style={{ listStyle: 'none' }}>
      <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
        <Text size="xs" c="dimmed">
          {note.author ?? NOTE_MESSAGES.unknownAuthor} · {formatDateTime(note.createdAt)}
          {note.editedAt ? ` · ${NOTE_MESSAGES.edited} ${formatDateTime(note.editedAt)}` : ''}
        </Text>
        {own && !editing && (
          <Group gap={4}>
            <Button ref={editButton} size="compact-xs" variant="subtle" onClick={() => setEditing(true)}>
              {NOTE_MESSAGES.edit}
            </Button>
            <Button size="compact-xs" variant="subtle" color="red.8" onClick={() => setConfirming(true)}>
              {NOTE_MESSAGES.delete}
            </Button>
          </Group>
        )}
      </Group>
      {editing ? (
        <NoteEditor
          initial={note.text}
          label={NOTE_MESSAGES.edit}
          submitLabel={NOTE_MESSAGES.save}
          busy={updating.loading}
          error={error}
          onSubmit={save}
          onCancel={() => {
            setEditing(false);
            setError(null);
          }}
        />
      ) : (
        <Text size="sm" mt={4} style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {note.text}
        </Text>
      )}
      {!editing && error && (
        <Text size="xs" c="red.8" mt={4} role="alert">
          {error}
        </Text>
      )}
      <ConfirmDialog
        opened={confirming}
        title={NOTE_MESSAGES.deleteTitle}
        confirmLabel={NOTE_MESSAGES.delete}
        danger
        busy={removing.loading}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setConfirming(false)}
      >
        {NOTE_MESSAGES.deleteConfirm}
      </ConfirmDialog>
    </Paper>
  );
}

/**
 * 'Notas' of the candidate detail (issue 23): roles 1–2 write; every staff role reads; only its
 * author edits or deletes a note (after confirming). Author, date and time in Guatemala.
 */
export function CandidateNotes({ candidateId }: { candidateId: string }) {
  const { viewer } = useSession();
  const canWrite = can(viewer?.roleId ?? null, 'candidate.note');
  const { data, loading, error, refetch } = useQuery(CANDIDATE_NOTES, { variables: { id: candidateId } });
  const [add, adding] = useMutation(ADD_CANDIDATE_NOTE, { refetchQueries: REFETCH });
  const [addError, setAddError] = useState<string | null>(null);
  const notes = data?.candidate?.notes;
  const titleId = `${candidateId}-notes`;

  const submit = async (text: string) => {
    setAddError(null);
    try {
      const r = await add({ variables: { candidateId, text } });
      const e = r.data?.addCandidateNote.error;
      if (e) {
        setAddError('message' in e ? e.message : NOTE_MESSAGES.failed);
        return false;
      }
      return true;
    } catch {
      setAddError(NOTE_MESSAGES.failed);
      return false;
    }
  };

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} mt="lg" component="section" aria-labelledby={titleId}>
      <Title order={2} fz="lg" mb="md" id={titleId}>
        {NOTE_MESSAGES.section}
      </Title>
      <Stack gap="md">
        {canWrite && (
          <NoteEditor
            label={NOTE_MESSAGES.add}
            submitLabel={NOTE_MESSAGES.add}
            busy={adding.loading}
            error={addError}
            onSubmit={submit}
          />
        )}
        {!notes && loading ? (
          <Stack gap="xs" aria-busy="true">
            <Text size="sm" c="dimmed">
              {NOTE_MESSAGES.loading}
            </Text>
            <Skeleton h={56} />
          </Stack>
        ) : !notes && error ? (
          <ErrorPanel
            title={NOTE_MESSAGES.loadFailed}
            error={error}
            operationName="CandidateNotes"
            onRetry={() => void refetch()}
            retrying={loading}
          />
        ) : !notes?.length ? (
          <Alert variant="light" color="gray" icon={<IconNote aria-hidden />}>
            {NOTE_MESSAGES.empty}
          </Alert>
        ) : (
          <Stack component="ul" gap="xs" p={0} m={0} aria-label={NOTE_MESSAGES.section}>
            {notes.map((n) => (
              <NoteItem key={n.id} note={n} canWrite={canWrite} />
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
