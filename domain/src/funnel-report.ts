import { z } from './schema.js';
import { dayjs, todayInGuatemala } from './format.js';

/** The funnel report (issue 12, beyond the specs): its range rules and the screen's wording. */
export const FUNNEL_MESSAGES = {
  fromRequired: 'Indica la fecha inicial.',
  toRequired: 'Indica la fecha final.',
  dateInvalid: 'La fecha debe tener el formato AAAA-MM-DD.',
  rangeInverted: 'La fecha inicial no puede ser posterior a la fecha final.',
  rangeTooLong: 'El periodo no puede superar los 5 años.',
  empty: 'No hay postulaciones en este periodo.',
  loadFailed: 'No se pudo cargar el reporte',
} as const;

/** The default range: the last 90 days, today included. */
export const FUNNEL_DEFAULT_DAYS = 90;
/** A longer range is not a report anybody reads; it also bounds the work of one query. */
export const FUNNEL_MAX_DAYS = 5 * 366;

const isoDay = (required: string) =>
  z
    .string({ error: required })
    .min(1, required)
    .refine(
      (s) => /^\d{4}-\d{2}-\d{2}$/.test(s) && dayjs(s, 'YYYY-MM-DD', true).isValid(),
      FUNNEL_MESSAGES.dateInvalid,
    );

/** [from, to], calendar days in Guatemala, both included. */
export const funnelRangeSchema = z
  .object({ from: isoDay(FUNNEL_MESSAGES.fromRequired), to: isoDay(FUNNEL_MESSAGES.toRequired) })
  .superRefine((r, ctx) => {
    if (r.from > r.to) ctx.addIssue({ code: 'custom', path: ['to'], message: FUNNEL_MESSAGES.rangeInverted });
    else if (dayjs(r.to).diff(dayjs(r.from), 'day') > FUNNEL_MAX_DAYS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: FUNNEL_MESSAGES.rangeTooLong });
  });
export type FunnelRange = z.infer<typeof funnelRangeSchema>;

/** The last 90 days up to today in Guatemala. */
export function defaultFunnelRange(now: Date = new Date()): FunnelRange {
  const to = todayInGuatemala(now);
  return {
    from: dayjs(to)
      .subtract(FUNNEL_DEFAULT_DAYS - 1, 'day')
      .format('YYYY-MM-DD'),
    to,
  };
}
