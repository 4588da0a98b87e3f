/* Plain numbers, no zod: display modules (the public board's) quote them in messages. */
import { countWord } from './words.js';

/**
 * Input limits (issue 13). Names ≤ 120, descriptions ≤ 5,000, lists ≤ 30 items of ≤ 300 characters;
 * the rest are the sizes that the database columns and the forms already imply.
 */
export const LIMITS = {
  /** Names of people, vacancies, tests, branches, companies, positions. */
  name: 120,
  /** Vacancy and test descriptions, long observations. */
  description: 5_000,
  /** Requirements, benefits and other lists. */
  listItems: 30,
  listItem: 300,
  /** Single-line free text: addresses, rooms, short notes. */
  shortText: 300,
  /** Multi-line notes and comments. */
  note: 2_000,
  /** RFC 5321 caps an address at 254 characters. */
  email: 254,
  url: 2_048,
  password: 200,
} as const;

/**
 * A test's score (the results tab): 0 to 99,999.99 with two decimals, what the api's column
 * (numeric(7, 2)) holds. The web form, the bff and the api all check it through parseTestScore.
 */
export const TEST_SCORE = { min: 0, max: 99_999.99, decimals: 2 } as const;

/**
 * Every calendar date the product stores lies between these bounds (inclusive). They keep typos
 * such as 9999-12-31 or 0001-01-01 out of the database and out of the screens, and still let a
 * birth date of an older candidate or a vacancy closing decades ahead through.
 */
export const DATE_RANGE = { min: '1900-01-01', max: '2100-12-31' } as const;

/** What a text field says of its length while it is typed in (the web's `LimitedTextInput`). */
export interface LengthNotice {
  /** True past the limit: the text shows as the field's error. */
  over: boolean;
  text: string;
}

const chars = (n: number) => countWord(n, 'carácter', 'caracteres');

/**
 * The field's word on the length of `value` (trimmed, as the schemas' `text` counts it) against
 * `max`: nothing while far from it, what is left in the last tenth (at least the last 10), and by
 * how much it is over past it. Fields are never cut at their limit: a pasted text that is too
 * long stays whole, says so, and is shortened by the person who wrote it.
 */
export function lengthNotice(value: string, max: number): LengthNotice | null {
  const length = value.trim().length;
  if (length > max) return { over: true, text: `Tienes ${chars(length - max)} de más (máximo ${max}).` };
  const left = max - length;
  if (left > Math.max(10, Math.floor(max / 10))) return null;
  return { over: false, text: left === 1 ? 'Queda 1 carácter.' : `Quedan ${chars(left)}.` };
}
