import { APPLICATION_CONFLICTS } from '@bolsa/domain';
import { fieldsOf, id, pick, text } from './fields.js';

/** The conflict codes of spec 1 §8 as the schema spells them (DuplicateConflict). */
export type Conflict = 'DPI' | 'EMAIL' | 'USUARIO' | 'YA_APLICO' | 'DPI_EMAIL_MISMATCH' | 'EMAIL_DPI_MISMATCH';

/** A conflict code in any case ('dpi', 'YA_APLICO'); null for anything else. */
export const asConflict = (raw: unknown): Conflict | null => {
  const s = typeof raw === 'string' ? raw.trim().toLowerCase() : '';
  return (APPLICATION_CONFLICTS as readonly string[]).includes(s) ? (s.toUpperCase() as Conflict) : null;
};

export interface DuplicateCheck {
  ok: boolean;
  conflict: Conflict | null;
  message: string | null;
}

/**
 * GET /postulantes/validar: `ok|Ok` as true, 'true' or 1, `conflict|conflicto`, `message|mensaje`.
 * A conflict is never ok.
 */
export function normaliseDuplicateCheck(raw: unknown): DuplicateCheck {
  const f = fieldsOf(raw);
  const okRaw = pick(f, 'ok', 'Ok');
  const conflict = asConflict(pick(f, 'conflict', 'conflicto'));
  return {
    ok: (okRaw === true || okRaw === 'true' || okRaw === 1) && !conflict,
    conflict,
    message: text(pick(f, 'message', 'mensaje')),
  };
}

/** POST /guardar/Postulante: the new id (`postulanteId|PostulanteId|id`, null without one) and message. */
export function normaliseApplicationReceipt(raw: unknown): { id: string | null; message: string | null } {
  const f = fieldsOf(raw);
  return { id: id(pick(f, 'postulanteId', 'PostulanteId', 'id')), message: text(pick(f, 'message', 'mensaje')) };
}
