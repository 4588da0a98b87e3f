import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  MouseSensor,
  pointerWithin,
  rectIntersection,
  TouchSensor,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type DragOverEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import { Paper, VisuallyHidden } from '@mantine/core';
import { BOARD_COLUMNS, BOARD_MESSAGES, stateFromEnum, stateToEnum, type CandidateState } from '@bolsa/domain';
import { useMemo, useState } from 'react';
import type { CandidateRowFragment, CandidateState as StateEnum } from '../../gql/graphql';
import { BoardColumn, type DropLook } from './BoardColumn';
import { CardBody } from './BoardCard';
import classes from './board.module.css';
import { BOARD_KEYBOARD_CODES, columnKeyboardCoordinates } from './keyboard';
import { dropMove, useBoardDrop } from './use-board-drop';

const COLUMNS: StateEnum[] = BOARD_COLUMNS.map(stateToEnum);

const cardOf = (data: unknown): CandidateRowFragment | null =>
  (data as { card?: CandidateRowFragment } | undefined)?.card ?? null;
const domainOf = (s: unknown): CandidateState => stateFromEnum(s) ?? 'postulado';
const allowedOf = (card: CandidateRowFragment): CandidateState[] =>
  COLUMNS.filter((s) => dropMove(card, s) !== null).map(domainOf);

/** The mouse is over a column; the keyboard carries the card's rectangle to one. */
const collisions: CollisionDetection = (args) =>
  args.pointerCoordinates ? pointerWithin(args) : rectIntersection(args);

/** Everything a screen reader hears while a card moves, in Spanish. */
const announcements: Announcements = {
  onDragStart({ active }) {
    const card = cardOf(active.data.current);
    return card ? BOARD_MESSAGES.pickedUp(card.fullName, domainOf(card.state), allowedOf(card)) : undefined;
  },
  onDragOver({ active, over }) {
    const card = cardOf(active.data.current);
    if (!card) return undefined;
    if (!over) return BOARD_MESSAGES.notOver(card.fullName);
    // Over its own column (as soon as it is lifted): the pick-up message, with where it may go, stays.
    if (over.id === card.state) return undefined;
    return BOARD_MESSAGES.over(card.fullName, domainOf(over.id), dropMove(card, over.id as StateEnum) !== null);
  },
  onDragEnd({ active, over }) {
    const card = cardOf(active.data.current);
    if (!card) return undefined;
    if (!over || over.id === card.state) return BOARD_MESSAGES.cancelled(card.fullName, domainOf(card.state));
    return dropMove(card, over.id as StateEnum)
      ? BOARD_MESSAGES.dropped(card.fullName, domainOf(over.id))
      : BOARD_MESSAGES.droppedRefused(card.fullName, domainOf(card.state), domainOf(over.id));
  },
  onDragCancel({ active }) {
    const card = cardOf(active.data.current);
    return card ? BOARD_MESSAGES.cancelled(card.fullName, domainOf(card.state)) : undefined;
  },
};

/** The columns of one vacancy, with drag and drop for roles 1–2 (issue 23, item 5). */
export function Board({ vacancyId }: { vacancyId: string }) {
  const { drop, moving, readOnly, dialogs, said } = useBoardDrop();
  const [active, setActive] = useState<CandidateRowFragment | null>(null);
  const [overState, setOverState] = useState<StateEnum | null>(null);
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 6 } }),
    // A short press first, so that a finger can still scroll the board sideways.
    useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: columnKeyboardCoordinates, keyboardCodes: BOARD_KEYBOARD_CODES }),
  );

  const looks = useMemo(() => {
    const m = new Map<StateEnum, DropLook>();
    if (!active) return m;
    for (const s of COLUMNS) {
      const ok = dropMove(active, s) !== null;
      m.set(s, s === active.state ? 'source' : !ok ? 'forbidden' : s === overState ? 'over' : 'allowed');
    }
    return m;
  }, [active, overState]);

  const end = () => {
    setActive(null);
    setOverState(null);
  };

  // A card carried by the keyboard moves one column per arrow, and dnd-kit scrolls the board by one
  // column to keep the card where it was on screen: whatever part of its column was out of view
  // when it was lifted stays out of view for every column after (at 360 px, most of each target).
  // So a card that takes the keyboard's focus, before it is lifted, brings its whole column into
  // view (not a mouse's or a finger's press: the card would slide away from under it).
  const showColumnOf = (board: HTMLElement, target: EventTarget) => {
    if (!(target instanceof Element) || active || !target.matches(':focus-visible')) return;
    const column = target.closest('[data-state]');
    if (!column) return;
    const b = board.getBoundingClientRect();
    const c = column.getBoundingClientRect();
    if (c.right > b.right) board.scrollBy({ left: Math.min(c.right - b.right, c.left - b.left) });
    else if (c.left < b.left) board.scrollBy({ left: c.left - b.left });
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collisions}
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: BOARD_MESSAGES.screenReaderInstructions },
      }}
      onDragStart={(e: DragStartEvent) => setActive(cardOf(e.active.data.current))}
      onDragOver={(e: DragOverEvent) => setOverState((e.over?.id as StateEnum | undefined) ?? null)}
      onDragCancel={end}
      onDragEnd={(e: DragEndEvent) => {
        const card = cardOf(e.active.data.current);
        end();
        if (card && e.over) drop(card, e.over.id as StateEnum);
      }}
    >
      <div
        className={classes.board}
        role="group"
        aria-label="Columnas del tablero"
        data-testid="vacancy-board"
        onFocus={(e) => showColumnOf(e.currentTarget, e.target)}
      >
        {COLUMNS.map((state) => (
          <BoardColumn
            key={state}
            vacancyId={vacancyId}
            state={state}
            moving={moving}
            readOnly={readOnly}
            look={looks.get(state) ?? null}
          />
        ))}
      </div>
      <DragOverlay>
        {active ? (
          <Paper withBorder radius="sm" p="xs" className={classes.overlay}>
            <CardBody card={active} vacancyId={vacancyId} />
          </Paper>
        ) : null}
      </DragOverlay>
      {dialogs}
      <VisuallyHidden role="status" aria-live="polite" aria-atomic="true" data-testid="board-status">
        {said && <span key={said.n}>{said.text}</span>}
      </VisuallyHidden>
    </DndContext>
  );
}
