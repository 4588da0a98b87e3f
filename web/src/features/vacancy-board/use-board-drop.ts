import { useApolloClient } from '@apollo/client/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { BOARD_MESSAGES, boardMove, stateFromEnum, type BoardMove, type CandidateState } from '@bolsa/domain';
import type { CandidateRowFragment, CandidateState as StateEnum } from '../../gql/graphql';
import { useCandidateActions, type CandidateActionTarget } from '../candidates';
import { useStaffRole } from '../session';
import { VACANCY_BOARD_COLUMN } from './operations';

/** A card shown in the column it was dropped on while its change is being saved. */
export interface MovingCard {
  card: CandidateRowFragment;
  to: StateEnum;
}

const allowedOf = (card: CandidateRowFragment): CandidateState[] =>
  card.allowedStates.map(stateFromEnum).filter((s): s is CandidateState => s !== null);

/** The board action of dropping `card` on `to`, or null when the state machine refuses it. */
export function dropMove(card: CandidateRowFragment, to: StateEnum): BoardMove | null {
  const from = stateFromEnum(card.state);
  const target = stateFromEnum(to);
  if (!from || !target) return null;
  return boardMove(from, target, allowedOf(card));
}

/** Where a drop that needs its own screen goes: the inbox row's link for that step. */
function screenOf(move: BoardMove, id: string): string | null {
  const key = encodeURIComponent(id);
  if (move === 'preTests') return `/panel/asignacionpruebas/${key}`;
  if (move === 'results') return `/panel/asignacionpruebas/${key}?tab=resultados`;
  if (move === 'interview') return `/panel/asignacionentrevista/${key}`;
  return null;
}

interface Awaiting extends MovingCard {
  /** The dialog's mutation is under way (the pipeline actions' busyId names the card). */
  started: boolean;
  succeeded: boolean;
}

/**
 * A drop runs the inbox's own action (`useCandidateActions`, its dialogs and messages). The card
 * shows in its new column while the change is saved and stays there only when it was: a refusal
 * puts it back (the actions show the Spanish refusal) and a success reloads the columns.
 */
export function useBoardDrop() {
  const actions = useCandidateActions();
  const { role } = useStaffRole();
  const client = useApolloClient();
  const navigate = useNavigate();
  const location = useLocation();
  const [moving, setMoving] = useState<ReadonlyMap<string, MovingCard>>(new Map());
  const awaiting = useRef<Awaiting | null>(null);
  // What the board says to a screen reader after the drag is over (dnd-kit's own region has
  // already said 'Soltaste a …' when a drop's dialog is cancelled). `n` makes a repeat heard.
  const [said, setSaid] = useState<{ text: string; n: number } | null>(null);
  const say = useCallback((text: string) => setSaid((prev) => ({ text, n: (prev?.n ?? 0) + 1 })), []);

  const show = useCallback((m: MovingCard) => setMoving((prev) => new Map(prev).set(m.card.id, m)), []);
  const putBack = useCallback(
    (id: string) =>
      setMoving((prev) => {
        if (!prev.has(id)) return prev;
        const next = new Map(prev);
        next.delete(id);
        return next;
      }),
    [],
  );
  const settle = useCallback(
    async (id: string) => {
      try {
        await client.refetchQueries({ include: [VACANCY_BOARD_COLUMN] });
      } finally {
        putBack(id);
      }
    },
    [client, putBack],
  );

  // The dialogs' mutations: shown moved while saving; kept on success, put back otherwise.
  const { busyId } = actions;
  useEffect(() => {
    const a = awaiting.current;
    if (!a) return;
    if (busyId === a.card.id) {
      a.started = true;
      a.succeeded = false;
      show(a);
    } else if (a.started && busyId === null) {
      a.started = false;
      if (a.succeeded) {
        awaiting.current = null;
        void settle(a.card.id);
      } else putBack(a.card.id);
    }
  }, [busyId, putBack, settle, show]);

  const readOnly = role !== 'ADMIN' && role !== 'MANAGER';

  const drop = useCallback(
    (card: CandidateRowFragment, to: StateEnum): BoardMove | null => {
      if (readOnly) return null;
      const move = dropMove(card, to);
      if (!move) return null;
      const target: CandidateActionTarget = {
        id: card.id,
        fullName: card.fullName,
        email: card.email,
        state: card.state,
        allowedStates: card.allowedStates,
      };
      const path = screenOf(move, card.id);
      if (path) {
        void navigate(path, { state: { from: location.pathname } });
        return move;
      }
      if (move === 'followUp') {
        show({ card, to });
        void actions.startFollowUp(target).then((ok) => (ok ? settle(card.id) : putBack(card.id)));
        return move;
      }
      const pending: Awaiting = { card, to, started: false, succeeded: false };
      awaiting.current = pending;
      const from = stateFromEnum(card.state) ?? 'postulado';
      const options = {
        onDone: () => void (pending.succeeded = true),
        onCancel: () => {
          if (awaiting.current === pending) awaiting.current = null;
          say(BOARD_MESSAGES.cancelled(card.fullName, from));
        },
      };
      if (move === 'induction') actions.moveToInduction(target, options);
      else if (move === 'hire') actions.openHire(target, options);
      else actions.openReject(target, options);
      return move;
    },
    [actions, location.pathname, navigate, putBack, readOnly, say, settle, show],
  );

  return { drop, moving, busyId, readOnly, roleKnown: role !== null, dialogs: actions.dialogs, said };
}
