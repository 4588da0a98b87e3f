import { stateNoteSchema } from '@bolsa/domain';
import type { Request } from 'express';
import { badRequest } from './errors.js';

/** The JSON body as an object; a missing body, an array or a scalar read as {}. */
export function bodyOf(req: Request): Record<string, unknown> {
  const body: unknown = req.body;
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

/** A string field, or '' for anything else (missing, null, numbers, objects). */
export const text = (v: unknown): string => (typeof v === 'string' ? v : '');

// C0 controls but tab, line feed and carriage return (descriptions are multi-line), DEL, and
// lone UTF-16 surrogates (not encodable as UTF-8).
const CONTROL =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Text no person types. PostgreSQL cannot store NUL (22P05), so such input must become a 400
 * (GENERIC_MESSAGES.badRequest), never a database error.
 */
export const hasControl = (...values: string[]): boolean => values.some((v) => CONTROL.test(v));

/** RFC 5321 caps an address at 254 characters; longer ones would not fit a btree index entry either. */
export const EMAIL_MAX = 254;

/** An activo flag as JSON true/false or the spellings a form sends ('true', '1', 1); null otherwise. */
export function parseActive(raw: unknown): boolean | null {
  if (raw === true || raw === 1 || raw === '1' || raw === 'true') return true;
  if (raw === false || raw === 0 || raw === '0' || raw === 'false') return false;
  return null;
}

/**
 * A state-change note or the observations of an e-mail (observacionesAdicionales): the domain's
 * one limit (LIMITS.note, multi-line); absent reads as null, anything else refused with its
 * Spanish message.
 */
export function noteOf(raw: unknown): string | null {
  if (raw === undefined || raw === null) return null;
  if (typeof raw !== 'string' || hasControl(raw)) throw badRequest();
  const parsed = stateNoteSchema.safeParse(raw);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message);
  return parsed.data || null;
}
