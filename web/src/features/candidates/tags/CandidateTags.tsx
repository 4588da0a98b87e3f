import { useMutation, useQuery } from '@apollo/client/react';
import { Button, Group, Modal, MultiSelect, Select, Stack, Text, Title } from '@mantine/core';
import { IconTags } from '@tabler/icons-react';
import {
  can,
  DEFAULT_TAG_COLOR,
  TAG_COLORS,
  TAG_COLOR_NAMES,
  TAG_LIMITS,
  TAG_MESSAGES,
  tagInputSchema,
  type TagColor,
} from '@bolsa/domain';
import { useState } from 'react';
import { useTrackDialog } from '../../../lib/dialog-activity';
import { useSession } from '../../session';
import { CANDIDATE_TAGS, CREATE_TAG, SET_CANDIDATE_TAGS, TAGS } from './operations';
import { TagBadges, tagColor } from './TagBadges';
import { LimitedTextInput } from '../../../components/LimitedText';

/** The lists whose rows and counts show tags. */
const REFETCH = ['CandidateInbox', 'CandidatesByVacancyList'];

const errorText = (e: { __typename: string; message?: string } | null | undefined, fallback: string) =>
  e ? (e.message ?? fallback) : null;

function NewTagForm({ onCreated }: { onCreated: (id: string) => void }) {
  const [name, setName] = useState('');
  const [color, setColor] = useState<TagColor>(DEFAULT_TAG_COLOR);
  const [problem, setProblem] = useState<string | null>(null);
  const [create, { loading }] = useMutation(CREATE_TAG, { refetchQueries: ['Tags'] });
  const submit = async () => {
    const parsed = tagInputSchema.safeParse({ name, color });
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? TAG_MESSAGES.nameRequired);
    setProblem(null);
    try {
      const r = await create({ variables: { name: parsed.data.name, color: parsed.data.color } });
      const e = r.data?.createTag.error;
      if (e) return setProblem(errorText(e as { __typename: string; message?: string }, TAG_MESSAGES.createFailed));
      const tag = r.data?.createTag.tag;
      if (tag) {
        onCreated(tag.id);
        setName('');
      }
    } catch {
      setProblem(TAG_MESSAGES.createFailed);
    }
  };
  return (
    <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
      <Text component="legend" fw={600} size="sm">
        {TAG_MESSAGES.newTag}
      </Text>
      <Group gap="xs" align="flex-start" wrap="wrap">
        <LimitedTextInput
          label={TAG_MESSAGES.newName}
          value={name}
          onChange={(e) => {
            setName(e.currentTarget.value);
            setProblem(null);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void submit();
            }
          }}
          limit={TAG_LIMITS.name}
          error={problem}
          style={{ flex: '1 1 180px' }}
        />
        <Select
          label={TAG_MESSAGES.newColor}
          data={TAG_COLOR_NAMES.map((c) => ({ value: c, label: TAG_COLORS[c] }))}
          value={color}
          onChange={(v) => v && setColor(v as TagColor)}
          allowDeselect={false}
          w={150}
          comboboxProps={{ withinPortal: true }}
        />
      </Group>
      <Group justify="flex-end">
        <Button size="xs" variant="light" color={tagColor(color)} onClick={() => void submit()} loading={loading}>
          {TAG_MESSAGES.create}
        </Button>
      </Group>
    </Stack>
  );
}

function EditTags({
  candidateId,
  current,
  opened,
  onClose,
}: {
  candidateId: string;
  current: string[];
  opened: boolean;
  onClose: () => void;
}) {
  useTrackDialog(opened);
  const { data } = useQuery(TAGS, { skip: !opened });
  const [value, setValue] = useState(current);
  const [shownFor, setShownFor] = useState(opened);
  if (shownFor !== opened) {
    setShownFor(opened);
    if (opened) setValue(current);
  }
  const [problem, setProblem] = useState<string | null>(null);
  const [save, { loading }] = useMutation(SET_CANDIDATE_TAGS, { refetchQueries: REFETCH });
  const submit = async () => {
    setProblem(null);
    try {
      const r = await save({ variables: { candidateId, tagIds: value } });
      const e = r.data?.setCandidateTags.error;
      if (e) return setProblem(errorText(e as { __typename: string; message?: string }, TAG_MESSAGES.failed));
      onClose();
    } catch {
      setProblem(TAG_MESSAGES.failed);
    }
  };
  return (
    <Modal opened={opened} onClose={loading ? () => {} : onClose} title={TAG_MESSAGES.edit} centered>
      <Stack gap="md">
        <MultiSelect
          label={TAG_MESSAGES.pickLabel}
          data={(data?.tags ?? []).map((t) => ({ value: t.id, label: t.name }))}
          value={value}
          onChange={setValue}
          maxValues={TAG_LIMITS.perCandidate}
          searchable
          clearable
          nothingFoundMessage="Sin coincidencias"
          error={problem}
          comboboxProps={{ withinPortal: true }}
        />
        <NewTagForm onCreated={(id) => setValue((v) => (v.includes(id) ? v : [...v, id]))} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={loading}>
            {TAG_MESSAGES.cancel}
          </Button>
          <Button onClick={() => void submit()} loading={loading}>
            {TAG_MESSAGES.save}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** 'Etiquetas' of the candidate detail (issue 23): badges; roles 1–2 change them. */
export function CandidateTags({ candidateId }: { candidateId: string }) {
  const { viewer } = useSession();
  const canWrite = can(viewer?.roleId ?? null, 'candidate.tag');
  const { data, loading, error } = useQuery(CANDIDATE_TAGS, { variables: { id: candidateId } });
  const [editing, setEditing] = useState(false);
  const c = data?.candidate;
  const tags = c?.tags ?? [];
  const titleId = `${candidateId}-tags`;
  return (
    <Group gap="xs" align="center" wrap="wrap" component="section" aria-labelledby={titleId}>
      <Title order={2} fz="sm" id={titleId}>
        {TAG_MESSAGES.section}:
      </Title>
      {loading && !c ? (
        <Text size="sm" c="dimmed">
          Cargando etiquetas…
        </Text>
      ) : error && !c ? (
        <Text size="sm" c="red.8">
          No se pudieron cargar las etiquetas.
        </Text>
      ) : tags.length ? (
        <TagBadges tags={tags} size="md" />
      ) : (
        <Text size="sm" c="dimmed">
          {TAG_MESSAGES.none}
        </Text>
      )}
      {canWrite && c && !c.dataErased && (
        <>
          <Button
            size="compact-sm"
            variant="subtle"
            leftSection={<IconTags size={14} aria-hidden />}
            onClick={() => setEditing(true)}
          >
            {TAG_MESSAGES.edit}
          </Button>
          <EditTags
            candidateId={candidateId}
            current={tags.map((t) => t.id)}
            opened={editing}
            onClose={() => setEditing(false)}
          />
        </>
      )}
    </Group>
  );
}
