/** The candidate's application e-mails: the acknowledgement, and one per pipeline state (issue 11). */
import {
  BRANCH_MESSAGES,
  formatDate,
  STATE_MAIL_MESSAGE,
  toGuatemalaWallClock,
  type CandidateState,
} from '@bolsa/domain';
import { escapeHtml, siteOf, layout, followUp, type RenderedMail } from './layout.js';

export interface ApplicationReceivedData {
  name: string;
  vacancy: string;
  branch: string | null;
  /** When the application was received: the instant (a Date or an ISO timestamp with its zone), or a Guatemala calendar date. */
  date: string | Date;
  /** A guest is invited to create an account; a registered candidate is pointed to their profile. */
  registered: boolean;
  /** The site's public address, for links ('https://empleos.ejemplo.org.gt'). */
  publicUrl: string;
}

/** Acknowledgement of an application (issue 9): vacancy, branch, date, what happens next. */
export function applicationReceived(d: ApplicationReceivedData): RenderedMail {
  // An instant (a Date, or a timestamp with its zone) is printed as Guatemala's day (issue 20).
  const date = formatDate(d.date instanceof Date ? toGuatemalaWallClock(d.date).date : d.date);
  const branch = d.branch?.trim() || BRANCH_MESSAGES.notSpecified;
  const site = d.publicUrl.replace(/\/+$/, '');
  const subject = `Recibimos tu postulación: ${d.vacancy}`;
  const next =
    'Tu postulación ha sido recibida. GTH se contactará contigo. Revisaremos tu información y, si tu perfil avanza en el proceso, te escribiremos a este correo con los siguientes pasos (pruebas o entrevista).';
  const account = d.registered
    ? `Puedes ver el estado de tu postulación en tu bandeja de perfil: ${site}/perfil`
    : `Crea tu cuenta con este mismo correo y tu CUI/DPI en ${site}/ para seguir el estado de tu postulación: la vincularemos a tu perfil.`;

  const text = [
    `Hola, ${d.name}:`,
    '',
    'Gracias por postularte. Estos son los datos de tu postulación:',
    `- Plaza: ${d.vacancy}`,
    `- Sede: ${branch}`,
    `- Fecha: ${date}`,
    '',
    `Próximos pasos: ${next}`,
    '',
    account,
    '',
    'Gestión del Talento Humano · Bolsa de Trabajo',
    'Este es un mensaje automático; no respondas a este correo.',
  ].join('\n');

  const link = d.registered
    ? `<a href="${escapeHtml(site)}/perfil">Ver mis postulaciones</a>`
    : `<a href="${escapeHtml(site)}/">Crear mi cuenta</a>`;
  const html = layout('Recibimos tu postulación', [
    `Hola, ${escapeHtml(d.name)}:`,
    'Gracias por postularte. Estos son los datos de tu postulación:',
    `<strong>Plaza:</strong> ${escapeHtml(d.vacancy)}<br><strong>Sede:</strong> ${escapeHtml(branch)}<br><strong>Fecha:</strong> ${escapeHtml(date)}`,
    `<strong>Próximos pasos:</strong> ${escapeHtml(next)}`,
    d.registered
      ? `Puedes ver el estado de tu postulación en tu bandeja de perfil. ${link}`
      : `Crea tu cuenta con este mismo correo y tu CUI/DPI para seguir el estado de tu postulación: la vincularemos a tu perfil. ${link}`,
  ]);
  return { template: 'postulacion-recibida', subject, text, html };
}

// ─── The pipeline's e-mails (issue 11): one per state, the hire and the reject e-mails ───

/** The states of spec 3 §4.1, as stored (canonical). */
export type PipelineState = CandidateState;

export interface StateMailData {
  name: string;
  vacancy: string | null;
  branch: string | null;
  state: PipelineState;
  /** Observaciones adicionales (the reject dialog's observation, a note of the change). */
  observation?: string | null;
  /** The hire dialog's date (YYYY-MM-DD), time (HH:MM) and place. */
  hire?: { date: string; time: string; place: string } | null;
  /** The site's public address, for the link to the candidate's area. */
  publicUrl: string;
  /** The application belongs to an account (a guest cannot open /perfil). */
  registered: boolean;
}

interface StateCopy {
  slug: string;
  title: string;
  subject: (vacancy: string) => string;
  /** What it means, in a sentence or two, after the state's message (domain STATE_MAIL_MESSAGE). */
  detail: string;
}

const STATE_COPY: Record<PipelineState, StateCopy> = {
  postulado: {
    slug: 'postulado',
    title: 'Recibimos tu postulación',
    subject: (v) => `Tu postulación fue recibida: ${v}`,
    detail: 'Revisaremos tu información y te escribiremos a este correo con los siguientes pasos.',
  },
  'en seguimiento': {
    slug: 'en-seguimiento',
    title: 'Tu perfil está en seguimiento',
    subject: (v) => `Tu postulación está en seguimiento: ${v}`,
    detail: 'El equipo de Gestión del Talento Humano está revisando tu perfil para esta plaza.',
  },
  'pre-pruebas': {
    slug: 'pre-pruebas',
    title: 'Se te asignaron pruebas',
    subject: (v) => `Pruebas asignadas: ${v}`,
    detail: 'Recibirás las indicaciones de cada prueba en un correo aparte; complétalas antes de la fecha límite.',
  },
  'post-pruebas': {
    slug: 'post-pruebas',
    title: 'Estamos evaluando tus resultados',
    subject: (v) => `Estamos evaluando tus resultados: ${v}`,
    detail: 'Gracias por completar tus pruebas.',
  },
  entrevista: {
    slug: 'entrevista',
    title: 'Etapa de entrevista',
    subject: (v) => `Etapa de entrevista: ${v}`,
    detail: 'Te enviaremos la fecha, la hora y el lugar (o el enlace) de tu entrevista.',
  },
  inducción: {
    slug: 'induccion',
    title: 'Etapa previa a contratación',
    subject: (v) => `Etapa de inducción: ${v}`,
    detail: 'Has avanzado a la etapa de inducción del proceso de selección.',
  },
  contratado: {
    slug: 'contratado',
    title: '¡Felicidades!',
    subject: (v) => `¡Felicidades! Has sido seleccionado: ${v}`,
    detail: 'GTH te dará la bienvenida y las indicaciones para tu primer día.',
  },
  rechazado: {
    slug: 'rechazado',
    title: 'Gracias por tu interés',
    subject: (v) => `Resultado de tu postulación: ${v}`,
    detail:
      'En esta ocasión no fuiste seleccionado para continuar en el proceso de esta plaza. Conservaremos tu postulación para futuras vacantes.',
  },
};

/** The template name of a state's e-mail in the outbox (plantilla). */
export const stateTemplateName = (state: PipelineState): string => `estado-${STATE_COPY[state].slug}`;

/**
 * The notification of a state change (spec 3 §4.3) with the vacancy and branch; the hire e-mail
 * adds place, date and time, the reject e-mail (§4.5) the optional observations.
 */
export function stateChanged(d: StateMailData): RenderedMail {
  const copy = STATE_COPY[d.state];
  const lead = STATE_MAIL_MESSAGE[d.state];
  const follow = followUp(siteOf(d.publicUrl), d.registered, d.state);
  const others =
    d.state === 'rechazado'
      ? {
          text: `Consulta las vacantes disponibles en ${siteOf(d.publicUrl)}/vacantes`,
          html: `Consulta las <a href="${escapeHtml(siteOf(d.publicUrl))}/vacantes">vacantes disponibles</a>.`,
        }
      : null;
  const vacancy = d.vacancy?.trim() || 'la plaza a la que te postulaste';
  const branch = d.branch?.trim() || BRANCH_MESSAGES.notSpecified;
  const observation = d.observation?.trim() || null;
  const hire = d.state === 'contratado' && d.hire ? d.hire : null;
  const hireDate = hire ? formatDate(hire.date) : null;

  const text = [
    `Hola, ${d.name}:`,
    '',
    lead,
    '',
    `- Plaza: ${vacancy}`,
    `- Sede: ${branch}`,
    ...(hire ? ['', 'Preséntate en:', `- Lugar: ${hire.place}`, `- Fecha: ${hireDate}`, `- Hora: ${hire.time}`] : []),
    '',
    copy.detail,
    ...(observation ? ['', `Observaciones: ${observation}`] : []),
    ...(others ? ['', others.text] : []),
    ...(follow ? ['', follow.text] : []),
    '',
    'Gestión del Talento Humano · Bolsa de Trabajo',
    'Este es un mensaje automático; no respondas a este correo.',
  ].join('\n');

  const paragraphs = [
    `Hola, ${escapeHtml(d.name)}:`,
    `<strong>${escapeHtml(lead)}</strong>`,
    `<strong>Plaza:</strong> ${escapeHtml(vacancy)}<br><strong>Sede:</strong> ${escapeHtml(branch)}`,
    ...(hire
      ? [
          `Preséntate en:<br><strong>Lugar:</strong> ${escapeHtml(hire.place)}<br><strong>Fecha:</strong> ${escapeHtml(hireDate ?? '')}<br><strong>Hora:</strong> ${escapeHtml(hire.time)}`,
        ]
      : []),
    escapeHtml(copy.detail),
    ...(observation ? [`<strong>Observaciones:</strong> ${escapeHtml(observation).replace(/\r?\n/g, '<br>')}`] : []),
    ...(others ? [others.html] : []),
    ...(follow ? [follow.html] : []),
  ];
  return {
    template: stateTemplateName(d.state),
    subject: copy.subject(vacancy),
    text,
    html: layout(copy.title, paragraphs),
  };
}
