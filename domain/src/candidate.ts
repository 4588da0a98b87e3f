import { foldSearch } from './search.js';
import { type RoleId } from './roles.js';

/**
 * The candidate pipeline (spec 3 §4, issue 11): states, legacy spellings, transitions by role,
 * the candidate's tracker and message per state. The api refuses what `allowedNext` forbids,
 * `estadosPermitidos` and every button come from it.
 */
export const CANDIDATE_STATES = [
  'postulado',
  'en seguimiento',
  'pre-pruebas',
  'post-pruebas',
  'entrevista',
  'inducción',
  'contratado',
  'rechazado',
] as const;
export type CandidateState = (typeof CANDIDATE_STATES)[number];

/** The active (non-terminal) states, in pipeline order: the inbox tabs and the tracker steps. */
export const ACTIVE_STATES = [
  'postulado',
  'en seguimiento',
  'pre-pruebas',
  'post-pruebas',
  'entrevista',
  'inducción',
] as const satisfies readonly CandidateState[];
export const TERMINAL_STATES = ['contratado', 'rechazado'] as const satisfies readonly CandidateState[];

/**
 * The funnel report's steps (issue 12), in pipeline order: the active states, then the hire.
 * Reaching a step means getting at least that far, so skipped test steps count as passed.
 */
export const FUNNEL_STEPS = [...ACTIVE_STATES, 'contratado'] as const satisfies readonly CandidateState[];
export type FunnelStep = (typeof FUNNEL_STEPS)[number];

export const isTerminalState = (s: CandidateState) => s === 'contratado' || s === 'rechazado';

/** Labels as the screens write them (inbox tabs, badges, tracker). */
export const CANDIDATE_STATE_LABEL: Record<CandidateState, string> = {
  postulado: 'Postulado',
  'en seguimiento': 'En seguimiento',
  'pre-pruebas': 'Pre-pruebas',
  'post-pruebas': 'Post-pruebas',
  entrevista: 'Entrevista',
  inducción: 'Inducción',
  contratado: 'Contratado',
  rechazado: 'Rechazado',
};

/** The GraphQL `CandidateState` enum (ARCHITECTURE.md) and the Spanish values, both ways. */
export const CANDIDATE_STATE_ENUM = [
  'APPLIED',
  'FOLLOW_UP',
  'PRE_TESTS',
  'POST_TESTS',
  'INTERVIEW',
  'INDUCTION',
  'HIRED',
  'REJECTED',
] as const;
export type CandidateStateEnum = (typeof CANDIDATE_STATE_ENUM)[number];

/** The domain state of each GraphQL CandidateState value (the bff's enum resolvers, codegen enumValues). */
export const CANDIDATE_STATE_OF_ENUM = {
  APPLIED: 'postulado',
  FOLLOW_UP: 'en seguimiento',
  PRE_TESTS: 'pre-pruebas',
  POST_TESTS: 'post-pruebas',
  INTERVIEW: 'entrevista',
  INDUCTION: 'inducción',
  HIRED: 'contratado',
  REJECTED: 'rechazado',
} as const satisfies Record<CandidateStateEnum, CandidateState>;
export const CANDIDATE_STATE_ENUM_OF = Object.fromEntries(
  Object.entries(CANDIDATE_STATE_OF_ENUM).map(([k, v]) => [v, k]),
) as Record<CandidateState, CandidateStateEnum>;

export const stateToEnum = (s: CandidateState): CandidateStateEnum => CANDIDATE_STATE_ENUM_OF[s];
export function stateFromEnum(value: unknown): CandidateState | null {
  return typeof value === 'string' && Object.hasOwn(CANDIDATE_STATE_OF_ENUM, value)
    ? CANDIDATE_STATE_OF_ENUM[value as CandidateStateEnum]
    : null;
}

/** Folded spelling → state: the eight states and the legacy values of spec 3 §4.1. */
const READINGS: ReadonlyMap<string, CandidateState> = new Map<string, CandidateState>([
  ...CANDIDATE_STATES.map((s) => [foldSearch(s), s] as const),
  ['en revision', 'en seguimiento'],
  ['pruebas tecnicas', 'en seguimiento'],
  ['en entrevista', 'entrevista'],
  // 'induccion' is the folding of 'inducción' already.
]);

/** Spellings already read (folding is a Unicode normalisation and a regex: ~2 µs each). */
const readOf = new Map<string, CandidateState | null>();

/**
 * The canonical state of any spelling the server may send ('EN REVISIÓN', 'Induccion',
 * ' pruebas técnicas '), case and accents ignored; null for anything else.
 */
export function canonicalState(raw: unknown): CandidateState | null {
  if (typeof raw !== 'string' || raw.length > 60) return null;
  let state = readOf.get(raw);
  if (state === undefined) {
    state = READINGS.get(foldSearch(raw)) ?? null;
    // The server sends a handful of spellings; every list item reads one or two. Bounded, so
    // whatever else arrives is still read, only not remembered.
    if (readOf.size < 256) readOf.set(raw, state);
  }
  return state;
}

/** The forward moves of the pipeline (issue 11); every non-terminal state may also go to rechazado. */
export const FORWARD: Record<CandidateState, readonly CandidateState[]> = {
  postulado: ['en seguimiento'],
  // tests sent → pre-pruebas; tests skipped → entrevista
  'en seguimiento': ['pre-pruebas', 'entrevista'],
  'pre-pruebas': ['post-pruebas'],
  'post-pruebas': ['entrevista'],
  entrevista: ['inducción'],
  inducción: ['contratado'],
  contratado: [],
  rechazado: [],
};

/**
 * Where a reactivated candidate goes: the state held before the rejection; a rejection with no
 * recorded earlier state (data older than the history) restarts at postulado.
 */
export function reactivationTarget(beforeRejection: unknown): CandidateState {
  const s = canonicalState(beforeRejection);
  return s && !isTerminalState(s) ? s : 'postulado';
}

export interface TransitionContext {
  /** For a rejected candidate: the state held before the rejection (the history knows it). */
  beforeRejection?: string | null;
}

/**
 * The states `role` may move a candidate in `state` to. Role 3, a candidate and an unknown role
 * change nothing; roles 1 and 2 follow the pipeline and may reject any active candidate; only
 * role 1 reactivates a rejected one, back to where it was. Hired candidates stay hired.
 */
export function allowedNext(
  state: CandidateState,
  role: RoleId | null | undefined,
  ctx: TransitionContext = {},
): CandidateState[] {
  if (role !== 1 && role !== 2) return [];
  if (state === 'rechazado') return role === 1 ? [reactivationTarget(ctx.beforeRejection)] : [];
  if (state === 'contratado') return [];
  return [...FORWARD[state], 'rechazado'];
}

export const TRANSITION_MESSAGES = {
  notAllowed: 'Cambio de estado no permitido según el flujo de trabajo',
  notFound: 'Candidato no encontrado',
  /** A state no spelling of which is known ('estado' of a state change or a list filter). */
  stateUnknown: 'El estado indicado no existe.',
  hireOnlyFromInductionTitle: 'Acción bloqueada',
  hireOnlyFromInduction: "Solo se puede contratar cuando el candidato está en 'inducción'.",
  changeNotAllowedTitle: 'Cambio no permitido',
  alreadyInInduction: 'Candidato en Inducción',
  movedToInduction: 'Movido a Inducción',
  readOnlyTitle: 'Solo lectura',
  readOnlyFollowUp: 'Tu rol no permite iniciar seguimiento para este candidato.',
  reactivateAdminsOnly: 'Solo los administradores pueden reactivar candidatos',
  stateUpdated: 'Estado actualizado',
  changeFailed: 'Error al cambiar el estado del candidato',
  hired: 'Candidato contratado',
  rejected: 'Candidato rechazado',
  movedToHistory: 'Se movió al Historial.',
  hireFieldsRequired: 'Debes completar fecha, hora y lugar',
  mailFailed: 'No se pudo enviar el correo',
  hireFailed: 'No se pudo completar la contratación.',
  rejectFailed: 'No se pudo rechazar al candidato.',
  reactivateFailed: 'No se pudo reactivar',
  deleteFailed: 'No se pudo eliminar',
  followUpFailedTitle: 'No se completó la acción',
  followUpFailed: 'Ocurrió un error al enviar la notificación/cambiar el estado.',
  testsNotSentFirst: 'Verifica que las pruebas hayan sido enviadas primero.',
  /** 'Reactivar' (history) and 'Mover a inducción' e-mail the candidate: they ask first. */
  reactivateConfirmTitle: '¿Reactivar candidato?',
  reactivateConfirmLabel: 'Reactivar',
  reactivateConfirm: (name: string, email: string | null | undefined) =>
    email
      ? `${name} volverá a la etapa en la que estaba y se le enviará un correo (${email}) para avisarle.`
      : `${name} volverá a la etapa en la que estaba. No tiene correo registrado: no recibirá aviso.`,
  inductionConfirmTitle: '¿Mover a inducción?',
  inductionConfirmLabel: 'Mover a inducción',
  inductionConfirm: (name: string, email: string | null | undefined) =>
    email
      ? `${name} pasará a la etapa de inducción y se le enviará un correo (${email}) para avisarle.`
      : `${name} pasará a la etapa de inducción. No tiene correo registrado: no recibirá aviso.`,
} as const;

export type TransitionCheck =
  { ok: true } | { ok: false; reason: 'FORBIDDEN' | 'NOT_ALLOWED'; allowed: CandidateState[]; message: string };

/** Whether `role` may move a candidate from `from` to `to`, with the spec's refusal message. */
export function checkTransition(
  from: CandidateState,
  to: CandidateState,
  role: RoleId | null | undefined,
  ctx: TransitionContext = {},
): TransitionCheck {
  const allowed = allowedNext(from, role, ctx);
  if (allowed.includes(to)) return { ok: true };
  if (role !== 1 && role !== 2)
    return { ok: false, reason: 'FORBIDDEN', allowed, message: TRANSITION_MESSAGES.notAllowed };
  if (to === 'contratado' && from !== 'inducción')
    return { ok: false, reason: 'NOT_ALLOWED', allowed, message: TRANSITION_MESSAGES.hireOnlyFromInduction };
  return { ok: false, reason: 'NOT_ALLOWED', allowed, message: TRANSITION_MESSAGES.notAllowed };
}

/**
 * The row actions of the active candidates inbox (spec 3 §2.1), in the order a row shows them:
 * view profile, pre-tests, post-test results, interview, induction, hire, reject.
 */
export const INBOX_ROW_ACTIONS = [
  'profile',
  'preTests',
  'results',
  'interview',
  'induction',
  'hire',
  'reject',
] as const;
export type InboxRowAction = (typeof INBOX_ROW_ACTIONS)[number];

/** The pipeline step each step button of a row belongs to. */
const STEP_OF_ACTION = {
  preTests: 'pre-pruebas',
  results: 'post-pruebas',
  interview: 'entrevista',
  induction: 'inducción',
} as const satisfies Partial<Record<InboxRowAction, CandidateState>>;

export interface InboxRowActions {
  /** Role 3 (or a role not known yet): only the profile action is shown. */
  readOnly: boolean;
  /** Hired, rejected or an unknown state: every step button is disabled and marked '(bloqueado)'. */
  locked: boolean;
  /** The actions the row shows, in order, each enabled or not. */
  actions: { action: InboxRowAction; enabled: boolean }[];
}

/**
 * Which actions a row of the inbox shows and enables (spec 3 §2.1): the profile always; a step
 * button when its step has been reached or is a next step the flow allows (the current step's
 * work); hire only from inducción; reject while the flow allows it. `allowed` is the server's
 * `estadosPermitidos` for the viewer (the same rule, `allowedNext`, when not given).
 */
export function inboxRowActions(
  state: CandidateState | null,
  role: RoleId | null | undefined,
  allowed: readonly CandidateState[] = state ? allowedNext(state, role) : [],
): InboxRowActions {
  if (role !== 1 && role !== 2)
    return { readOnly: true, locked: false, actions: [{ action: 'profile', enabled: true }] };
  const locked = state === null || isTerminalState(state);
  const reached = locked ? -1 : (ACTIVE_STATES as readonly CandidateState[]).indexOf(state);
  const enabled = (action: InboxRowAction): boolean => {
    if (action === 'profile') return true;
    if (locked) return false;
    if (action === 'hire') return state === 'inducción' && allowed.includes('contratado');
    if (action === 'reject') return allowed.includes('rechazado');
    const step = STEP_OF_ACTION[action];
    return (ACTIVE_STATES as readonly CandidateState[]).indexOf(step) <= reached || allowed.includes(step);
  };
  return {
    readOnly: false,
    locked,
    actions: INBOX_ROW_ACTIONS.map((action) => ({ action, enabled: enabled(action) })),
  };
}

/** The six steps of the candidate's tracker (spec 1 §2.7). */
export const TRACKER_STEPS = [
  'Postulado',
  'En seguimiento',
  'Pre-pruebas',
  'Post-pruebas',
  'Entrevista',
  'Inducción',
] as const;

/**
 * The tracker of a state (spec 1 §4): `active` is the current step's index (the steps before it
 * are done), 6 when hired (all filled), -1 when rejected or unknown (none completed).
 */
export function trackerStep(raw: unknown): { active: number; completed: number } {
  const s = canonicalState(raw);
  if (s === null || s === 'rechazado') return { active: -1, completed: 0 };
  if (s === 'contratado') return { active: TRACKER_STEPS.length, completed: TRACKER_STEPS.length };
  const i = (ACTIVE_STATES as readonly CandidateState[]).indexOf(s);
  return { active: i, completed: i };
}

export const STATE_MESSAGE: Record<CandidateState, string> = {
  postulado: 'Tu postulación ha sido recibida. GTH se contactará contigo.',
  'en seguimiento': 'Tu perfil está en seguimiento por GTH.',
  'pre-pruebas': 'Se te han asignado pruebas. Revisa tu correo.',
  'post-pruebas': 'Estamos evaluando tus resultados. Te contactaremos pronto.',
  entrevista: '¡Estás en etapa de entrevista! GTH se comunicará contigo.',
  inducción: 'Etapa previa a contratación. GTH tomará la decisión final.',
  contratado: '¡Felicidades! Has sido seleccionado para el puesto.',
  rechazado: 'Gracias por tu interés. Te invitamos a postularte a otras vacantes.',
};
export const STATE_MESSAGE_FALLBACK = 'GTH se contactará contigo próximamente.';

/**
 * The state's message as the e-mail of that state says it: the candidate's own message (spec 3
 * §4.3), except that an e-mail cannot send its reader to check their e-mail ('Revisa tu correo.').
 */
export const STATE_MAIL_MESSAGE: Record<CandidateState, string> = {
  ...STATE_MESSAGE,
  'pre-pruebas': 'Se te han asignado pruebas.',
};

/** The message the candidate sees for a state (spec 1 §4), any spelling. */
export function stateMessage(raw: unknown): string {
  const s = canonicalState(raw);
  return s ? STATE_MESSAGE[s] : STATE_MESSAGE_FALLBACK;
}

/** 'Estado actualizado: old → new' when the state changed since the last load, else null. */
export function stateChangeNotice(previous: unknown, current: unknown): string | null {
  const a = canonicalState(previous);
  const b = canonicalState(current);
  if (!a || !b || a === b) return null;
  return `Estado actualizado: ${a} → ${b}`;
}
