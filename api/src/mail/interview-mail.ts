/** The interview invitation (spec 3 §2.5: 'an e-mail invitation was sent to the candidate and participants'). */
import { formatDateWithWeekday } from '@bolsa/domain';
import type { RenderedMail } from './layout.js';
import { renderMail } from './application-mails.js';
import { linkValue, type TemplateText } from './render.js';

export type InterviewMailKind =
  /** The first invitation to this interview. */
  | 'invitation'
  /** The interview was scheduled again: the attached event replaces the one the reader has. */
  | 'update'
  /** A participant left out of the rescheduled interview: the attached CANCEL removes it. */
  | 'withdrawn';

export interface InterviewMailData {
  kind: InterviewMailKind;
  /** Whose copy: the candidate's own, or a participant's (staff or a guest they typed). */
  audience: 'candidate' | 'participant';
  candidate: string;
  vacancy: string | null;
  mode: 'VIRTUAL' | 'PRESENCIAL';
  /** Guatemala wall clock: 'YYYY-MM-DD', 'HH:MM'. */
  date: string;
  start: string;
  end: string;
  /** Sede · dirección · sala (in person). */
  place: string | null;
  link: string | null;
  /** The in-person form's 'Entrevistador'. */
  interviewer: string | null;
  /** The staff member who scheduled it: named, and the address to write to. */
  organiser: { name: string | null; email: string };
  observations: string | null;
  ics: string;
}

export const INTERVIEW_MAIL = {
  invitation: 'entrevista',
  update: 'entrevista-reprogramada',
  participant: 'entrevista-participante',
  participantUpdate: 'entrevista-participante-reprogramada',
  withdrawn: 'entrevista-participante-retirada',
} as const;

export function interviewTemplate(d: InterviewMailData): string {
  if (d.kind === 'withdrawn') return INTERVIEW_MAIL.withdrawn;
  if (d.audience === 'candidate') return d.kind === 'update' ? INTERVIEW_MAIL.update : INTERVIEW_MAIL.invitation;
  return d.kind === 'update' ? INTERVIEW_MAIL.participantUpdate : INTERVIEW_MAIL.participant;
}

/**
 * The interview's e-mail with its calendar part: vacancy in the subject, greeting, when (weekday,
 * date, time in Guatemala), how and where, who interviews, who organises and how to reach them,
 * the observations, and GTH's signature. The candidate's copy speaks to them; a participant's
 * names the candidate.
 */
export function interviewMail(d: InterviewMailData, template?: TemplateText | null): RenderedMail {
  const organiser = d.organiser.name?.trim() ? `${d.organiser.name.trim()} (${d.organiser.email})` : d.organiser.email;
  const mail = renderMail(
    interviewTemplate(d),
    {
      nombre: d.candidate,
      vacante: d.vacancy?.trim() || '',
      fecha: formatDateWithWeekday(d.date, d.date),
      hora: `${d.start} a ${d.end} (hora de Guatemala)`,
      modalidad: d.mode === 'VIRTUAL' ? 'Virtual (Teams)' : 'Presencial',
      enlace: d.link ? (/^https:\/\//i.test(d.link) ? linkValue(d.link) : d.link) : '',
      lugar: !d.link && d.place ? d.place : '',
      entrevistador: d.interviewer?.trim() || '',
      organiza: organiser,
      correo_organizador: d.organiser.email,
      observaciones: d.observations?.trim() || '',
    },
    template,
  );
  return { ...mail, ics: d.ics };
}
