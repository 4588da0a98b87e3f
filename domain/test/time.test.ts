import { describe, expect, it } from 'vitest';
import {
  formatDatesInText,
  formatDateTime,
  formatDateWithWeekday,
  formatWallClock,
  GUATEMALA_TIME_ZONE,
  guatemalaIsoWithOffset,
  guatemalaOffsetMinutes,
  guatemalaToInstant,
  jobPosting,
  startOfGuatemalaDay,
  todayInGuatemala,
  toGuatemalaWallClock,
} from '../src/index.js';

// Guatemala kept UTC−6 all year since 2006; in 2006 it had daylight saving (UTC−5) from
// 30 April 00:00 (the clock jumped to 01:00) to 1 October 00:00 (back to 30 September 23:00).
// Those fixed instants show that nothing here assumes a fixed offset.
describe('Guatemala time, from the zone rules (issue 20 item 1)', () => {
  it('names the zone once', () => {
    expect(GUATEMALA_TIME_ZONE).toBe('America/Guatemala');
  });

  it('offset: −6 h today, −5 h in the 2006 summer', { timeout: 5_000 }, () => {
    expect(guatemalaOffsetMinutes(new Date('2026-12-03T16:00:00Z'))).toBe(-360);
    expect(guatemalaOffsetMinutes(new Date('2006-06-15T15:00:00Z'))).toBe(-300);
  });

  it('today in Guatemala follows the zone, not a fixed −6 h', { timeout: 5_000 }, () => {
    expect(todayInGuatemala(new Date('2026-12-04T05:59:00Z'))).toBe('2026-12-03');
    expect(todayInGuatemala(new Date('2026-12-04T06:00:00Z'))).toBe('2026-12-04');
    // 00:30 on 15 June 2006 in Guatemala (UTC−5); a fixed −6 h said 14 June.
    expect(todayInGuatemala(new Date('2006-06-15T05:30:00Z'))).toBe('2006-06-15');
  });

  it('wall clock → instant → wall clock', { timeout: 5_000 }, () => {
    expect(guatemalaToInstant('2026-12-03', '10:00')?.toISOString()).toBe('2026-12-03T16:00:00.000Z');
    expect(guatemalaToInstant('2006-06-15', '10:00')?.toISOString()).toBe('2006-06-15T15:00:00.000Z');
    expect(toGuatemalaWallClock(new Date('2026-12-03T16:00:00Z'))).toEqual({ date: '2026-12-03', time: '10:00' });
    expect(toGuatemalaWallClock(new Date('2006-06-15T15:00:00Z'))).toEqual({ date: '2006-06-15', time: '10:00' });
    expect(startOfGuatemalaDay('2026-12-03')?.toISOString()).toBe('2026-12-03T06:00:00.000Z');
  });

  it('a skipped time reads an hour later; a repeated time is the first', { timeout: 5_000 }, () => {
    // 30 April 2006 00:30 did not exist: read with the offset before the change (01:30 on the clock).
    const skipped = guatemalaToInstant('2006-04-30', '00:30')!;
    expect(skipped.toISOString()).toBe('2006-04-30T06:30:00.000Z');
    expect(toGuatemalaWallClock(skipped)).toEqual({ date: '2006-04-30', time: '01:30' });
    // 30 September 2006 23:30 happened twice: UTC−5 first (04:30Z), then UTC−6 (05:30Z).
    expect(guatemalaToInstant('2006-09-30', '23:30')?.toISOString()).toBe('2006-10-01T04:30:00.000Z');
  });

  it('bad input is null, never an Invalid Date', { timeout: 5_000 }, () => {
    expect(guatemalaToInstant('2026-02-30', '10:00')).toBeNull();
    expect(guatemalaToInstant('2026-12-03', '25:00')).toBeNull();
    expect(guatemalaToInstant('03/12/2026', '10:00')).toBeNull();
    expect(guatemalaIsoWithOffset('x', '10:00')).toBeNull();
  });

  it('ISO with the offset of that moment (Microsoft Graph, schema.org)', { timeout: 5_000 }, () => {
    expect(guatemalaIsoWithOffset('2026-12-03', '10:00')).toBe('2026-12-03T10:00:00-06:00');
    expect(guatemalaIsoWithOffset('2026-12-01', '23:59:59')).toBe('2026-12-01T23:59:59-06:00');
    expect(guatemalaIsoWithOffset('2006-06-15', '10:00')).toBe('2006-06-15T10:00:00-05:00');
  });

  it('dd/mm/yyyy HH:mm on Guatemala’s clock, whatever the machine’s zone', { timeout: 5_000 }, () => {
    expect(formatDateTime('2026-12-03T16:00:00.000Z')).toBe('03/12/2026 10:00');
    expect(formatDateTime('2026-12-03T10:00:00-06:00')).toBe('03/12/2026 10:00');
    expect(formatDateTime('2026-12-03T11:00:00-0500')).toBe('03/12/2026 10:00');
    expect(formatDateTime(Date.parse('2026-12-04T05:30:00Z'))).toBe('03/12/2026 23:30');
    expect(formatDateTime(new Date('2006-06-15T15:00:00Z'))).toBe('15/06/2006 10:00');
    // Without a zone, a time is already Guatemala's.
    expect(formatDateTime('2026-12-03 10:00')).toBe('03/12/2026 10:00');
    expect(formatDateTime('2026-12-03T10:00:00')).toBe('03/12/2026 10:00');
    expect(formatDateTime('mañana', '—')).toBe('—');
    expect(formatDateTime(null)).toBe('');
    expect(formatWallClock('2026-12-03', '10:00')).toBe('03/12/2026 10:00');
    expect(formatWallClock('2026-12-03', 'diez', '?')).toBe('?');
  });

  it('the vacancy’s schema.org validThrough carries the offset of its last day', { timeout: 5_000 }, () => {
    const ld = (endsAt: string) =>
      jobPosting(
        {
          name: 'Plaza',
          description: null,
          publishedAt: null,
          endsAt,
          branchName: null,
          municipalityName: null,
          departmentName: null,
          place: null,
          imageUrl: null,
        },
        'Org',
        'https://x',
      ).validThrough;
    expect(ld('2026-12-01')).toBe('2026-12-01T23:59:59-06:00');
    expect(ld('2006-06-15')).toBe('2006-06-15T23:59:59-05:00');
  });
});

describe('an interview day in words', () => {
  it('weekday and dd/mm/yyyy', { timeout: 5_000 }, () => {
    expect(formatDateWithWeekday('2026-12-03')).toBe('jueves 03/12/2026');
    expect(formatDateWithWeekday('2026-12-06')).toBe('domingo 06/12/2026');
    expect(formatDateWithWeekday('2026-13-01', '?')).toBe('?');
  });
});

describe('dates inside a note', () => {
  it('ISO dates read dd/mm/yyyy; times, other numbers and impossible dates stay', { timeout: 5_000 }, () => {
    expect(formatDatesInText('Entrevista presencial: 2026-12-03 10:00–11:00')).toBe(
      'Entrevista presencial: 03/12/2026 10:00–11:00',
    );
    expect(formatDatesInText('Fecha: 2026-12-15 08:00; lugar: Sede Central')).toBe(
      'Fecha: 15/12/2026 08:00; lugar: Sede Central',
    );
    expect(formatDatesInText('Expediente 12026-12-031 y 2026-13-40')).toBe('Expediente 12026-12-031 y 2026-13-40');
    expect(formatDatesInText('Sin fechas')).toBe('Sin fechas');
  });
});
