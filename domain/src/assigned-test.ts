import { canonicalState } from './candidate.js';
import { todayInGuatemala } from './calendar-date.js';
import { TEST_SCORE } from './limits.js';
import { entityId, isoDate, LIMITS, optionalText, text, z } from './schema.js';
import { isLinkType, TEST_TEMPLATE_MESSAGES, testTypeOf, type TestType } from './test-template.js';

/**
 * Tests assigned to a candidate (postulante-prueba, spec 3 §2.4, §3, §4.2, §5, §8): the states,
 * the moves between them, the assign input, and when tests can be sent and confirmed. Used by
 * the test-assignment screen, the bff's assigned-test resolvers and the api's /pruebas routes.
 */
export const ASSIGNED_TEST_STATES = ['ASIGNADA', 'COMPLETADA', 'CANCELADA'] as const;
export type AssignedTestState = (typeof ASSIGNED_TEST_STATES)[number];

export const ASSIGNED_TEST_STATE_LABEL: Record<AssignedTestState, string> = {
  ASIGNADA: 'Asignada',
  COMPLETADA: 'Completada',
  CANCELADA: 'No completada',
};
/** Badge colours (spec 3 §4.2): green completed, yellow assigned, red otherwise. */
export const ASSIGNED_TEST_STATE_COLOR: Record<AssignedTestState, 'green' | 'yellow' | 'red'> = {
  ASIGNADA: 'yellow',
  COMPLETADA: 'green',
  CANCELADA: 'red',
};
/** The buttons and the state each sets: Completada, No Completada, Reactivar. */
export const ASSIGNED_TEST_ACTIONS = [
  { label: 'Completada', to: 'COMPLETADA' },
  { label: 'No Completada', to: 'CANCELADA' },
  { label: 'Reactivar', to: 'ASIGNADA' },
] as const satisfies readonly { label: string; to: AssignedTestState }[];

export const ASSIGNED_TEST_MESSAGES = {
  incompleteTitle: TEST_TEMPLATE_MESSAGES.incompleteTitle,
  selectTest: 'Selecciona una prueba antes de asignar.',
  testNotFound: 'Prueba no encontrada',
  deadlineRequired: 'Selecciona la fecha límite.',
  deadlinePast: 'La fecha límite no puede ser anterior a hoy.',
  credentialsRequired: 'Ingresa las credenciales de acceso para las pruebas de tipo LINK o FORMULARIO.',
  credentialsTooLong: `Las credenciales no pueden tener más de ${LIMITS.shortText} caracteres.`,
  typeInvalid: 'Selecciona un tipo',
  stateInvalid: 'El estado de la prueba no es válido.',
  completeBlockedInFollowUp:
    "No se puede marcar como completada mientras el candidato está 'en seguimiento'. Cambia primero a pre-pruebas.",
  noneToSend: 'No hay pruebas asignadas para enviar',
  missingCredentialsConfirm: 'Algunas pruebas de tipo LINK o FORMULARIO no tienen credenciales. ¿Deseas continuar?',
  confirmNeedsPreTests: 'Verifica que las pruebas hayan sido enviadas primero.',
  assignFailed: (status: number) => `Error al asignar (${status})`,
  unexpected: 'Error inesperado',
  updateFailed: 'No se pudo actualizar',
  deleteFailed: 'No se pudo eliminar la prueba',
  sendFailedTitle: 'Error al enviar',
  sendFailed: 'Error desconocido al enviar correo',
  confirmFailed: 'No se pudo finalizar',
  downloadFailed: 'No se pudo descargar',
  assigned: 'Prueba asignada',
  downloadStarted: 'Descarga iniciada',
  deleted: 'Prueba eliminada',
  stateUpdated: 'Estado actualizado',
  confirmed: 'Pruebas confirmadas',
  confirmButton: 'Confirmar pruebas completadas',
  notAllCompleted: 'Todas las pruebas asignadas deben estar completadas antes de confirmar.',
  noEmail: 'Este candidato no tiene email registrado.',
  sent: 'Pruebas enviadas por correo',
  /** The banner of the assignment screen (spec 3 §2.4), while some ASIGNADA test was not sent. */
  unsentTitle: 'Pruebas pendientes de envío',
  unsent: (n: number) =>
    n === 1 ? 'Hay 1 prueba asignada sin enviar al candidato.' : `Hay ${n} pruebas asignadas sin enviar al candidato.`,
  /** …and once every ASIGNADA test went out (the button sends them again). */
  sentTitle: 'Pruebas enviadas',
  allSent: (n: number, date: string) =>
    n === 1
      ? `La prueba asignada ya se envió al candidato (${date}). Puedes enviarla de nuevo.`
      : `Las ${n} pruebas asignadas ya se enviaron al candidato (${date}). Puedes enviarlas de nuevo.`,
  scoreInvalid: `El puntaje debe ser un número entre ${TEST_SCORE.min} y ${TEST_SCORE.max}.`,
  resultTooLong: `El resultado no puede tener más de ${LIMITS.note} caracteres.`,
} as const;

/**
 * A score as typed (a decimal comma allowed) or sent (a number): blank or absent is no score
 * (null), a number within TEST_SCORE is rounded to two decimals, anything else is 'invalid'
 * (ASSIGNED_TEST_MESSAGES.scoreInvalid).
 */
export function parseTestScore(raw: unknown): number | null | 'invalid' {
  if (raw === undefined || raw === null) return null;
  let n: number;
  if (typeof raw === 'number') n = raw;
  else if (typeof raw === 'string') {
    const s = raw.trim().replace(',', '.');
    if (s === '') return null;
    if (!/^-?\d+(\.\d+)?$/.test(s)) return 'invalid';
    n = Number(s);
  } else return 'invalid';
  const factor = 10 ** TEST_SCORE.decimals;
  const rounded = Math.round(n * factor) / factor;
  return Number.isFinite(rounded) && rounded >= TEST_SCORE.min && rounded <= TEST_SCORE.max ? rounded : 'invalid';
}

export function assignedTestStateOf(raw: unknown): AssignedTestState | null {
  if (typeof raw !== 'string') return null;
  const s = raw.trim().toUpperCase();
  return (ASSIGNED_TEST_STATES as readonly string[]).includes(s) ? (s as AssignedTestState) : null;
}

/**
 * Whether an assigned test may move from `from` to `to` for a candidate in `candidateState`:
 * any state to any other; COMPLETADA is refused while the candidate is 'en seguimiento'
 * (spec 3 §4.2). Answers null when allowed, else the message.
 */
export function checkAssignedTestMove(
  from: AssignedTestState,
  to: AssignedTestState,
  candidateState: unknown,
): string | null {
  if (from === to) return ASSIGNED_TEST_MESSAGES.stateInvalid;
  if (to === 'COMPLETADA' && canonicalState(candidateState) === 'en seguimiento')
    return ASSIGNED_TEST_MESSAGES.completeBlockedInFollowUp;
  return null;
}

/** The actions a test shows: each hidden when the test is already in its target state. */
export const actionsFor = (state: AssignedTestState) => ASSIGNED_TEST_ACTIONS.filter((a) => a.to !== state);

/** 'Confirmar pruebas completadas' appears once every assigned test is COMPLETADA. */
export const allTestsCompleted = (tests: readonly { state: AssignedTestState }[]) =>
  tests.length > 0 && tests.every((t) => t.state === 'COMPLETADA');

/**
 * The tests an e-mail would send (state ASIGNADA), those of them lacking credentials, those not
 * sent yet (no sentAt: the banner's 'sin enviar'; a test reactivated after it was sent is not
 * counted again) and when the last of the sent ones went out.
 */
export function testsToSend<
  T extends { state: AssignedTestState; type: TestType; credentials?: string | null; sentAt?: string | null },
>(tests: readonly T[]) {
  const toSend = tests.filter((t) => t.state === 'ASIGNADA');
  const sentAt = toSend.map((t) => t.sentAt).filter((s): s is string => !!s);
  return {
    toSend,
    missingCredentials: toSend.filter((t) => isLinkType(t.type) && !t.credentials?.trim()),
    unsent: toSend.filter((t) => !t.sentAt),
    lastSentAt: sentAt.length ? sentAt.reduce((a, b) => (Date.parse(a) >= Date.parse(b) ? a : b)) : null,
  };
}

/**
 * The assign input (spec 3 §3 'Assign payload'): the candidate, the test (name and type), the
 * deadline (today or later), observations, and access credentials (required for LINK and
 * FORMULARIO, dropped for the others).
 */
export function assignTestSchema(today: string = todayInGuatemala()) {
  const M = ASSIGNED_TEST_MESSAGES;
  return z
    .object({
      candidateId: entityId(),
      testName: text({ max: LIMITS.name, required: M.selectTest }),
      testType: z.unknown().transform((raw, ctx): TestType => {
        const t = testTypeOf(raw);
        if (t) return t;
        ctx.addIssue({ code: 'custom', message: raw === undefined || raw === null ? M.selectTest : M.typeInvalid });
        return z.NEVER;
      }),
      deadline: isoDate({ required: M.deadlineRequired }).refine((d) => d >= today, M.deadlinePast),
      observations: optionalText({ max: LIMITS.note, multiline: true }),
      credentials: optionalText({ max: LIMITS.shortText, multiline: true, tooLong: M.credentialsTooLong }),
    })
    .superRefine((v, ctx) => {
      if (isLinkType(v.testType) && !v.credentials)
        ctx.addIssue({ code: 'custom', path: ['credentials'], message: M.credentialsRequired });
    })
    .transform((v) => ({ ...v, credentials: isLinkType(v.testType) ? v.credentials : '' }));
}
export type AssignTestInput = z.input<ReturnType<typeof assignTestSchema>>;
