import ical, { ICalCalendarMethod } from 'ical-generator';

export const INTERVIEW_TIME_ZONE = 'America/Guatemala';

export interface Invitation {
  uid: string;
  /** 'YYYY-MM-DD' and 'HH:MM', wall-clock time in Guatemala. */
  date: string;
  start: string;
  end: string;
  summary: string;
  description: string;
  location: string;
  organiser: { name?: string | null; email: string };
  attendees: readonly string[];
}

/**
 * The invitation (ICS, METHOD:REQUEST) mail clients show with accept/decline. Times are written
 * as Guatemala wall-clock times with their TZID: ical-generator labels a local date-time string
 * with the zone instead of converting a Date through UTC.
 */
export function buildInvitation(i: Invitation): string {
  const cal = ical({ name: 'Bolsa de Trabajo', method: ICalCalendarMethod.REQUEST, timezone: INTERVIEW_TIME_ZONE });
  cal.createEvent({
    id: i.uid,
    start: `${i.date}T${i.start}:00`,
    end: `${i.date}T${i.end}:00`,
    timezone: INTERVIEW_TIME_ZONE,
    summary: i.summary,
    description: i.description,
    location: i.location,
    organizer: { name: i.organiser.name?.trim() || i.organiser.email, email: i.organiser.email },
    attendees: i.attendees.map((email) => ({ email, rsvp: true })),
  });
  return cal.toString();
}
