import {
  inboxRowActions,
  ROLE,
  stateFromEnum,
  type CandidateState,
  type CandidateStateEnum,
  type InboxRowAction,
} from '@bolsa/domain';

/** The pipeline's step buttons (spec 3 §2.1), in order. */
export type CandidateStep = 'TESTS' | 'RESULTS' | 'INTERVIEW' | 'INDUCTION' | 'HIRE' | 'REJECT';

export interface StepButton {
  step: CandidateStep;
  label: string;
  /** A route for the steps that are their own screens (tests, results, interview); else an action. */
  to?: string;
  enabled: boolean;
}

const STEP_OF_ACTION: Record<Exclude<InboxRowAction, 'profile'>, CandidateStep> = {
  preTests: 'TESTS',
  results: 'RESULTS',
  interview: 'INTERVIEW',
  induction: 'INDUCTION',
  hire: 'HIRE',
  reject: 'REJECT',
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
 * The detail page's step buttons: the same rule as the inbox rows (domain `inboxRowActions`,
 * spec 3 §2.1), for an editor (the page shows them to roles 1–2 only), labelled for the page;
 * hired and rejected candidates have every step locked ('(bloqueado)').
 */
export function stepButtons(
  id: string,
  state: CandidateStateEnum,
  allowed: readonly CandidateStateEnum[],
): StepButton[] {
  const canonical = stateFromEnum(state);
  const { actions, locked } = inboxRowActions(
    canonical,
    ROLE.MANAGER,
    allowed.map(stateFromEnum).filter((s): s is CandidateState => s !== null),
  );
  const route: Partial<Record<CandidateStep, string>> = {
    TESTS: `/panel/asignacionpruebas/${id}`,
    RESULTS: `/panel/asignacionpruebas/${id}?tab=resultados`,
    INTERVIEW: `/panel/asignacionentrevista/${id}`,
  };
  return actions.flatMap(({ action, enabled }) => {
    if (action === 'profile') return [];
    const step = STEP_OF_ACTION[action];
    const label = locked ? `${LABEL[step]} (bloqueado)` : LABEL[step];
    return [{ step, label, to: route[step], enabled }];
  });
}
