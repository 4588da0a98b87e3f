import type { CandidateStateEnum } from '@bolsa/domain';

/** The pipeline's step buttons (spec 3 §2.1), in order. */
export type CandidateStep = 'TESTS' | 'RESULTS' | 'INTERVIEW' | 'INDUCTION' | 'HIRE' | 'REJECT';

export interface StepButton {
  step: CandidateStep;
  label: string;
  /** A route for the steps that are their own screens (tests, results, interview); else an action. */
  to?: string;
  enabled: boolean;
}

const RANK: Record<CandidateStateEnum, number> = {
  APPLIED: 0,
  FOLLOW_UP: 1,
  PRE_TESTS: 2,
  POST_TESTS: 3,
  INTERVIEW: 4,
  INDUCTION: 5,
  HIRED: 6,
  REJECTED: 6,
};

/** The state each step leads to: its button is the current step while that state is allowed next. */
const STEP_STATE: Record<Exclude<CandidateStep, 'REJECT'>, CandidateStateEnum> = {
  TESTS: 'PRE_TESTS',
  RESULTS: 'POST_TESTS',
  INTERVIEW: 'INTERVIEW',
  INDUCTION: 'INDUCTION',
  HIRE: 'HIRED',
};

const LABEL: Record<CandidateStep, string> = {
  TESTS: 'Pruebas',
  RESULTS: 'Resultados de pruebas',
  INTERVIEW: 'Agendar entrevista',
  INDUCTION: 'Inducción',
  HIRE: 'Contratar',
  REJECT: 'Rechazar',
};

/**
 * Which step buttons are enabled (spec 3 §2.1): the current step (its state is among the allowed
 * next ones) and the steps already reached; hired and rejected candidates have every step
 * locked ('(bloqueado)'). Induction and hire are enabled only when the flow allows them.
 */
export function stepButtons(
  id: string,
  state: CandidateStateEnum,
  allowed: readonly CandidateStateEnum[],
): StepButton[] {
  const terminal = state === 'HIRED' || state === 'REJECTED';
  const reached = (s: CandidateStateEnum) => RANK[state] >= RANK[s];
  const open = (step: Exclude<CandidateStep, 'REJECT'>) =>
    !terminal && (allowed.includes(STEP_STATE[step]) || reached(STEP_STATE[step]));
  return [
    { step: 'TESTS', label: LABEL.TESTS, to: `/panel/asignacionpruebas/${id}`, enabled: open('TESTS') },
    {
      step: 'RESULTS',
      label: LABEL.RESULTS,
      to: `/panel/asignacionpruebas/${id}?tab=resultados`,
      enabled: open('RESULTS'),
    },
    { step: 'INTERVIEW', label: LABEL.INTERVIEW, to: `/panel/asignacionentrevista/${id}`, enabled: open('INTERVIEW') },
    {
      step: 'INDUCTION',
      label: LABEL.INDUCTION,
      enabled: !terminal && (allowed.includes('INDUCTION') || state === 'INDUCTION'),
    },
    { step: 'HIRE', label: LABEL.HIRE, enabled: !terminal && state === 'INDUCTION' && allowed.includes('HIRED') },
    { step: 'REJECT', label: LABEL.REJECT, enabled: !terminal && allowed.includes('REJECTED') },
  ].map((b) => (terminal ? { ...b, label: `${b.label} (bloqueado)` } : b)) as StepButton[];
}
