import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';
import 'dayjs/locale/es.js';
import { toGuatemalaWallClock } from './time.js';

dayjs.extend(customParseFormat);
dayjs.locale('es');

export { dayjs };

const INPUT_FORMATS = [
  'YYYY-MM-DD',
  'YYYY-MM-DDTHH:mm:ss',
  'YYYY-MM-DDTHH:mm:ss.SSS',
  'YYYY-MM-DD HH:mm:ss',
  'DD/MM/YYYY',
  'D/M/YYYY',
  'DD/MM/YYYY HH:mm:ss',
  'DD-MM-YYYY',
  'YYYY/MM/DD',
];

/** The time part of an ISO timestamp that names its zone: 'HH:mm[:ss[.SSS]]' then Z or an offset. */
const ZONED_TIME = /^(\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)(Z|[+-]\d{2}:?\d{2})$/i;

/**
 * Parses the date spellings the upstream REST API is known to send (ISO with or without time
 * and zone, dd/mm/yyyy, dd-mm-yyyy, yyyy/mm/dd, epoch milliseconds) into an ISO calendar date
 * 'YYYY-MM-DD'. An instant (a Date, epoch milliseconds, a timestamp with a zone) gives its
 * calendar date in Guatemala (issue 20); a date or zone-less timestamp keeps the date written.
 * Returns null for anything unparseable.
 */
export function toIsoDate(raw: unknown): string | null {
  return readDate(raw, true);
}

/**
 * A field that IS a calendar date (a birth date, a vacancy's closing day, a report's range),
 * as `toIsoDate` reads it except that a timestamp string keeps the date written in it: a date
 * column serialised through a JavaScript Date arrives as '2026-12-15T00:00:00.000Z' and means
 * the 15th, not the Guatemala evening of the 14th. A Date or epoch number is still an instant.
 */
export function toCalendarDate(raw: unknown): string | null {
  return readDate(raw, false);
}

function readDate(raw: unknown, zonedIsInstant: boolean): string | null {
  if (raw === null || raw === undefined || raw === '') return null;
  // A Date or epoch milliseconds is an instant: its calendar date is Guatemala's, not the computer's.
  if (raw instanceof Date) return Number.isNaN(raw.getTime()) ? null : toGuatemalaWallClock(raw).date;
  if (typeof raw === 'number') return Number.isFinite(raw) ? toGuatemalaWallClock(raw).date : null;
  if (typeof raw !== 'string') return null;
  const s = raw.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](.*))?$/.exec(s);
  if (iso) {
    const d = dayjs(`${iso[1]}-${iso[2]}-${iso[3]}`, 'YYYY-MM-DD', true);
    if (!d.isValid()) return null;
    // A timestamp that names its zone (Z, ±hh:mm, ±hhmm) is an instant: Guatemala's date of it.
    // Without a zone (a plain date, or a time already on Guatemala's clock) the date is as written.
    const zoned = zonedIsInstant && iso[4] ? ZONED_TIME.exec(iso[4]) : null;
    if (zoned) {
      const ms = Date.parse(
        `${iso[1]}-${iso[2]}-${iso[3]}T${zoned[1]}${zoned[2]!.replace(/^([+-]\d{2})(\d{2})$/, '$1:$2')}`,
      );
      return Number.isNaN(ms) ? null : toGuatemalaWallClock(ms).date;
    }
    return d.format('YYYY-MM-DD');
  }
  for (const f of INPUT_FORMATS) {
    const d = dayjs(s, f, true);
    if (d.isValid()) return d.format('YYYY-MM-DD');
  }
  return null;
}

/** dd/mm/yyyy, the only date format users see (spec 1 §1). */
export function formatDate(raw: unknown, fallback = ''): string {
  const iso = toIsoDate(raw);
  return iso ? dayjs(iso, 'YYYY-MM-DD').format('DD/MM/YYYY') : fallback;
}

/**
 * Printed dates of the candidate summary (spec 3 §2.2): dd/mm/yyyy, and a year of 1901 or
 * earlier (how the old system wrote "until now" for a current job) reads 'Actualidad'.
 */
export function formatPrintedDate(raw: unknown, fallback = ''): string {
  const iso = toIsoDate(raw);
  if (!iso) return fallback;
  return Number(iso.slice(0, 4)) <= 1901 ? 'Actualidad' : formatDate(iso, fallback);
}

/** Amounts in quetzales with two decimals: 'Q 4,500.00'. */
export function formatQuetzales(amount: number | string | null | undefined): string {
  const n = typeof amount === 'string' ? Number(amount) : amount;
  if (n === null || n === undefined || !Number.isFinite(n)) return '';
  return `Q ${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** A file's size as a person reads it: '312 KB', '4.8 MB' (never '0.00 MB' for a small scan). */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

// Where these lived before calendar-date.ts and search.ts (e2e journeys and other branches import them from here).
export { daysUntil, todayInGuatemala } from './calendar-date.js';
export { foldSearch, matchesSearch } from './search.js';
