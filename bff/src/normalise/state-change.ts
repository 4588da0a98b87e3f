import { normaliseCandidate, type CandidateDto } from './candidate.js';
import { fieldsOf, pick } from './fields.js';

/**
 * The answer to a call that moves a candidate (cambiar-estado, reactivar, enviar-pruebas,
 * confirmar): the candidate after it (`candidato` or `postulante`) and whether its e-mail was
 * queued (`correoEncolado`; an api that does not say queued it).
 */
export function normaliseStateChange(raw: unknown): { candidate: CandidateDto | null; emailQueued: boolean } {
  const f = fieldsOf(raw);
  const queued = pick(f, 'correoEncolado');
  return {
    candidate: normaliseCandidate(pick(f, 'candidato', 'postulante'), { detail: true }),
    emailQueued: queued === undefined ? true : queued === true,
  };
}
