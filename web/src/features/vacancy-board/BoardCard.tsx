import { useDraggable } from '@dnd-kit/core';
import { Anchor, Group, Loader, Paper, Stack, Text, VisuallyHidden } from '@mantine/core';
import { formatDate } from '@bolsa/domain';
import type { CSSProperties } from 'react';
import { Link } from 'react-router';
import type { CandidateRowFragment } from '../../gql/graphql';
import classes from './board.module.css';

/** What a card shows: what the by-vacancy list shows (name, e-mail, date of application). */
export function CardBody({ card, vacancyId }: { card: CandidateRowFragment; vacancyId: string }) {
  const applied = card.vacancies.find((v) => v.vacancyId === vacancyId)?.appliedAt ?? card.registeredAt;
  return (
    <Stack gap={2}>
      <Text fw={600} size="sm" fs={card.dataErased ? 'italic' : undefined} lineClamp={2}>
        {card.fullName}
      </Text>
      <Text size="xs" c="dark.4" truncate="end">
        {card.email ?? '—'}
      </Text>
      <Text size="xs" c="dark.4">
        Postulación: {formatDate(applied, '—')}
      </Text>
    </Stack>
  );
}

interface Props {
  card: CandidateRowFragment;
  vacancyId: string;
  /** Role 3 (or a role not known yet): the card cannot be lifted. */
  readOnly: boolean;
  /** Its change is being saved (shown in the new column meanwhile). */
  saving: boolean;
}

/** One candidate on the board: its handle lifts it (mouse, touch, or Space/Enter with the keyboard). */
export function BoardCard({ card, vacancyId, readOnly, saving }: Props) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, isDragging } = useDraggable({
    id: card.id,
    data: { card },
    disabled: readOnly || saving,
  });
  const style: CSSProperties = { opacity: isDragging ? 0.35 : saving ? 0.7 : 1 };
  return (
    <Paper
      component="li"
      ref={setNodeRef}
      withBorder
      radius="sm"
      p="xs"
      className={classes.card}
      style={style}
      data-candidate-id={card.id}
      aria-busy={saving || undefined}
    >
      {readOnly ? (
        <CardBody card={card} vacancyId={vacancyId} />
      ) : (
        <div
          ref={setActivatorNodeRef}
          className={classes.handle}
          {...attributes}
          {...listeners}
          aria-roledescription="tarjeta movible"
        >
          <CardBody card={card} vacancyId={vacancyId} />
        </div>
      )}
      <Group justify="space-between" mt={6} gap="xs" wrap="nowrap">
        <Anchor component={Link} to={`/panel/detallecandidato/${encodeURIComponent(card.id)}`} size="xs">
          Ver detalle<VisuallyHidden component="span"> de {card.fullName}</VisuallyHidden>
        </Anchor>
        {saving && <Loader size={14} aria-label="Guardando…" />}
      </Group>
    </Paper>
  );
}
