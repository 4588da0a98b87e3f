import { TRANSITION_MESSAGES, type CandidateState } from '@bolsa/domain';
import { HttpError } from '../errors.js';
import type { StateChangeOutcome } from './service.js';

/** A state change the pipeline refused (any outcome but ok). */
export type RefusedChange = Exclude<StateChangeOutcome, { ok: true }>;
/** A refusal by the workflow: not allowed from here, not by this role, or the state moved meanwhile. */
export type RefusedTransition = Extract<RefusedChange, { kind: 'not-allowed' | 'forbidden' | 'stale' }>;

/**
 * The documented fields of a refused transition (spec 3 §8): `codigo` ('cambio_no_permitido', or
 * 'estado_cambiado' when the state moved since the caller's screen), `estadoActual` and
 * `estadosPermitidos`. Every api answer that refuses a state change carries exactly these.
 */
export function transitionFields(o: {
  kind: RefusedTransition['kind'];
  current: CandidateState;
  allowed: CandidateState[];
}): { codigo: string; estadoActual: CandidateState; estadosPermitidos: CandidateState[] } {
  return {
    codigo: o.kind === 'stale' ? 'estado_cambiado' : 'cambio_no_permitido',
    estadoActual: o.current,
    estadosPermitidos: o.allowed,
  };
}

/**
 * THE answer to a refused state change, wherever it was asked for (the pipeline's routes, the
 * assigned tests, …): 404 unknown candidate; 422 no e-mail could be queued; 403 / 409 / 400 with
 * the documented message and the specific one as `detalle`.
 */
export function stateChangeRefusal(o: RefusedChange): HttpError {
  if (o.kind === 'not-found') return new HttpError(404, TRANSITION_MESSAGES.notFound);
  if (o.kind === 'email-not-queued')
    return new HttpError(422, o.message, { success: false, codigo: 'correo_no_encolado', estadoActual: o.current });
  const status = o.kind === 'forbidden' ? 403 : o.kind === 'stale' ? 409 : 400;
  const { codigo, estadoActual, estadosPermitidos } = transitionFields(o);
  return new HttpError(status, TRANSITION_MESSAGES.notAllowed, {
    success: false,
    codigo,
    detalle: o.message,
    estadoActual,
    estadosPermitidos,
  });
}
