import { CANDIDATE_STATE_LABEL, stateFromEnum, type CandidateStateEnum } from '@bolsa/domain';

/** Success toasts and the pipeline's short notices stay about 2.5 s (spec 3 §9). */
export const PIPELINE_TOAST_MS = 2500;

export function stateLabel(state: string): string {
  const s = stateFromEnum(state);
  return s ? CANDIDATE_STATE_LABEL[s] : 'Sin definir';
}

/** 'Cambio no permitido' (spec 3 §4.5) lists where the candidate may go from here. */
export function allowedStatesSentence(current: CandidateStateEnum, allowed: readonly string[]): string {
  const from = stateLabel(current);
  if (allowed.length === 0) return `Desde '${from}' no hay cambios de estado permitidos para este candidato.`;
  return `Desde '${from}' solo se permite pasar a: ${allowed.map(stateLabel).join(', ')}.`;
}

/** Someone else moved the candidate while this screen showed the old state. */
export function changedMeanwhileSentence(fullName: string, now: string): string {
  return `Otra persona cambió el estado de ${fullName} a '${stateLabel(now)}' mientras lo veías. La información se actualizó; revísala antes de continuar.`;
}
