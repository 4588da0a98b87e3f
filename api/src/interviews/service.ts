import { randomUUID } from 'node:crypto';
import {
  canOrganiseTeamsMeeting,
  INTERVIEW_MESSAGES,
  interviewSchema,
  TRANSITION_MESSAGES,
  type InterviewMode,
} from '@bolsa/domain';
import type { Transaction } from 'kysely';
import type { Database } from '../db/database.js';
import { enqueueMail } from '../mail/outbox.js';
import { escapeHtml, type RenderedMail } from '../mail/templates.js';
import { changeStateIn, stateOf, type Actor, type PipelineDeps } from '../candidates/pipeline.js';
import { lockCandidate, type LockedCandidate } from '../candidates/pipeline-repository.js';
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
  | { ok: false; kind: 'transition'; message: string; current: string; allowed: string[] };

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

interface InvitationData {
  /** The candidate's name; null for a participant. */
  name: string | null;
  candidate: string;
  date: string;
  start: string;
  end: string;
  place: string;
  link: string | null;
  observations: string | null;
  ics: string;
}

function invitationMail(o: InvitationData): RenderedMail {
  const when = `${o.date.split('-').reverse().join('/')} de ${o.start} a ${o.end} (hora de Guatemala)`;
  const lines = [
    o.name ? `Hola ${o.name}:` : 'Hola:',
    o.name ? `Se programó tu entrevista el ${when}.` : `Se programó una entrevista con ${o.candidate} el ${when}.`,
    o.link ? `Enlace de la reunión: ${o.link}` : `Lugar: ${o.place}`,
    o.observations ? `Observaciones: ${o.observations}` : null,
    'Encontrarás la invitación de calendario adjunta.',
  ].filter((l): l is string => l !== null);
  return {
    template: o.name ? 'entrevista' : 'entrevista-participante',
    subject: 'Invitación a entrevista',
    text: lines.join('\n\n'),
    html: lines.map((l) => `<p>${escapeHtml(l)}</p>`).join(''),
    ics: o.ics,
  };
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
    let invitation: InvitationData | null = null;
    const buildFor = (row: LockedCandidate): RenderedMail => {
      const candidate = row.email!.trim().toLowerCase();
      const ics = buildInvitation({
        uid: `entrevista-${randomUUID()}@bolsa`,
        date: v.date,
        start: v.start,
        end: v.end,
        summary: row.plazaNombre ? `Entrevista: ${row.plazaNombre}` : 'Entrevista',
        description: v.observations ?? '',
        location: place,
        organiser: { email: organiser },
        attendees: [candidate, ...participants.filter((p) => p !== candidate)],
      });
      invitation = {
        name: row.nombre?.trim() || 'candidato',
        candidate: row.nombre?.trim() || 'el candidato',
        date: v.date,
        start: v.start,
        end: v.end,
        place,
        link,
        observations: v.observations ?? null,
        ics,
      };
      return invitationMail(invitation);
    };
    // A candidate already in entrevista is being re-scheduled: the invitation goes out, the state stays.
    const locked = await lockCandidate(trx, candidateId);
    if (!locked) return { ok: false, kind: 'not-found', message: TRANSITION_MESSAGES.notFound };
    let userId: number | null = null;
    if (stateOf(locked.estado) === 'entrevista') {
      if (r.actor.role !== 1 && r.actor.role !== 2)
        return { ok: false, kind: 'forbidden', message: TRANSITION_MESSAGES.notAllowed };
      if (!locked.email?.trim() || locked.datosEliminados)
        return { ok: false, kind: 'invalid', message: M.candidateEmailInvalid, field: 'candidateEmail' };
      await enqueueMail(trx, buildFor(locked), locked.email.trim(), { applicationId: candidateId });
      userId = await repo.staffId(trx, r.actor.userId);
    } else {
      const moved = await changeStateIn(trx, deps, {
        id: candidateId,
        to: 'entrevista',
        actor: r.actor,
        note: `Entrevista ${v.mode === 'VIRTUAL' ? 'virtual' : 'presencial'}: ${v.date} ${v.start}–${v.end}`,
        mail: buildFor,
      });
      if (!moved.ok) {
        if (moved.kind === 'not-found') return { ok: false, kind: 'not-found', message: TRANSITION_MESSAGES.notFound };
        if (moved.kind === 'email-not-queued')
          return { ok: false, kind: 'invalid', message: M.candidateEmailInvalid, field: 'candidateEmail' };
        if (moved.kind === 'forbidden') return { ok: false, kind: 'forbidden', message: moved.message };
        return {
          ok: false,
          kind: 'transition',
          message: moved.message,
          current: moved.current,
          allowed: moved.allowed,
        };
      }
      userId = await repo.staffId(trx, r.actor.userId);
    }
    if (!invitation) throw new Error('invitation not built');
    const forParticipants = invitationMail({ ...(invitation as InvitationData), name: null });
    const candidateAddress = target.email!.toLowerCase();
    for (const p of participants) {
      if (p === candidateAddress) continue;
      await enqueueMail(trx, forParticipants, p, { applicationId: candidateId });
    }
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
    });
    const interview = await repo.findInterview(trx, id);
    return { ok: true, interview: interview!, meetingLink: link };
  });
}
