import { useMutation } from '@apollo/client/react';
import type { UseFormReturnType } from '@mantine/form';
import { useState } from 'react';
import { formatDate, INTERVIEW_MESSAGES as M } from '@bolsa/domain';
import { failureMessage } from '../../lib/errors';
import { toastError, toastSuccess } from '../../lib/toast';
import { toInterviewInput, type InterviewFormValues } from './interview-form';
import { SCHEDULE_INTERVIEW } from './operations';

export const INBOX = '/panel/candidatos';
/** Interview calls wait up to 60 s (spec 3 §9). */
const CALL_TIMEOUT_MS = 60_000;

export type Outcome =
  | { kind: 'failed'; title: string; message: string; details: string | null }
  | { kind: 'virtualDone'; link: string | null }
  | { kind: 'inPersonDone'; summary: string };

/**
 * Sends the interview (spec 3 §4.4, §9) and says how it went: the server's field errors on the
 * form, a failure with its details, or the meeting created / the interview scheduled.
 */
export function useScheduleInterview(form: UseFormReturnType<InterviewFormValues>, candidateId: string) {
  const [schedule, { loading: busy }] = useMutation(SCHEDULE_INTERVIEW);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const submit = async (values: InterviewFormValues) => {
    setOutcome(null);
    try {
      const { data } = await schedule({
        variables: { input: toInterviewInput(values, candidateId) },
        context: { timeout: CALL_TIMEOUT_MS },
      });
      const p = data?.scheduleInterview;
      const error = p?.error;
      if (!p || error) {
        switch (error?.__typename) {
          case 'ValidationFailed': {
            const fields: Record<string, string> = {};
            for (const f of error.fields) {
              const key =
                { from: 'start', to: 'end', participants: 'picked', candidateId: 'candidate' }[f.path] ?? f.path;
              fields[key] = f.message;
            }
            form.setErrors(fields);
            toastError(error.title ?? M.checkData, error.message);
            return;
          }
          case 'NotAuthorisedOrganiser':
            setOutcome({ kind: 'failed', title: error.refusal, message: error.message, details: null });
            return;
          case 'InterviewFailed':
            setOutcome({ kind: 'failed', title: M.errorTitle, message: error.message, details: error.details ?? null });
            return;
          default:
            setOutcome({
              kind: 'failed',
              title: values.mode === 'PRESENCIAL' ? M.inPersonFailed : M.errorTitle,
              message: error?.message ?? M.serverError,
              details: null,
            });
            return;
        }
      }
      if (values.mode === 'VIRTUAL') {
        setOutcome({ kind: 'virtualDone', link: p.meetingLink ?? p.interview?.meetingLink ?? null });
        return;
      }
      const i = p.interview;
      const where = [i?.branchName, i?.address, i?.room ? `Sala ${i.room}` : null].filter(Boolean).join(' · ');
      const summary = i ? `${formatDate(i.date)} de ${i.from} a ${i.to}${where ? ` · ${where}` : ''}` : '';
      setOutcome({ kind: 'inPersonDone', summary });
      toastSuccess(M.scheduledInPerson, 'Puedes volver a la lista de candidatos.');
    } catch (err) {
      const timedOut = err instanceof Error && /timeout|abort/i.test(err.name + err.message);
      setOutcome({
        kind: 'failed',
        title: values.mode === 'PRESENCIAL' ? M.inPersonFailed : M.errorTitle,
        message: timedOut ? M.timeout : failureMessage(err, M.serverError),
        details: null,
      });
    }
  };

  return { submit, busy, outcome, clearOutcome: () => setOutcome(null) };
}
