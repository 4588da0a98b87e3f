import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';
import 'dayjs/locale/es.js';

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

/**
 * Parses the date spellings the upstream REST API is known to send (ISO with or without time
 * and zone, dd/mm/yyyy, dd-mm-yyyy, yyyy/mm/dd, epoch milliseconds) into an ISO calendar date
 * 'YYYY-MM-DD'. Returns null for anything unparseable.
 */
export function toIsoDate(raw: unknown): string | null {
  if (raw === null || raw === undefined || raw === '') return null;
  if (raw instanceof Date) return Number.isNaN(raw.getTime()) ? null : dayjs(raw).format('YYYY-MM-DD');
  if (typeof raw === 'number') return Number.isFinite(raw) ? dayjs(raw).format('YYYY-MM-DD') : null;
  if (typeof raw !== 'string') return null;
  const s = raw.trim();
  // An ISO timestamp with a zone names an instant; its calendar date is the one written.
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:[T ].*)?$/.exec(s);
  if (iso) {
    const d = dayjs(`${iso[1]}-${iso[2]}-${iso[3]}`, 'YYYY-MM-DD', true);
    return d.isValid() ? d.format('YYYY-MM-DD') : null;
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
