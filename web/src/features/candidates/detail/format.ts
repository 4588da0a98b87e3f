import { formatDate, formatDateTime, formatPrintedDate, formatQuetzales } from '@bolsa/domain';
import type { EmailStatus } from '../../../gql/graphql';

export const yesNo = (v: boolean | null | undefined): string => (v === true ? 'Sí' : v === false ? 'No' : '');

/** A period of work: 'dd/mm/yyyy – dd/mm/yyyy', an end in 1901 or before reading 'Actualidad' (spec 3 §2.2). */
export function formatPeriod(from: string | null | undefined, to: string | null | undefined): string {
  const a = formatPrintedDate(from);
  const b = formatPrintedDate(to, from ? 'Actualidad' : '');
  if (!a && !b) return '';
  return `${a || '—'} – ${b || '—'}`;
}

/** 'Q 4,500.00' with the negotiable flag, as the summary prints the salary expectation. */
export function formatSalary(amount: number | null | undefined, negotiable: boolean | null | undefined): string {
  const q = formatQuetzales(amount);
  if (!q) return '';
  return negotiable === true ? `${q} (negociable)` : negotiable === false ? `${q} (no negociable)` : q;
}

export function formatAvailability(immediate: boolean | null | undefined): string {
  return immediate === true ? 'Inmediata' : immediate === false ? 'No inmediata' : '';
}

export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * Delivery status of an e-mail on the timeline: label and (filled, auto-contrast) badge colour.
 * Shades chosen so that the label passes WCAG AA (the light variants of yellow and green do not).
 */
export const EMAIL_STATUS: Record<EmailStatus, { label: string; color: string }> = {
  PENDING: { label: 'Pendiente', color: 'yellow.3' },
  SENDING: { label: 'Enviando', color: 'blue.8' },
  SENT: { label: 'Enviado', color: 'brand.8' },
  FAILED: { label: 'Fallido', color: 'red.9' },
};

/** Newest first; of events at the same instant, the later in the server's list first. */
export function sortTimeline<T extends { at: string }>(events: readonly T[]): T[] {
  const time = (e: T) => {
    const t = Date.parse(e.at);
    return Number.isNaN(t) ? 0 : t;
  };
  return events
    .map((e, i) => ({ e, i }))
    .sort((a, b) => time(b.e) - time(a.e) || b.i - a.i)
    .map(({ e }) => e);
}

// '23/11/2026 14:05' on Guatemala's clock, whatever the viewer's computer says (domain/src/time.ts).
export { formatDate, formatDateTime, formatPrintedDate };
