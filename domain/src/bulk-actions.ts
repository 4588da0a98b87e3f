/**
 * Bulk actions on candidate lists (issue 23, item 4): moving many candidates at once through the
 * same state machine and outbox as a single move. The limit, the states a bulk move may target,
 * the per-row outcomes and every message live here.
 */
import { CANDIDATE_STATE_LABEL, type CandidateState } from './candidate.js';
import { countWord } from './words.js';

/** At most this many candidates per bulk action (a larger selection is refused whole). */
export const BULK_LIMIT = 500;

/**
 * What a bulk move may target: every state a single move reaches without a dialog of its own,
 * and the rejection (with its optional observation). Hiring needs place, date and time per person.
 */
export const BULK_TARGET_STATES = [
  'en seguimiento',
  'pre-pruebas',
  'post-pruebas',
  'entrevista',
  'inducción',
  'rechazado',
] as const satisfies readonly CandidateState[];
export type BulkTargetState = (typeof BULK_TARGET_STATES)[number];

export const isBulkTarget = (s: CandidateState): s is BulkTargetState =>
  (BULK_TARGET_STATES as readonly CandidateState[]).includes(s);

/**
 * One row's outcome: moved; already in the target state (a retried action: not moved again, no
 * second e-mail); refused by the state machine (or no such candidate).
 */
export const BULK_OUTCOMES = ['moved', 'unchanged', 'refused', 'notFound'] as const;
export type BulkOutcome = (typeof BULK_OUTCOMES)[number];

export const BULK_OUTCOME_LABEL: Record<BulkOutcome, string> = {
  moved: 'Movido',
  unchanged: 'Sin cambios',
  refused: 'No permitido',
  notFound: 'No encontrado',
};

/** The lists a bulk action's filter can name: the inbox, or one vacancy's candidates. */
export const BULK_LISTS = ['activos', 'plaza'] as const;
export type BulkList = (typeof BULK_LISTS)[number];

export const candidatesCount = (n: number) => countWord(n, 'candidato', 'candidatos');

export const BULK_MESSAGES = {
  /** More than BULK_LIMIT rows: nothing is done. */
  tooMany: (n: number) =>
    `Una acción masiva admite como máximo ${BULK_LIMIT} candidatos y la selección tiene ${n}. Filtra la lista o selecciona menos candidatos.`,
  empty: 'Selecciona al menos un candidato.',
  idsOrFilter: 'Indica los candidatos seleccionados o el filtro de la lista, no ambos.',
  idsInvalid: 'La lista de candidatos seleccionados no es válida.',
  filterInvalid: 'El filtro de la lista no es válido.',
  targetInvalid: 'Ese estado no se puede asignar en una acción masiva: la contratación se hace de uno en uno.',
  forbidden: 'Tu rol no permite cambiar el estado de los candidatos.',
  failed:
    'No se pudo completar la acción masiva. Inténtalo de nuevo: los candidatos ya movidos no se moverán dos veces.',
  notFound: 'Candidato no encontrado',
  unchanged: (to: CandidateState) =>
    `Ya estaba en '${CANDIDATE_STATE_LABEL[to]}': no se movió de nuevo ni se envió otro correo.`,
  movedWithMail: 'Movido; se le envió un correo.',
  movedWithoutMail: 'Movido; no tiene correo registrado: no recibirá aviso.',
  /** The confirmation, before anything is done. */
  confirmTitle: (to: CandidateState) =>
    to === 'rechazado' ? '¿Rechazar candidatos?' : `¿Mover candidatos a '${CANDIDATE_STATE_LABEL[to]}'?`,
  confirmSummary: (p: { moving: number; emails: number; refused: number; unchanged: number }) =>
    [
      `Se moverán ${candidatesCount(p.moving)}.`,
      p.emails ? `Se enviará un correo a ${candidatesCount(p.emails)}.` : 'No se enviará ningún correo.',
      p.unchanged ? `${candidatesCount(p.unchanged)} ya ${p.unchanged === 1 ? 'está' : 'están'} en ese estado.` : '',
      p.refused ? `${candidatesCount(p.refused)} no se ${p.refused === 1 ? 'puede' : 'pueden'} mover.` : '',
    ]
      .filter(Boolean)
      .join(' '),
  resultTitle: 'Resultado de la acción masiva',
  resultSummary: (p: { moved: number; emails: number; refused: number; unchanged: number }) =>
    `${countWord(p.moved, 'movido', 'movidos')}, ${countWord(p.emails, 'correo enviado', 'correos enviados')}, ` +
    `${countWord(p.refused, 'no permitido', 'no permitidos')}, ${countWord(p.unchanged, 'sin cambios', 'sin cambios')}.`,
  /** The screens' labels. */
  actionsMenu: 'Acciones masivas',
  selectColumn: 'Selección',
  selectPage: 'Seleccionar esta página',
  selectRow: (name: string) => `Seleccionar a ${name}`,
  selected: (n: number) => (n === 1 ? '1 candidato seleccionado' : `${n} candidatos seleccionados`),
  selectAllMatching: (n: number) => `Seleccionar los ${n} candidatos que coinciden con el filtro`,
  allMatchingSelected: (n: number) => `Seleccionados los ${n} candidatos que coinciden con el filtro`,
  clearSelection: 'Quitar selección',
  moveTo: (to: CandidateState) => (to === 'rechazado' ? 'Rechazar' : `Mover a ${CANDIDATE_STATE_LABEL[to]}`),
  confirmMove: (n: number, to: CandidateState) => `${to === 'rechazado' ? 'Rechazar' : 'Mover'} ${candidatesCount(n)}`,
  nothingToMove: 'Ningún candidato de la selección se puede mover a ese estado.',
  previewLoading: 'Revisando la selección…',
  running: (done: number, total: number) => `Procesando ${done} de ${candidatesCount(total)}…`,
  refusedHeading: 'No se moverán:',
  observationLabel: 'Observación (opcional)',
  observationHint: 'Se incluye en el correo de cada candidato.',
  close: 'Cerrar',
  cancel: 'Cancelar',
} as const;
