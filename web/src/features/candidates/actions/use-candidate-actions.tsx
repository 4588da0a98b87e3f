import { useApolloClient } from '@apollo/client/react';
import { modals } from '@mantine/modals';
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { GENERIC_MESSAGES, TRANSITION_MESSAGES, type CandidateStateEnum } from '@bolsa/domain';
import type { CandidateErrorFieldsFragment } from '../../../gql/graphql';
import { ConfirmDialog } from '../../../components/dialogs';
import { useConfirmThenAct, type ActOutcome } from '../../../lib/confirm-then-act';
import { failureMessage } from '../../../lib/errors';
import { toastNotice, toastSuccess } from '../../../lib/toast';
import { useStaffRole } from '../../session';
import { refreshCandidateViews } from './cache';
import { HireDialog, type HireOutcome } from './HireDialog';
import { allowedStatesSentence, changedMeanwhileSentence, PIPELINE_TOAST_MS } from './messages';
import { NoticeBody } from '../../../components/dialogs';
import { HIRE_CANDIDATE, MOVE_TO_INDUCTION, REJECT_CANDIDATE, START_FOLLOW_UP } from './operations';
import { RejectDialog } from './RejectDialog';

/** What a screen knows of the candidate it acts on (docs/decisions/2026-11-23-pipeline-state-changes.md). `state` is what the screen shows. */
export interface CandidateActionTarget {
  id: string;
  fullName: string;
  email?: string | null;
  state: CandidateStateEnum;
  allowedStates: CandidateStateEnum[];
}

export interface CandidateActionOptions {
  /** Called once the change is saved (e.g. the detail goes back to the inbox). */
  onDone?: () => void;
  /** Called when its question is closed before anything was sent ('Cancelar', ×, Escape). */
  onCancel?: () => void;
}

export interface CandidateActions {
  /** 'Iniciar seguimiento': e-mail and state change in one server call. Resolves true when saved. */
  startFollowUp(c: CandidateActionTarget, options?: CandidateActionOptions): Promise<boolean>;
  /** 'Mover a inducción': asks first (the candidate gets an e-mail), then moves. */
  moveToInduction(c: CandidateActionTarget, options?: CandidateActionOptions): void;
  openHire(c: CandidateActionTarget, options?: CandidateActionOptions): void;
  openReject(c: CandidateActionTarget, options?: CandidateActionOptions): void;
  /** The candidate whose change is being saved, to show a spinner on its row or button. */
  busyId: string | null;
  /** The questions these actions ask (render it once where the hook is used). */
  dialogs: ReactNode;
}

let dialogSeq = 0;

/** An info or refusal dialog with 'Entendido'. */
export function showNotice(title: string, message: ReactNode): void {
  const modalId = `candidate-notice-${++dialogSeq}`;
  modals.open({
    modalId,
    title,
    centered: true,
    children: <NoticeBody message={message} onClose={() => modals.close(modalId)} />,
  });
}

type Refusal = CandidateErrorFieldsFragment;

/**
 * The pipeline's actions with every message of spec 3 §4.5 and §8, for the inbox rows, the
 * detail and the by-vacancy list. Each mutation carries the state the screen showed
 * (`expectedState`): when someone else moved the candidate meanwhile the server refuses with
 * the new state, the user is told and every view of the candidate refreshes.
 */
export function useCandidateActions(): CandidateActions {
  const client = useApolloClient();
  const { role } = useStaffRole();
  const [busyId, setBusyId] = useState<string | null>(null);
  // Double clicks: one change per candidate at a time, whatever React has rendered yet.
  const inFlight = useRef(new Set<string>());
  const readOnly = role === 'VIEWER';

  const begin = useCallback((id: string): boolean => {
    if (inFlight.current.has(id)) return false;
    inFlight.current.add(id);
    setBusyId(id);
    return true;
  }, []);
  const end = useCallback((id: string) => {
    inFlight.current.delete(id);
    setBusyId((b) => (b === id ? null : b));
  }, []);

  /** Tells the user about a refusal that is not this action's own failure; true when it did. */
  const explainRefusal = useCallback(
    (c: CandidateActionTarget, error: Refusal): boolean => {
      if (error.__typename !== 'TransitionNotAllowed') return false;
      if (error.state !== c.state) {
        refreshCandidateViews(client.cache, c.id, { stale: true });
        showNotice(TRANSITION_MESSAGES.changeNotAllowedTitle, changedMeanwhileSentence(c.fullName, error.state));
        return true;
      }
      showNotice(TRANSITION_MESSAGES.changeNotAllowedTitle, allowedStatesSentence(c.state, error.allowed));
      return true;
    },
    [client],
  );

  const startFollowUp = useCallback(
    async (c: CandidateActionTarget, options: CandidateActionOptions = {}): Promise<boolean> => {
      if (readOnly) {
        showNotice(TRANSITION_MESSAGES.readOnlyTitle, TRANSITION_MESSAGES.readOnlyFollowUp);
        return false;
      }
      if (!begin(c.id)) return false;
      try {
        const { data } = await client.mutate({
          mutation: START_FOLLOW_UP,
          variables: { id: c.id, expectedState: c.state },
        });
        const payload = data?.startFollowUp;
        refreshCandidateViews(client.cache, c.id);
        if (!payload || payload.error) {
          const error = payload?.error;
          if (error?.__typename === 'TransitionNotAllowed' && error.state !== c.state) {
            explainRefusal(c, error);
            return false;
          }
          showNotice(TRANSITION_MESSAGES.followUpFailedTitle, error?.message ?? TRANSITION_MESSAGES.followUpFailed);
          return false;
        }
        toastSuccess(TRANSITION_MESSAGES.stateUpdated, `${c.fullName} está en seguimiento.`, { ms: PIPELINE_TOAST_MS });
        if (!payload.emailQueued) toastNotice(TRANSITION_MESSAGES.mailFailed, 'El estado se cambió de todas formas.');
        options.onDone?.();
        return true;
      } catch (err) {
        showNotice(TRANSITION_MESSAGES.followUpFailedTitle, failureMessage(err, TRANSITION_MESSAGES.followUpFailed));
        return false;
      } finally {
        end(c.id);
      }
    },
    [begin, client, end, explainRefusal, readOnly],
  );

  // 'Mover a inducción' e-mails the candidate: confirm, then act (the shared helper and dialog).
  const induction = useConfirmThenAct<{ c: CandidateActionTarget; options: CandidateActionOptions }>({
    act: async ({ c, options }): Promise<ActOutcome | null> => {
      if (!begin(c.id)) return null;
      try {
        const { data } = await client.mutate({
          mutation: MOVE_TO_INDUCTION,
          variables: { id: c.id, expectedState: c.state },
        });
        const payload = data?.moveToInduction;
        refreshCandidateViews(client.cache, c.id);
        if (!payload || payload.error) {
          if (payload?.error && explainRefusal(c, payload.error)) return null;
          showNotice(TRANSITION_MESSAGES.changeFailed, payload?.error?.message ?? TRANSITION_MESSAGES.changeFailed);
          return null;
        }
        toastSuccess(TRANSITION_MESSAGES.movedToInduction, c.fullName, { ms: PIPELINE_TOAST_MS });
        if (!payload.emailQueued) toastNotice(TRANSITION_MESSAGES.mailFailed, 'El estado se cambió de todas formas.');
        options.onDone?.();
        return null;
      } finally {
        end(c.id);
      }
    },
    onThrow: (err) => ({
      failed: TRANSITION_MESSAGES.changeFailed,
      detail: failureMessage(err, TRANSITION_MESSAGES.changeFailed),
    }),
    onCancel: ({ options }) => options.onCancel?.(),
  });
  const askInduction = induction.ask;

  const moveToInduction = useCallback(
    (c: CandidateActionTarget, options: CandidateActionOptions = {}): void => {
      if (c.state === 'INDUCTION') {
        showNotice(TRANSITION_MESSAGES.alreadyInInduction, `${c.fullName} ya está en la etapa de inducción.`);
        return;
      }
      if (readOnly) {
        showNotice(TRANSITION_MESSAGES.readOnlyTitle, 'Tu rol no permite cambiar el estado de este candidato.');
        return;
      }
      if (!c.allowedStates.includes('INDUCTION')) {
        showNotice(TRANSITION_MESSAGES.changeNotAllowedTitle, allowedStatesSentence(c.state, c.allowedStates));
        return;
      }
      askInduction({ c, options });
    },
    [askInduction, readOnly],
  );
  const asked = induction.target?.c;
  const dialogs = (
    <ConfirmDialog
      {...induction.dialog}
      title={TRANSITION_MESSAGES.inductionConfirmTitle}
      confirmLabel={TRANSITION_MESSAGES.inductionConfirmLabel}
      startOnCancel
    >
      {TRANSITION_MESSAGES.inductionConfirm(asked?.fullName ?? '', asked?.email)}
    </ConfirmDialog>
  );

  const openHire = useCallback(
    (c: CandidateActionTarget, options: CandidateActionOptions = {}): void => {
      if (readOnly) {
        showNotice(TRANSITION_MESSAGES.readOnlyTitle, 'Tu rol no permite contratar candidatos.');
        return;
      }
      if (c.state !== 'INDUCTION') {
        showNotice(TRANSITION_MESSAGES.hireOnlyFromInductionTitle, TRANSITION_MESSAGES.hireOnlyFromInduction);
        return;
      }
      let sent = false;
      const submit = async (
        values: { date: string; time: string; place: string },
        force: boolean,
      ): Promise<HireOutcome> => {
        sent = true;
        if (!begin(c.id)) return { kind: 'invalid', message: 'La contratación ya se está guardando.' };
        try {
          const { data } = await client.mutate({
            mutation: HIRE_CANDIDATE,
            variables: { id: c.id, ...values, force, expectedState: c.state },
          });
          const payload = data?.hireCandidate;
          const error = payload?.error;
          if (error?.__typename === 'EmailNotQueued') return { kind: 'emailNotQueued', message: error.message };
          if (error?.__typename === 'ValidationFailed')
            return {
              kind: 'invalid',
              message: error.message,
              fields: Object.fromEntries(error.fields.map((f) => [f.path, f.message])),
            };
          refreshCandidateViews(client.cache, c.id);
          if (!payload || error) {
            if (error?.__typename === 'TransitionNotAllowed' && error.state !== c.state) explainRefusal(c, error);
            else if (error?.__typename === 'TransitionNotAllowed')
              showNotice(TRANSITION_MESSAGES.hireOnlyFromInductionTitle, error.message);
            else showNotice(TRANSITION_MESSAGES.hireFailed, error?.message ?? GENERIC_MESSAGES.retry);
            return { kind: 'closed' };
          }
          toastSuccess(TRANSITION_MESSAGES.hired, TRANSITION_MESSAGES.movedToHistory, { ms: PIPELINE_TOAST_MS });
          if (!payload.emailQueued) toastNotice(TRANSITION_MESSAGES.mailFailed, 'El candidato se contrató sin correo.');
          options.onDone?.();
          return { kind: 'done' };
        } catch (err) {
          showNotice(TRANSITION_MESSAGES.hireFailed, failureMessage(err, GENERIC_MESSAGES.retry));
          return { kind: 'closed' };
        } finally {
          end(c.id);
        }
      };
      const modalId = `candidate-hire-${++dialogSeq}`;
      modals.open({
        modalId,
        title: `Contratar a ${c.fullName}`,
        centered: true,
        onClose: () => {
          if (!sent) options.onCancel?.();
        },
        children: <HireDialog fullName={c.fullName} submit={submit} onClose={() => modals.close(modalId)} />,
      });
    },
    [begin, client, end, explainRefusal, readOnly],
  );

  const openReject = useCallback(
    (c: CandidateActionTarget, options: CandidateActionOptions = {}): void => {
      if (readOnly) {
        showNotice(TRANSITION_MESSAGES.readOnlyTitle, 'Tu rol no permite rechazar candidatos.');
        return;
      }
      if (!c.allowedStates.includes('REJECTED')) {
        showNotice(TRANSITION_MESSAGES.changeNotAllowedTitle, allowedStatesSentence(c.state, c.allowedStates));
        return;
      }
      let sent = false;
      const submit = async (observation: string | null): Promise<boolean> => {
        sent = true;
        if (!begin(c.id)) return false;
        try {
          const { data } = await client.mutate({
            mutation: REJECT_CANDIDATE,
            variables: { id: c.id, observation, expectedState: c.state },
          });
          const payload = data?.rejectCandidate;
          refreshCandidateViews(client.cache, c.id);
          if (!payload || payload.error) {
            const error = payload?.error;
            if (error?.__typename === 'TransitionNotAllowed' && error.state !== c.state) explainRefusal(c, error);
            else showNotice(TRANSITION_MESSAGES.rejectFailed, error?.message ?? GENERIC_MESSAGES.retry);
            return true;
          }
          if (!payload.emailQueued)
            showNotice(
              TRANSITION_MESSAGES.mailFailed,
              `${c.fullName} no tiene un correo al que avisar. Se rechazó de todas formas y se movió al Historial.`,
            );
          toastSuccess(TRANSITION_MESSAGES.rejected, TRANSITION_MESSAGES.movedToHistory, { ms: PIPELINE_TOAST_MS });
          options.onDone?.();
          return true;
        } catch (err) {
          showNotice(TRANSITION_MESSAGES.rejectFailed, failureMessage(err, GENERIC_MESSAGES.retry));
          return true;
        } finally {
          end(c.id);
        }
      };
      const modalId = `candidate-reject-${++dialogSeq}`;
      modals.open({
        modalId,
        title: `Rechazar a ${c.fullName}`,
        centered: true,
        onClose: () => {
          if (!sent) options.onCancel?.();
        },
        children: <RejectDialog fullName={c.fullName} submit={submit} onClose={() => modals.close(modalId)} />,
      });
    },
    [begin, client, end, explainRefusal, readOnly],
  );

  return { startFollowUp, moveToInduction, openHire, openReject, busyId, dialogs };
}
