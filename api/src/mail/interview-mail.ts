/** The interview invitation (spec 3 §2.5: 'an e-mail invitation was sent to the candidate and participants'). */
import { formatDateWithWeekday } from '@bolsa/domain';
import { escapeHtml, layout, type RenderedMail } from './layout.js';

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

function interviewTemplate(d: InterviewMailData): string {
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
export function interviewMail(d: InterviewMailData): RenderedMail {
  const vacancy = d.vacancy?.trim() || null;
  const forVacancy = vacancy ? ` para la plaza ${vacancy}` : '';
  const when = formatDateWithWeekday(d.date, d.date);
  const hours = `${d.start} a ${d.end} (hora de Guatemala)`;
  const organiser = d.organiser.name?.trim() ? `${d.organiser.name.trim()} (${d.organiser.email})` : d.organiser.email;
  const observations = d.observations?.trim() || null;
  const mine = d.audience === 'candidate';
  const updated = d.kind === 'update';

  const subject =
    d.kind === 'withdrawn'
      ? `Entrevista cancelada: ${d.candidate}${vacancy ? `, ${vacancy}` : ''}`
      : mine
        ? `${updated ? 'Entrevista reprogramada' : 'Invitación a entrevista'}${vacancy ? `: ${vacancy}` : ''}`
        : `${updated ? 'Entrevista reprogramada con' : 'Entrevista con'} ${d.candidate}${vacancy ? `: ${vacancy}` : ''}`;
  const title =
    d.kind === 'withdrawn' ? 'Entrevista cancelada' : updated ? 'Entrevista reprogramada' : 'Invitación a entrevista';
  const greeting = mine ? `Hola, ${d.candidate}:` : 'Hola:';
  const lead =
    d.kind === 'withdrawn'
      ? `La entrevista con ${d.candidate}${forVacancy} del ${when} se reprogramó y ya no se requiere tu participación.`
      : mine
        ? updated
          ? `Tu entrevista${forVacancy} cambió. Estos son los nuevos datos:`
          : `Te invitamos a una entrevista${forVacancy}. Estos son los datos:`
        : updated
          ? `La entrevista con ${d.candidate}${forVacancy} cambió. Estos son los nuevos datos:`
          : `Se programó una entrevista con ${d.candidate}${forVacancy}. Estos son los datos:`;
  const details: [string, string][] =
    d.kind === 'withdrawn'
      ? []
      : [
          ['Fecha', when],
          ['Hora', hours],
          ['Modalidad', d.mode === 'VIRTUAL' ? 'Virtual (Teams)' : 'Presencial'],
          ...(d.link ? ([['Enlace de la reunión', d.link]] as [string, string][]) : []),
          ...(!d.link && d.place ? ([['Lugar', d.place]] as [string, string][]) : []),
          ...(d.interviewer?.trim() ? ([['Entrevistador', d.interviewer.trim()]] as [string, string][]) : []),
          ['Organiza', organiser],
        ];
  const calendar =
    d.kind === 'withdrawn'
      ? 'La cancelación adjunta la quita de tu calendario.'
      : updated
        ? 'La invitación de calendario adjunta reemplaza la anterior: acéptala para actualizar tu calendario.'
        : 'Adjuntamos la invitación de calendario: acéptala para guardarla en tu calendario.';
  const contact =
    d.kind === 'withdrawn'
      ? `Si tienes dudas, escribe a ${d.organiser.email}.`
      : mine
        ? `Si no puedes asistir o tienes dudas, escribe a ${d.organiser.email}.`
        : null;

  const text = [
    greeting,
    '',
    lead,
    ...(details.length ? ['', ...details.map(([k, v]) => `- ${k}: ${v}`)] : []),
    ...(observations ? ['', `Observaciones: ${observations}`] : []),
    '',
    calendar,
    ...(contact ? [contact] : []),
    '',
    'Gestión del Talento Humano · Bolsa de Trabajo',
    'Este es un mensaje automático; no respondas a este correo.',
  ].join('\n');

  const value = (k: string, v: string) =>
    k === 'Enlace de la reunión' && /^https:\/\//i.test(v)
      ? `<a href="${escapeHtml(v)}">${escapeHtml(v)}</a>`
      : escapeHtml(v);
  const html = layout(title, [
    escapeHtml(greeting),
    escapeHtml(lead),
    ...(details.length
      ? [details.map(([k, v]) => `<strong>${escapeHtml(k)}:</strong> ${value(k, v)}`).join('<br>')]
      : []),
    ...(observations ? [`<strong>Observaciones:</strong> ${escapeHtml(observations).replace(/\r?\n/g, '<br>')}`] : []),
    escapeHtml(calendar) + (contact ? `<br>${escapeHtml(contact)}` : ''),
  ]);
  return { template: interviewTemplate(d), subject, text, html, ics: d.ics };
}
