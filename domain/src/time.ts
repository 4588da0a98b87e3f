// Guatemala's time, once (issue 20 item 1). Every tier asks here for "today", for the instant of a
// Guatemala wall-clock date and time, and for the dd/mm/yyyy HH:mm people read. The zone's rules
// come from the runtime's time-zone database through Intl, never from a fixed offset: Guatemala
// has kept UTC−6 all year since 2006, but it has had daylight saving before (1973–74, 1983,
// 1991, 2006) and a decree could bring it back. No date library here: the public board's first
// page imports calendar-date.ts, which uses this module.

/** The IANA zone of every date and time the product shows or stores as wall-clock time. */
export const GUATEMALA_TIME_ZONE = 'America/Guatemala';

/** A Guatemala wall-clock reading: 'YYYY-MM-DD' and 'HH:mm' (24 h). */
export interface WallClock {
  date: string;
  time: string;
}

let parts: Intl.DateTimeFormat | null = null;
/** Built on first use (construction is the slow part) and reused. */
function partsFormat(): Intl.DateTimeFormat {
  parts ??= new Intl.DateTimeFormat('en-US', {
    timeZone: GUATEMALA_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  return parts;
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** The fields of an instant on Guatemala's clock. */
function fieldsAt(ms: number) {
  const out = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  for (const p of partsFormat().formatToParts(ms)) if (p.type in out) out[p.type as keyof typeof out] = Number(p.value);
  // Some engines write midnight as 24 even with h23.
  if (out.hour === 24) out.hour = 0;
  return out;
}

/** Minutes Guatemala's clock is ahead of UTC at this instant (−360 today). */
export function guatemalaOffsetMinutes(instant: Date | number): number {
  const ms = typeof instant === 'number' ? instant : instant.getTime();
  const f = fieldsAt(ms);
  const asUtc = Date.UTC(f.year, f.month - 1, f.day, f.hour, f.minute, f.second);
  return Math.round((asUtc - (ms - (((ms % 1000) + 1000) % 1000))) / 60_000);
}

/** Guatemala's calendar date and clock time of an instant. */
export function toGuatemalaWallClock(instant: Date | number): WallClock {
  const f = fieldsAt(typeof instant === 'number' ? instant : instant.getTime());
  return { date: `${pad(f.year, 4)}-${pad(f.month)}-${pad(f.day)}`, time: `${pad(f.hour)}:${pad(f.minute)}` };
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * The instant of a Guatemala wall-clock date ('YYYY-MM-DD') and time ('HH:mm' or 'HH:mm:ss');
 * null when either is not written so. A time a spring-forward skips is read with the offset
 * before the change (the clock shows it an hour later); a time repeated in autumn is the first.
 */
export function guatemalaToInstant(date: string, time = '00:00'): Date | null {
  const d = DATE.exec(date);
  const t = TIME.exec(time);
  if (!d || !t) return null;
  const [y, mo, da] = [Number(d[1]), Number(d[2]), Number(d[3])];
  const [h, mi, s] = [Number(t[1]), Number(t[2]), Number(t[3] ?? 0)];
  if (mo < 1 || mo > 12 || da < 1 || da > 31 || h > 23 || mi > 59 || s > 59) return null;
  const wall = Date.UTC(y, mo - 1, da, h, mi, s);
  const check = new Date(wall);
  if (check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== da) return null;
  // The offsets in force a day before and a day after bound every change near this time: the
  // earliest candidate whose clock reads back as asked wins (the first of a repeated hour).
  const before = guatemalaOffsetMinutes(wall - 86_400_000);
  const after = guatemalaOffsetMinutes(wall + 86_400_000);
  const asked = `${date} ${pad(h)}:${pad(mi)}`;
  const fits = [before, after]
    .map((o) => wall - o * 60_000)
    .filter((ms) => {
      const w = toGuatemalaWallClock(ms);
      return `${w.date} ${w.time}` === asked;
    });
  // A time the clock skips (spring forward) is read with the offset before the change.
  return new Date(fits.length ? Math.min(...fits) : wall - before * 60_000);
}

/** '+HH:MM' / '-HH:MM' of an offset in minutes. */
function offsetText(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const m = Math.abs(minutes);
  return `${sign}${pad(Math.floor(m / 60))}:${pad(m % 60)}`;
}

/**
 * ISO 8601 with Guatemala's offset at that moment, as APIs that take a local time with its
 * offset want it (Microsoft Graph, schema.org): '2026-12-03T10:00:00-06:00'. Null for bad input.
 */
export function guatemalaIsoWithOffset(date: string, time = '00:00'): string | null {
  const instant = guatemalaToInstant(date, time);
  if (!instant) return null;
  const wall = toGuatemalaWallClock(instant);
  const seconds = pad(fieldsAt(instant.getTime()).second);
  return `${wall.date}T${wall.time}:${seconds}${offsetText(guatemalaOffsetMinutes(instant))}`;
}

/** Today's calendar date in Guatemala, 'YYYY-MM-DD'. */
export function todayInGuatemala(now: Date = new Date()): string {
  return toGuatemalaWallClock(now).date;
}

/** The first instant of a Guatemala calendar day ('YYYY-MM-DD'); null when it is not a date. */
export function startOfGuatemalaDay(date: string): Date | null {
  return guatemalaToInstant(date, '00:00');
}

/** An instant as the API spells it (ISO with a zone or epoch ms), or null. */
function instantOf(raw: unknown): number | null {
  if (raw instanceof Date) return Number.isNaN(raw.getTime()) ? null : raw.getTime();
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : null;
  if (typeof raw !== 'string' || !raw.trim()) return null;
  const s = raw.trim();
  // An instant names its zone (Z or ±hh:mm); a bare 'YYYY-MM-DD HH:mm' is already Guatemala's clock.
  if (/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i.test(s)) {
    const ms = Date.parse(s.replace(' ', 'T').replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
    return Number.isNaN(ms) ? null : ms;
  }
  const local = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2})?)(?:\.\d+)?$/.exec(s);
  if (local) return guatemalaToInstant(local[1]!, local[2]!)?.getTime() ?? null;
  return null;
}

/**
 * 'dd/mm/yyyy HH:mm' on Guatemala's clock, whatever the viewer's computer says: a timestamp
 * with a zone ('2026-12-03T16:00:00.000Z'), epoch ms, a Date, or a zone-less
 * 'YYYY-MM-DD HH:mm' already in Guatemala time. `fallback` for anything else.
 */
export function formatDateTime(raw: unknown, fallback = ''): string {
  const ms = instantOf(raw);
  if (ms === null) return fallback;
  const w = toGuatemalaWallClock(ms);
  return `${w.date.slice(8, 10)}/${w.date.slice(5, 7)}/${w.date.slice(0, 4)} ${w.time}`;
}

/** 'dd/mm/yyyy HH:mm' of a Guatemala wall-clock date and time (an interview's), or fallback. */
export function formatWallClock(date: string, time: string, fallback = ''): string {
  const d = DATE.exec(date);
  const t = TIME.exec(time);
  if (!d || !t || !guatemalaToInstant(date, time)) return fallback;
  return `${d[3]}/${d[2]}/${d[1]} ${t[1]}:${t[2]}`;
}

let weekdays: Intl.DateTimeFormat | null = null;
/** 'jueves 03/12/2026' for a calendar date 'YYYY-MM-DD' (an interview's day in an e-mail), or fallback. */
export function formatDateWithWeekday(date: string, fallback = ''): string {
  const d = DATE.exec(date);
  if (!d || !guatemalaToInstant(date)) return fallback;
  // A calendar date has no zone of its own: read at UTC noon, the weekday is the date's.
  weekdays ??= new Intl.DateTimeFormat('es', { weekday: 'long', timeZone: 'UTC' });
  const day = weekdays.format(Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]), 12));
  return `${day} ${d[3]}/${d[2]}/${d[1]}`;
}
