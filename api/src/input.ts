import type { Request } from 'express';

/** The JSON body as an object; a missing body, an array or a scalar read as {}. */
export function bodyOf(req: Request): Record<string, unknown> {
  const body: unknown = req.body;
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

/** A string field, or '' for anything else (missing, null, numbers, objects). */
export const text = (v: unknown): string => (typeof v === 'string' ? v : '');

/** PostgreSQL text cannot hold NUL; such input must become a 400, not a database error. */
export const hasNul = (...values: string[]): boolean => values.some((v) => v.includes('\0'));

/** RFC 5321 caps an address at 254 characters; longer ones would not fit a btree index entry either. */
export const EMAIL_MAX = 254;

/** An activo flag as JSON true/false or the spellings a form sends ('true', '1', 1); null otherwise. */
export function parseActive(raw: unknown): boolean | null {
  if (raw === true || raw === 1 || raw === '1' || raw === 'true') return true;
  if (raw === false || raw === 0 || raw === '0' || raw === 'false') return false;
  return null;
}
