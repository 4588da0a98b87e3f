import { CANDIDATE_STATE_LABEL, CANDIDATE_STATES, isTerminalState, type CandidateState } from './candidate.js';

/**
 * The board of one vacancy (issue 23, item 5: /panel/plazas/{id}/tablero): one column per state,
 * cards dragged only onto a state the pipeline allows, each drop running the inbox's own action.
 */

/** The columns, in pipeline order: the six active states, then the hire and the rejection. */
export const BOARD_COLUMNS: readonly CandidateState[] = CANDIDATE_STATES;

/** Cards loaded per column and per 'Cargar más' (large vacancies are never read whole). */
export const BOARD_PAGE_SIZE = 20;

/**
 * What a drop onto a state does: the inbox row's action for that state (spec 3 §2.1).
 * `followUp` changes the state at once (it e-mails the candidate); `induction`, `hire` and
 * `reject` ask first in the inbox's dialogs; `preTests`, `results` and `interview` open the
 * screen where the tests are assigned, their results recorded or the interview scheduled (the
 * state changes when that is done there).
 */
export type BoardMove = 'followUp' | 'preTests' | 'results' | 'interview' | 'induction' | 'hire' | 'reject';

const MOVE_TO: Partial<Record<CandidateState, BoardMove>> = {
  'en seguimiento': 'followUp',
  'pre-pruebas': 'preTests',
  'post-pruebas': 'results',
  entrevista: 'interview',
  inducción: 'induction',
  contratado: 'hire',
  rechazado: 'reject',
};

/**
 * The action a card in `from` dropped on `to` runs, or null when the drop is refused: the same
 * column, a state the viewer's `allowed` states (the server's `allowedStates`, from `allowedNext`)
 * do not hold, or one no board action reaches (the reactivation lives in the history).
 */
export function boardMove(
  from: CandidateState,
  to: CandidateState,
  allowed: readonly CandidateState[],
): BoardMove | null {
  if (from === to || isTerminalState(from) || !allowed.includes(to)) return null;
  return MOVE_TO[to] ?? null;
}

const label = (s: CandidateState) => CANDIDATE_STATE_LABEL[s];
const cards = (n: number) => (n === 1 ? '1 candidato' : `${n} candidatos`);

/** Every word the board shows or announces. */
export const BOARD_MESSAGES = {
  title: (vacancy: string) => `Tablero de la plaza: ${vacancy}`,
  titleNoName: 'Tablero de la plaza',
  link: 'Ver tablero',
  listLink: 'Ver como lista',
  loading: 'Cargando el tablero…',
  emptyColumn: 'Sin candidatos',
  loadMore: 'Cargar más',
  loadMoreFailed: 'No se pudieron cargar más candidatos.',
  readOnlyTitle: 'Solo lectura',
  readOnly: 'Tu rol permite ver el tablero, no mover candidatos.',
  help: 'Arrastra una tarjeta a otra columna para cambiar el estado. Con el teclado: enfoca la tarjeta, pulsa Espacio, muévete con las flechas y pulsa Espacio para soltar o Escape para cancelar.',
  count: cards,
  cardsShown: (shown: number, total: number) => `${shown} de ${total}`,
  dropDisabled: 'No permitido',
  screenReaderInstructions:
    'Para mover una tarjeta, pulsa Espacio o Intro. Usa las flechas izquierda y derecha para elegir la columna, y pulsa Espacio o Intro para soltarla o Escape para cancelar.',
  pickedUp: (name: string, from: CandidateState, allowed: readonly CandidateState[]) =>
    allowed.length
      ? `Tomaste a ${name}, en ${label(from)}. Puede ir a: ${allowed.map(label).join(', ')}.`
      : `Tomaste a ${name}, en ${label(from)}. No puede moverse a ninguna columna.`,
  over: (name: string, to: CandidateState, ok: boolean) =>
    ok ? `${name} está sobre ${label(to)}. Suelta para moverlo.` : `${name} está sobre ${label(to)}: no permitido.`,
  notOver: (name: string) => `${name} no está sobre ninguna columna.`,
  dropped: (name: string, to: CandidateState) => `Soltaste a ${name} en ${label(to)}.`,
  droppedRefused: (name: string, from: CandidateState, to: CandidateState) =>
    `${name} no puede pasar de ${label(from)} a ${label(to)}. Vuelve a ${label(from)}.`,
  cancelled: (name: string, from: CandidateState) => `Cancelado. ${name} sigue en ${label(from)}.`,
  moveRefusedTitle: 'Cambio no permitido',
  moveRefused: (from: CandidateState, to: CandidateState) =>
    `Un candidato en ${label(from)} no puede pasar a ${label(to)}.`,
} as const;
