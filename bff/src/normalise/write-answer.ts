import { isSniffedKind, SNIFFED_MIME } from '@bolsa/domain';
import { fieldsOf, id, pick, text } from './fields.js';

/**
 * What the api answers to a write that has no record of its own to normalise: the new record's
 * id, a `success` flag, a staged file's receipt.
 */

/** `{ id }` of a created record (vacancy, staff user, API token); null when there is none. */
export const createdIdOf = (raw: unknown): string | null => id(pick(fieldsOf(raw), 'id'));

/** `{ success: true }` said outright (a delete the api confirms). */
export const confirmsSuccess = (raw: unknown): boolean => pick(fieldsOf(raw), 'success') === true;

/** `{ success: false }` said outright (an answer without the flag is not a refusal). */
export const refusesSuccess = (raw: unknown): boolean => pick(fieldsOf(raw), 'success') === false;

/**
 * POST /internal/archivos-preparados: `{ id, tamano, tipo }` with `tipo` a sniffed kind (pdf,
 * jpeg, png…); null when any part is missing or unknown.
 */
export function normaliseStagedFile(raw: unknown): { id: string; size: number; mime: string } | null {
  const f = fieldsOf(raw);
  const stagedId = text(pick(f, 'id'));
  const size = Number(pick(f, 'tamano'));
  const type = text(pick(f, 'tipo'));
  const mime = isSniffedKind(type) ? SNIFFED_MIME[type] : null;
  if (!stagedId || !mime || !Number.isSafeInteger(size)) return null;
  return { id: stagedId, size, mime };
}
