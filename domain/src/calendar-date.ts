import { todayInGuatemala } from './time.js';

// Calendar dates without dayjs: the public board's first page uses these, and the date library
// (format.ts) stays in the chunks of the screens that parse or print other spellings.

/**
 * dd/mm/yyyy (spec 1 §1) of a calendar date already written 'YYYY-MM-DD' (the GraphQL `Date`
 * scalar), or `fallback` when it is not a real date. The same answer as `formatDate` for those
 * inputs, without dayjs: the public board's cards use it, and the date library stays out of the
 * first page's script.
 */
export function formatCalendarDate(iso: string | null | undefined, fallback = ''): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso ?? '');
  if (!m) return fallback;
  const [, y, mo, d] = m as unknown as [string, string, string, string];
  const date = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)));
  if (date.getUTCFullYear() !== Number(y) || date.getUTCMonth() !== Number(mo) - 1 || date.getUTCDate() !== Number(d))
    return fallback;
  return `${d}/${mo}/${y}`;
}

// Today in Guatemala comes from the zone's rules (time.ts); re-exported where it used to live.
export { todayInGuatemala } from './time.js';

/** Whole days from today until an ISO date (negative when past). */
export function daysUntil(isoDate: string, today: string = todayInGuatemala()): number {
  return (utcDay(isoDate) - utcDay(today)) / 86_400_000;
}

/** Midnight UTC of 'YYYY-MM-DD' in ms (NaN when it is not written so): whole-day differences without a date library. */
function utcDay(iso: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  return m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : Number.NaN;
}

/**
 * A text for people with the ISO dates in it ('Entrevista presencial: 2026-12-03 10:00–11:00',
 * 'Fecha: 2026-12-03 10:00; lugar: …', as the api writes notes) read as dd/mm/yyyy; times and
 * everything else stay as written. Dates that are not real stay too.
 */
export function formatDatesInText(text: string): string {
  return text.replace(/(?<![\d-])(\d{4}-\d{2}-\d{2})(?![\d-])/g, (iso) => formatCalendarDate(iso, iso));
}
