import { randomUUID } from 'node:crypto';
import {
  can,
  canOrganiseTeamsMeeting,
  INTERVIEW_MESSAGES,
  interviewSchema,
  TRANSITION_MESSAGES,
  type InterviewMode,
} from '@bolsa/domain';
import type { Transaction } from 'kysely';
import type { Database, Db } from '../db/database.js';
import { enqueueMail } from '../mail/outbox.js';
import { interviewMail } from '../mail/templates.js';
import {
  changeStateIn,
  lockCandidate,
  stateOf,
  type Actor,
  type PipelineDeps,
  type RefusedTransition,
} from '../pipeline/index.js';
import { buildInvitation } from './ics.js';
import * as repo from './repository.js';
import type { InterviewJson } from './repository.js';

const M = INTERVIEW_MESSAGES;

/** Creates the online meeting (Microsoft Graph) or answers a link; throws MeetingError on failure. */
export type MeetingProvider = (m: {
  organiserEmail: string;
  subject: string;
  date: string;
  start: string;
  end: string;
}) => Promise<string>;

/** A meeting that could not be created: a Spanish message and safe technical details. */
export class MeetingError extends Error {
  constructor(
    message: string,
    readonly details: string,
  ) {
    super(message);
    this.name = 'MeetingError';
  }
}

export interface InterviewDeps extends PipelineDeps {
  orgEmailDomain: string;
  meetings: MeetingProvider;
}

export type InterviewOutcome =
  | { ok: true; interview: InterviewJson; meetingLink: string | null }
  | { ok: false; kind: 'invalid'; message: string; field?: string }
  | { ok: false; kind: 'unauthorised'; title: string; message: string }
  | { ok: false; kind: 'not-found'; message: string }
  | { ok: false; kind: 'forbidden'; message: string }
  | { ok: false; kind: 'meeting'; message: string; details: string }
  | { ok: false; kind: 'transition'; refused: RefusedTransition };

export interface InterviewRequest {
  mode: InterviewMode;
  /** The raw payload fields in the domain's names (candidateId, date, start, end, ...). */
  input: Record<string, unknown>;
  organiserEmail: string | null;
  actor: Actor;
}

/** Sede + dirección + sala, as the invitation and the candidate's card read it. */
export function placeOf(i: { branchName: string | null; address: string | null; room: string | null }): string {
  return [i.branchName, i.address, i.room ? `Sala: ${i.room}` : null].filter(Boolean).join(' · ');
}

/**
 * POST /entrevista/*: validates with the domain's rules, creates the meeting (virtual) BEFORE
 * the transaction, then stores the interview, moves the candidate to entrevista and queues the
 * invitations in one transaction — a failure anywhere leaves nothing behind.
 */
export async function scheduleInterview(deps: InterviewDeps, r: InterviewRequest): Promise<InterviewOutcome> {
  const parsed = interviewSchema().safeParse({ ...r.input, mode: r.mode });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, kind: 'invalid', message: issue?.message ?? M.checkData, field: issue?.path.join('.') };
  }
  const v = parsed.data;
  if (!canOrganiseTeamsMeeting(r.organiserEmail, deps.orgEmailDomain))
    return { ok: false, kind: 'unauthorised', title: M.unauthorizedTitle, message: M.unauthorized };
  const organiser = r.organiserEmail!.trim().toLowerCase();
  const candidateId = Number(v.candidateId);

  const target = await repo.candidateContact(deps.db, candidateId);
  if (!target) return { ok: false, kind: 'not-found', message: TRANSITION_MESSAGES.notFound };
  if (!target.email) return { ok: false, kind: 'invalid', message: M.candidateEmailInvalid, field: 'candidateEmail' };

  let branchName: string | null = null;
  if (v.mode === 'PRESENCIAL') {
    branchName = await repo.branchName(deps.db, Number(v.branchId));
    if (branchName === null) return { ok: false, kind: 'invalid', message: M.branchRequired, field: 'branchId' };
  }

  let link: string | null = null;
  if (v.mode === 'VIRTUAL') {
    try {
      link = await deps.meetings({
        organiserEmail: organiser,
        subject: `Entrevista: ${target.name ?? v.candidateName}`,
        date: v.date,
        start: v.start,
        end: v.end,
      });
    } catch (err) {
      if (err instanceof MeetingError)
        return { ok: false, kind: 'meeting', message: err.message, details: err.details };
      return { ok: false, kind: 'meeting', message: M.serverError, details: 'Error inesperado al crear la reunión' };
    }
  }

  const inPerson = v.mode === 'PRESENCIAL' ? v : null;
  const place = inPerson
    ? placeOf({ branchName, address: inPerson.address, room: inPerson.room ?? null })
    : (link ?? '');
  const participants = v.participants;

  return deps.db.transaction().execute(async (trx: Transaction<Database>): Promise<InterviewOutcome> => {
    // Locked first: two schedulings of one application take turns, so the second sees the first's event.
    const locked = await lockCandidate(trx, candidateId);
    if (!locked) return { ok: false, kind: 'not-found', message: TRANSITION_MESSAGES.notFound };
    const candidateAddress = locked.datosEliminados ? null : locked.email?.trim().toLowerCase() || null;
    if (!candidateAddress)
      return { ok: false, kind: 'invalid', message: M.candidateEmailInvalid, field: 'candidateEmail' };

    // Scheduling again updates the event the first invitation put in every calendar (RFC 5546
    // §3.2.2: same UID, higher SEQUENCE); a participant left out gets a CANCEL (§3.2.5).
    const previous = await repo.latestEvent(trx, candidateId);
    const uid = previous?.uid ?? `entrevista-${randomUUID()}@${deps.orgEmailDomain}`;
    const sequence = previous ? previous.sequence + 1 : 0;
    const organiserName = await repo.staffName(trx, r.actor.userId);
    const candidateName = locked.nombre?.trim() || 'candidato';
    const vacancy = locked.plazaNombre?.trim() || null;
    const others = participants.filter((p) => p !== candidateAddress);
    const before = new Set(previous?.participants ?? []);

    const event = {
      uid,
      sequence,
      date: v.date,
      start: v.start,
      end: v.end,
      location: place,
      url: link,
      organiser: { name: organiserName, email: organiser },
      description: [
        vacancy ? `Plaza: ${vacancy}` : null,
        inPerson?.interviewer ? `Entrevistador: ${inPerson.interviewer}` : null,
        link ? `Enlace de la reunión: ${link}` : null,
        v.observations ? `Observaciones: ${v.observations}` : null,
      ]
        .filter(Boolean)
        .join('\n'),
    };
    const mailData = {
      candidate: candidateName,
      vacancy,
      mode: v.mode,
      date: v.date,
      start: v.start,
      end: v.end,
      place: inPerson ? place : null,
      link,
      interviewer: inPerson?.interviewer ?? null,
      organiser: { name: organiserName, email: organiser },
      observations: v.observations ?? null,
    };
    const attendees = [
      { email: candidateAddress, name: locked.nombre?.trim() || null },
      ...others.map((email) => ({ email })),
    ];
    const forCandidate = interviewMail({
      ...mailData,
      kind: previous ? 'update' : 'invitation',
      audience: 'candidate',
      ics: buildInvitation({
        ...event,
        method: 'REQUEST',
        summary: vacancy ? `Entrevista: ${vacancy}` : 'Entrevista',
        attendees,
      }),
    });
    const participantIcs = buildInvitation({
      ...event,
      method: 'REQUEST',
      summary: `Entrevista con ${candidateName}${vacancy ? `: ${vacancy}` : ''}`,
      attendees,
    });

    let userId: number | null = null;
    if (stateOf(locked.estado) === 'entrevista') {
      // A candidate already in entrevista is being re-scheduled: the invitation goes out, the state stays.
      if (!can(r.actor.role, 'candidate.changeState'))
        return { ok: false, kind: 'forbidden', message: TRANSITION_MESSAGES.notAllowed };
      await enqueueMail(trx, forCandidate, locked.email!.trim(), { applicationId: candidateId });
      userId = await repo.staffId(trx, r.actor.userId);
    } else {
      const moved = await changeStateIn(trx, deps, {
        id: candidateId,
        to: 'entrevista',
        actor: r.actor,
        note: `Entrevista ${v.mode === 'VIRTUAL' ? 'virtual' : 'presencial'}: ${v.date} ${v.start}–${v.end}`,
        mail: () => forCandidate,
      });
      if (!moved.ok) {
        if (moved.kind === 'not-found') return { ok: false, kind: 'not-found', message: TRANSITION_MESSAGES.notFound };
        if (moved.kind === 'email-not-queued')
          return { ok: false, kind: 'invalid', message: M.candidateEmailInvalid, field: 'candidateEmail' };
        if (moved.kind === 'forbidden') return { ok: false, kind: 'forbidden', message: moved.message };
        return { ok: false, kind: 'transition', refused: moved };
      }
      userId = await repo.staffId(trx, r.actor.userId);
    }
    for (const p of others)
      await enqueueMail(
        trx,
        interviewMail({
          ...mailData,
          // Someone new to a rescheduled interview is invited, not told that it changed.
          kind: previous && before.has(p) ? 'update' : 'invitation',
          audience: 'participant',
          ics: participantIcs,
        }),
        p,
        { applicationId: candidateId },
      );
    if (previous)
      for (const gone of previous.participants.filter((p) => p !== candidateAddress && !participants.includes(p)))
        await enqueueMail(
          trx,
          interviewMail({
            ...mailData,
            kind: 'withdrawn',
            audience: 'participant',
            date: previous.date,
            start: previous.start,
            end: previous.end,
            ics: buildInvitation({
              ...event,
              method: 'CANCEL',
              // The event they hold: its time as first sent; the place may have changed since.
              location: '',
              date: previous.date,
              start: previous.start,
              end: previous.end,
              summary: `Entrevista con ${candidateName}${vacancy ? `: ${vacancy}` : ''}`,
              attendees: [{ email: gone }],
            }),
          }),
          gone,
          { applicationId: candidateId },
        );
    const id = await repo.insertInterview(trx, {
      candidateId,
      mode: v.mode,
      date: v.date,
      start: v.start,
      end: v.end,
      participants,
      observations: v.observations ?? null,
      branchId: inPerson ? Number(inPerson.branchId) : null,
      address: inPerson?.address ?? null,
      room: inPerson?.room ?? null,
      interviewer: inPerson?.interviewer ?? null,
      link,
      organiserEmail: organiser,
      userId,
      calendarUid: uid,
      calendarSequence: sequence,
    });
    const interview = await repo.findInterview(trx, id);
    return { ok: true, interview: interview!, meetingLink: link };
  });
}

/** A candidate's interviews, newest first (the internal timeline route). */
export const listInterviews = (db: Db, candidateId: number): Promise<InterviewJson[]> =>
  repo.findInterviews(db, candidateId);
