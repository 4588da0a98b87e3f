import { schemaResolver } from '@mantine/form';
import {
  interviewSchema,
  mergeParticipants,
  toGuatemalaWallClock,
  type InterviewMode,
  type WallClock,
} from '@bolsa/domain';
import type { InterviewInput } from '../../gql/graphql';

/** The form's values: both modes' fields live together, so switching mode keeps what was typed. */
export interface InterviewFormValues {
  mode: InterviewMode;
  date: string | null;
  start: string;
  end: string;
  /** Internal e-mails ticked in the checklist. */
  picked: string[];
  /** Free-text participants (comma, semicolon or newline). */
  freeText: string;
  observations: string;
  branchId: string | null;
  address: string;
  room: string;
  interviewer: string;
}

export const EMPTY_INTERVIEW: InterviewFormValues = {
  mode: 'VIRTUAL',
  date: null,
  start: '',
  end: '',
  picked: [],
  freeText: '',
  observations: '',
  branchId: null,
  address: '',
  room: '',
  interviewer: '',
};

export interface InterviewCandidate {
  id: string;
  fullName: string;
  email: string | null;
}

/** The domain schema's field names → the form's (participants are the checklist plus free text). */
const FORM_FIELD: Record<string, string> = {
  participants: 'picked',
  candidateEmail: 'candidate',
  candidateName: 'candidate',
};

function schemaValues(v: InterviewFormValues, c: InterviewCandidate) {
  return {
    mode: v.mode,
    candidateId: c.id,
    candidateName: c.fullName,
    candidateEmail: c.email ?? '',
    date: v.date ?? '',
    start: v.start,
    end: v.end,
    participants: mergeParticipants(v.picked, v.freeText),
    observations: v.observations,
    ...(v.mode === 'PRESENCIAL'
      ? { branchId: v.branchId ?? '', address: v.address, room: v.room, interviewer: v.interviewer }
      : {}),
  };
}

/**
 * The form's validation: the domain's interview schema (the bff and the api check the same one)
 * through Mantine's schemaResolver, its errors moved onto the form's own fields.
 */
export function validateInterview(
  v: InterviewFormValues,
  c: InterviewCandidate,
  now: WallClock = toGuatemalaWallClock(new Date()),
): Record<string, string> {
  const errors = schemaResolver(interviewSchema(now), { sync: true })(schemaValues(v, c));
  const out: Record<string, string> = {};
  for (const [path, message] of Object.entries(errors)) {
    const field = FORM_FIELD[path.split('.')[0]!] ?? path.split('.')[0]!;
    if (message && !out[field]) out[field] = String(message);
  }
  return out;
}

/** The mutation's input from valid values. */
export function toInterviewInput(v: InterviewFormValues, candidateId: string): InterviewInput {
  const opt = (s: string) => (s.trim() ? s.trim() : null);
  const base = {
    candidateId,
    mode: v.mode,
    date: v.date ?? '',
    from: v.start,
    to: v.end,
    participants: mergeParticipants(v.picked, v.freeText),
    observations: opt(v.observations),
  };
  return v.mode === 'PRESENCIAL'
    ? { ...base, branchId: v.branchId, address: v.address.trim(), room: opt(v.room), interviewer: opt(v.interviewer) }
    : base;
}

/**
 * Submit stays disabled (spec 3 §5) while busy, while date, start or end is empty, while the
 * e-mail list loads, while the candidate has no e-mail, or (virtual) while no participant is chosen.
 */
export function canSubmit(
  v: InterviewFormValues,
  s: { busy: boolean; emailsLoading: boolean; candidateEmail: string | null | undefined },
): boolean {
  if (s.busy || s.emailsLoading || !s.candidateEmail?.trim()) return false;
  if (!v.date || !v.start || !v.end) return false;
  if (v.mode === 'VIRTUAL' && mergeParticipants(v.picked, v.freeText).length === 0) return false;
  return true;
}

/** The checklist's search: by address or owner, accents and case ignored. */
export function filterEmails<T extends { email: string; name: string }>(list: readonly T[], search: string): T[] {
  const fold = (s: string) =>
    s
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toLowerCase();
  const q = fold(search.trim());
  return q ? list.filter((e) => fold(e.email).includes(q) || fold(e.name).includes(q)) : [...list];
}
