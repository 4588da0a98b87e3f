import { describe, expect, it } from 'vitest';
import { INTERVIEW_MESSAGES as M } from '@bolsa/domain';
import {
  canSubmit,
  EMPTY_INTERVIEW,
  filterEmails,
  toInterviewInput,
  validateInterview,
  type InterviewFormValues,
} from './interview-form';

/** Guatemala's clock at the start of 23 November: any hour of that day is still to come. */
const TODAY = { date: '2026-11-23', time: '00:00' };
const candidate = { id: '5', fullName: 'Ana López', email: 'ana@example.com' };
const virtual: InterviewFormValues = {
  ...EMPTY_INTERVIEW,
  date: '2026-11-25',
  start: '10:00',
  end: '11:00',
  picked: ['jefa@org.gt'],
};
const inPerson: InterviewFormValues = {
  ...virtual,
  mode: 'PRESENCIAL',
  picked: [],
  branchId: '2',
  address: '5a avenida',
};

describe('validateInterview', () => {
  it('accepts a complete virtual and in-person form', () => {
    expect(validateInterview(virtual, candidate, TODAY)).toEqual({});
    expect(validateInterview(inPerson, candidate, TODAY)).toEqual({});
  });

  it('gives the spec messages on the form fields', () => {
    expect(validateInterview({ ...virtual, date: '2026-11-22' }, candidate, TODAY)).toMatchObject({ date: M.datePast });
    expect(validateInterview({ ...virtual, date: null }, candidate, TODAY)).toMatchObject({ date: M.dateRequired });
    expect(validateInterview({ ...virtual, end: '09:00' }, candidate, TODAY)).toMatchObject({ end: M.endAfterStart });
    expect(validateInterview({ ...virtual, picked: [] }, candidate, TODAY)).toMatchObject({
      picked: M.participantsRequired,
    });
    expect(validateInterview({ ...inPerson, branchId: null, address: ' ' }, candidate, TODAY)).toMatchObject({
      branchId: M.branchRequired,
      address: M.addressRequired,
    });
    expect(validateInterview(virtual, { ...candidate, email: null }, TODAY)).toMatchObject({
      candidate: M.candidateEmailInvalid,
    });
  });

  it("today, says under Hora desde when the hour has gone by on Guatemala's clock", () => {
    const now = { date: virtual.date!, time: '10:15' };
    expect(validateInterview(virtual, candidate, now)).toEqual({ start: M.startPast });
    expect(validateInterview({ ...virtual, start: '10:15' }, candidate, now)).toEqual({});
  });

  it('counts free-text participants (virtual) and does not require any in person', () => {
    expect(validateInterview({ ...virtual, picked: [], freeText: 'Uno@Org.gt; dos@org.gt' }, candidate, TODAY)).toEqual(
      {},
    );
    expect(validateInterview({ ...inPerson, picked: [], freeText: '' }, candidate, TODAY)).toEqual({});
  });
});

describe('toInterviewInput', () => {
  it('merges participants and sends in-person fields only in person', () => {
    const v = toInterviewInput({ ...virtual, freeText: 'JEFA@org.gt, otro@org.gt', branchId: '9', address: 'x' }, '5');
    expect(v).toEqual({
      candidateId: '5',
      mode: 'VIRTUAL',
      date: '2026-11-25',
      from: '10:00',
      to: '11:00',
      participants: ['jefa@org.gt', 'otro@org.gt'],
      observations: null,
    });
    expect(toInterviewInput({ ...inPerson, room: ' B2 ' }, '5')).toMatchObject({
      mode: 'PRESENCIAL',
      branchId: '2',
      address: '5a avenida',
      room: 'B2',
      interviewer: null,
      participants: [],
    });
  });
});

describe('canSubmit', () => {
  const ok = { busy: false, emailsLoading: false, candidateEmail: 'ana@example.com' };
  it('follows spec 3 §5', () => {
    expect(canSubmit(virtual, ok)).toBe(true);
    expect(canSubmit(virtual, { ...ok, busy: true })).toBe(false);
    expect(canSubmit(virtual, { ...ok, emailsLoading: true })).toBe(false);
    expect(canSubmit(virtual, { ...ok, candidateEmail: null })).toBe(false);
    expect(canSubmit({ ...virtual, start: '' }, ok)).toBe(false);
    expect(canSubmit({ ...virtual, picked: [] }, ok)).toBe(false);
    expect(canSubmit({ ...inPerson, picked: [] }, ok)).toBe(true);
  });
});

describe('filterEmails', () => {
  it('matches address or owner, ignoring accents and case', () => {
    const list = [
      { email: 'rrhh@org.gt', name: 'Recursos Humanos' },
      { email: 'jefa@org.gt', name: 'María José' },
    ];
    expect(filterEmails(list, 'maria').map((e) => e.email)).toEqual(['jefa@org.gt']);
    expect(filterEmails(list, ' RRHH ').map((e) => e.email)).toEqual(['rrhh@org.gt']);
    expect(filterEmails(list, '')).toHaveLength(2);
  });
});
