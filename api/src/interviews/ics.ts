import { guatemalaToInstant, ORGANISATION_NAME } from '@bolsa/domain';
import ical, { ICalAttendeeRole, ICalCalendarMethod, ICalEventStatus } from 'ical-generator';

/** REQUEST: a new or rescheduled invitation; CANCEL: the event is withdrawn for these attendees. */
export type InvitationMethod = 'REQUEST' | 'CANCEL';

export interface Invitation {
  method: InvitationMethod;
  /** The same for every invitation of one interview: a calendar updates the event it has. */
  uid: string;
  /** 0 for the first invitation, one more for each rescheduling (RFC 5545 §3.8.7.4). */
  sequence: number;
  /** 'YYYY-MM-DD' and 'HH:MM', wall-clock time in Guatemala. */
  date: string;
  start: string;
  end: string;
  summary: string;
  description: string;
  location: string;
  /** The virtual meeting's link, if any. */
  url?: string | null;
  organiser: { name?: string | null; email: string };
  /** REQUEST: everyone invited; CANCEL: only those the event is withdrawn from. */
  attendees: readonly { email: string; name?: string | null }[];
}

/**
 * The invitation (ICS) mail clients show with accept/decline, or its cancellation.
 *
 * Times are written in UTC ('DTSTART:20261203T160000Z'), turned from Guatemala's wall clock by
 * the domain through the zone's rules. RFC 5545 requires a VTIMEZONE for every TZID, and a TZID
 * without one (what this wrote before) leaves each client guessing: some read it as floating
 * time, some as UTC. UTC needs no zone definition, every client shows it in the reader's own
 * zone, and a zone rule change is applied when the invitation is built, not guessed later.
 */
export function buildInvitation(i: Invitation): string {
  const start = guatemalaToInstant(i.date, i.start);
  const end = guatemalaToInstant(i.date, i.end);
  if (!start || !end) throw new Error('invitation: invalid date or time');
  const cancel = i.method === 'CANCEL';
  const cal = ical({
    prodId: { company: ORGANISATION_NAME, product: 'Entrevistas', language: 'ES' },
    method: cancel ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
  });
  cal.createEvent({
    id: i.uid,
    sequence: i.sequence,
    start,
    end,
    status: cancel ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    summary: i.summary,
    description: i.description,
    location: i.location,
    url: i.url ?? null,
    organizer: { name: i.organiser.name?.trim() || i.organiser.email, email: i.organiser.email },
    attendees: i.attendees.map((a) => ({
      email: a.email,
      ...(a.name?.trim() ? { name: a.name.trim() } : {}),
      role: ICalAttendeeRole.REQ,
      rsvp: !cancel,
    })),
  });
  return cal.toString();
}
