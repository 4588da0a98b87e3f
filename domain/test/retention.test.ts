import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  anonymisationDate,
  retentionHeadline,
  retentionHorizon,
  retentionReason,
  retentionStep,
  RETENTION_DEFAULTS,
  type RetentionFacts,
} from '../src/index.js';

const T0 = new Date('2026-01-31T15:00:00Z');
const facts = (over: Partial<RetentionFacts> = {}): RetentionFacts => ({
  state: 'rechazado',
  everMoved: true,
  vacancyOpen: false,
  lastActivity: T0,
  noticeSentAt: null,
  guest: false,
  documentsRemoved: false,
  hasFiles: true,
  ...over,
});
const P = RETENTION_DEFAULTS;

describe('retention rules (issue 24)', () => {
  it('ends rejected applications and never-moved ones in closed vacancies; never hired or open ones', () => {
    expect(retentionReason(facts())).toBe('rechazado');
    expect(retentionReason(facts({ state: 'postulado', everMoved: false }))).toBe('sin_avance');
    expect(retentionReason(facts({ state: 'postulado', everMoved: false, vacancyOpen: true }))).toBeNull();
    expect(retentionReason(facts({ state: 'postulado', everMoved: true }))).toBeNull();
    for (const state of ['contratado', 'en seguimiento', 'entrevista', 'inducción'])
      expect(retentionStep(facts({ state }), P, addMonths(T0, 100))).toBeNull();
  });

  it('adds calendar months, the 31st becoming the last day', () => {
    expect(addMonths(T0, 1).toISOString()).toBe('2026-02-28T15:00:00.000Z');
    expect(addMonths(T0, 24).toISOString()).toBe('2028-01-31T15:00:00.000Z');
  });

  it('notices 30 days before, anonymises only once the notice is 30 days old; activity pushes the date', () => {
    const due = addMonths(T0, 24);
    expect(retentionStep(facts(), P, addDays(due, -31))).toBeNull();
    expect(retentionStep(facts(), P, addDays(due, -30))).toBe('avisar');
    // Long overdue but never noticed: the notice first.
    expect(retentionStep(facts(), P, addMonths(T0, 60))).toBe('avisar');
    const noticed = facts({ noticeSentAt: addDays(due, -30) });
    expect(retentionStep(noticed, P, addDays(due, -1))).toBeNull();
    expect(retentionStep(noticed, P, due)).toBe('anonimizar');
    // Activity after the notice: that notice no longer counts, a new one goes before the new date.
    const active = facts({ noticeSentAt: addDays(due, -30), lastActivity: addDays(due, -10) });
    expect(retentionStep(active, P, due)).toBeNull();
    expect(retentionStep(active, P, addDays(addMonths(addDays(due, -10), 24), -30))).toBe('avisar');
    expect(anonymisationDate(noticed, P, addDays(due, -5))).toEqual(due);
    expect(anonymisationDate(noticed, P, addDays(due, 5))).toEqual(addDays(due, 5));
  });

  it("removes guests' files after the shorter period, once", () => {
    const guest = facts({ guest: true });
    expect(retentionStep(guest, P, addMonths(T0, 6))).toBe('documentos');
    expect(retentionStep({ ...guest, documentsRemoved: true }, P, addMonths(T0, 6))).toBeNull();
    expect(retentionStep(facts(), P, addMonths(T0, 6))).toBeNull();
    expect(retentionHorizon(T0, { ...P, months: 0, guestDocumentMonths: 0 })).toBeNull();
  });

  it('never leaves out of its horizon an application a run would act on, at any month end', () => {
    // CI failed on 30 November: six months back from 31 May is 30 November at the run's time of
    // day, and an application from later that day (due on 30 May) was filtered out.
    const policies = [P, { ...P, months: 1, guestDocumentMonths: 1, noticeDays: 0 }, { ...P, months: 0 }];
    const start = Date.UTC(2026, 0, 1, 6, 0);
    for (const p of policies)
      for (let day = 0; day < 800; day += 1)
        for (const hours of [0, 7, 23.5]) {
          const last = new Date(start + (day * 24 + hours) * 3_600_000);
          for (const guest of [false, true]) {
            const f = facts({ lastActivity: last, guest });
            for (const months of [p.guestDocumentMonths, p.months]) {
              if (months <= 0) continue;
              const now = addMonths(last, months);
              for (const at of [now, addDays(now, -p.noticeDays)]) {
                if (retentionStep(f, p, at) === null) continue;
                expect(last.getTime(), `${last.toISOString()} at ${at.toISOString()}`).toBeLessThan(
                  retentionHorizon(at, p)!.getTime(),
                );
              }
            }
          }
        }
  });

  it('words the headline as issue 24 does', () => {
    expect(retentionHeadline(132, new Date('2026-12-01T18:00:00Z'))).toBe(
      'Se anonimizarán 132 candidatos el 01/12/2026',
    );
    expect(retentionHeadline(1, new Date('2026-12-01T18:00:00Z'))).toBe('Se anonimizará 1 candidato el 01/12/2026');
  });
});
