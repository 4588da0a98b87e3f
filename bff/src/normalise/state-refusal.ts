import { canonicalState, type CandidateState } from '@bolsa/domain';
import { fieldsOf, listOf, pick, text } from './fields.js';

/**
 * The api's refusal of a state change (`codigo: 'cambio_no_permitido'`, `estadoActual`,
 * `estadosPermitidos`, `detalle`), read once for candidates, assigned tests, interviews and
 * document requests. States come back as the domain's keys, under any legacy spelling.
 */
export interface StateRefusalBody {
  /** The api said `cambio_no_permitido`. */
  coded: boolean;
  /** The refusal listed the allowed states (even an empty list). */
  listsAllowed: boolean;
  /** `detalle`, the refusal's own sentence. */
  detail: string | null;
  /** `error` / `message`, the general message. */
  message: string | null;
  state: CandidateState | null;
  allowed: CandidateState[];
}

export function stateRefusalBody(body: unknown): StateRefusalBody {
  const f = fieldsOf(body);
  const allowedRaw = pick(f, 'estadosPermitidos', 'estados_permitidos');
  return {
    coded: pick(f, 'codigo', 'code') === 'cambio_no_permitido',
    listsAllowed: Array.isArray(allowedRaw),
    detail: text(pick(f, 'detalle')),
    message: text(pick(f, 'error', 'message', 'mensaje')),
    state: canonicalState(pick(f, 'estadoActual', 'estado_actual')),
    allowed: listOf(allowedRaw)
      .map((s) => canonicalState(s))
      .filter((s): s is CandidateState => s !== null),
  };
}
