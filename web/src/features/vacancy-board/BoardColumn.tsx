import { useQuery } from '@apollo/client/react';
import { useDroppable } from '@dnd-kit/core';
import { Alert, Badge, Button, Group, Skeleton, Text, Title, VisuallyHidden } from '@mantine/core';
import { BOARD_MESSAGES, BOARD_PAGE_SIZE, CANDIDATE_STATE_LABEL, GENERIC_MESSAGES, stateFromEnum } from '@bolsa/domain';
import { useId, useState } from 'react';
import type { CandidateRowFragment, CandidateState as StateEnum } from '../../gql/graphql';
import { BoardCard } from './BoardCard';
import classes from './board.module.css';
import { VACANCY_BOARD_COLUMN } from './operations';
import type { MovingCard } from './use-board-drop';

/** How a column looks while a card is lifted: where it may go, where it may not, where it is. */
export type DropLook = 'allowed' | 'forbidden' | 'over' | 'source' | null;

interface ColumnProps {
  vacancyId: string;
  state: StateEnum;
  moving: ReadonlyMap<string, MovingCard>;
  readOnly: boolean;
  look: DropLook;
}

interface CardsProps {
  vacancyId: string;
  state: StateEnum;
  moving: ReadonlyMap<string, MovingCard>;
  readOnly: boolean;
  items: readonly CandidateRowFragment[];
}

/** A page of cards, without those being moved elsewhere (they show in their new column). */
function Cards({ vacancyId, moving, readOnly, items }: CardsProps) {
  return items
    .filter((c) => !moving.has(c.id))
    .map((c) => <BoardCard key={c.id} card={c} vacancyId={vacancyId} readOnly={readOnly} saving={false} />);
}

/** Page 2, 3… of a column ('Cargar más'). */
function MoreCards({ page, ...props }: Omit<CardsProps, 'items'> & { page: number }) {
  const { data, previousData, loading, error, refetch } = useQuery(VACANCY_BOARD_COLUMN, {
    variables: { vacancyId: props.vacancyId, state: props.state, page, pageSize: BOARD_PAGE_SIZE },
  });
  const result = (data ?? previousData)?.vacancyBoardColumn;
  if (!result && loading) return <Skeleton component="li" h={72} aria-hidden />;
  if (!result && error)
    return (
      <li>
        <Alert color="red" variant="light" p="xs" title={BOARD_MESSAGES.loadMoreFailed}>
          <Button size="compact-xs" variant="white" onClick={() => void refetch()}>
            Reintentar
          </Button>
        </Alert>
      </li>
    );
  return <Cards {...props} items={result?.items ?? []} />;
}

/** One state of the board: its label, its count, its cards page by page. */
export function BoardColumn({ vacancyId, state, moving, readOnly, look }: ColumnProps) {
  const headingId = useId();
  const [pages, setPages] = useState(1);
  const { setNodeRef } = useDroppable({ id: state, data: { state } });
  const { data, previousData, loading, error, refetch } = useQuery(VACANCY_BOARD_COLUMN, {
    variables: { vacancyId, state, page: 1, pageSize: BOARD_PAGE_SIZE },
    notifyOnNetworkStatusChange: true,
  });
  const first = (data ?? previousData)?.vacancyBoardColumn;
  const domainState = stateFromEnum(state);
  const label = domainState ? CANDIDATE_STATE_LABEL[domainState] : state;

  const incoming = [...moving.values()].filter((m) => m.to === state);
  const outgoing = [...moving.values()].filter((m) => m.card.state === state && m.to !== state).length;
  const total = first ? first.totalCount + incoming.length - outgoing : null;
  const loaded = Math.min(first?.totalCount ?? 0, pages * BOARD_PAGE_SIZE);

  let body;
  if (!first && loading) {
    body = (
      <>
        <VisuallyHidden>{BOARD_MESSAGES.loading}</VisuallyHidden>
        <Skeleton h={72} aria-hidden />
        <Skeleton h={72} aria-hidden />
      </>
    );
  } else if (!first && error) {
    body = (
      <Alert color="red" variant="light" p="xs" title={GENERIC_MESSAGES.loadFailed} role="alert">
        <Button size="compact-xs" variant="white" onClick={() => void refetch()}>
          Reintentar
        </Button>
      </Alert>
    );
  } else {
    body = (
      <>
        {total === 0 && (
          <Text size="sm" c="dark.4" ta="center" py="md">
            {BOARD_MESSAGES.emptyColumn}
          </Text>
        )}
        <ul className={classes.cards} aria-labelledby={headingId}>
          {incoming.map((m) => (
            <BoardCard key={m.card.id} card={m.card} vacancyId={vacancyId} readOnly saving />
          ))}
          <Cards vacancyId={vacancyId} state={state} moving={moving} readOnly={readOnly} items={first?.items ?? []} />
          {Array.from({ length: pages - 1 }, (_, i) => (
            <MoreCards
              key={i + 2}
              page={i + 2}
              vacancyId={vacancyId}
              state={state}
              moving={moving}
              readOnly={readOnly}
            />
          ))}
        </ul>
        {first && loaded < first.totalCount && (
          <Button size="compact-sm" variant="subtle" onClick={() => setPages((p) => p + 1)}>
            {BOARD_MESSAGES.loadMore}
            <VisuallyHidden component="span">
              {' '}
              en {label} ({BOARD_MESSAGES.cardsShown(loaded, first.totalCount)})
            </VisuallyHidden>
          </Button>
        )}
      </>
    );
  }

  return (
    <section
      ref={setNodeRef}
      className={classes.column}
      data-drop={look ?? undefined}
      data-state={state}
      aria-labelledby={headingId}
      aria-busy={loading || undefined}
    >
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Title order={2} fz="sm" id={headingId}>
          {label}
          <VisuallyHidden component="span">: {total === null ? '' : BOARD_MESSAGES.count(total)}</VisuallyHidden>
        </Title>
        <Group gap={4} wrap="nowrap">
          {look === 'forbidden' && (
            <Text size="xs" c="dark.5" aria-hidden>
              {BOARD_MESSAGES.dropDisabled}
            </Text>
          )}
          <Badge variant="light" color="gray" c="dark.7" aria-hidden>
            {total ?? '…'}
          </Badge>
        </Group>
      </Group>
      {body}
    </section>
  );
}
