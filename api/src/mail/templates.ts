import {
  BRANCH_MESSAGES,
  formatDate,
  formatDateWithWeekday,
  joinOr,
  MAX_FILE_MB,
  STATE_MAIL_MESSAGE,
  toGuatemalaWallClock,
  UPLOAD_RULES,
  type CandidateState,
} from '@bolsa/domain';

/** One message: subject, plain text and HTML, always all three. */
export interface RenderedMail {
  template: string;
  subject: string;
  text: string;
  html: string;
  /** A calendar invitation (ICS, METHOD:REQUEST) the message carries. */
  ics?: string | null;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Every value put into HTML goes through here: names and vacancy titles are user-written. */
export const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** The site's address without a trailing slash, for links. */
const siteOf = (publicUrl: string): string => publicUrl.replace(/\/+$/, '');

function layout(title: string, paragraphs: string[]): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 12px">${p}</p>`).join('\n');
  return `<!doctype html>
<html lang="es"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#1a1a1a;line-height:1.5;max-width:600px;margin:0 auto;padding:16px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>
${body}
<p style="margin:24px 0 0;color:#555;font-size:13px">Gestión del Talento Humano · Bolsa de Trabajo<br>Este es un mensaje automático; no respondas a este correo.</p>
</body></html>`;
}

/**
 * Where the candidate follows the application: a registered candidate (an account the
 * application is linked to) in /perfil; a guest, who cannot open /perfil, is invited to an account
 * with the same e-mail and CUI/DPI, which links the application. After the end of the process
 * (hired, rejected) a guest is not invited any more.
 */
function followUp(
  site: string,
  registered: boolean,
  state: CandidateState | null,
): { text: string; html: string } | null {
  if (registered)
    return {
      text: `Puedes ver el estado de tu postulación en ${site}/perfil`,
      html: `Puedes ver el estado de tu postulación en <a href="${escapeHtml(site)}/perfil">tu perfil</a>.`,
    };
  if (state === 'contratado' || state === 'rechazado') return null;
  const invite =
    'con este mismo correo y tu CUI/DPI para seguir el estado de tu postulación: la vincularemos a tu perfil.';
  return {
    text: `Crea tu cuenta en ${site}/ ${invite}`,
    html: `Crea tu cuenta <a href="${escapeHtml(site)}/">en la Bolsa de Trabajo</a> ${escapeHtml(invite)}`,
  };
}

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

export interface SentTest {
  name: string;
  type: string;
  /** YYYY-MM-DD */
  deadline: string;
  observations: string | null;
  /** LINK and FORMULARIO only. */
  link: string | null;
  credentials: string | null;
  /** File-based types: the template's file name. */
  fileName: string | null;
  /** The file goes attached to this e-mail (false: the store had no file). */
  attached?: boolean;
}

export const TESTS_MAIL = 'pruebas-enviadas';

export interface TestsSentData {
  name: string;
  vacancy: string | null;
  tests: SentTest[];
  observation: string | null;
  publicUrl: string;
  /** The application belongs to an account (a guest cannot open /perfil). */
  registered: boolean;
}

const TEST_TYPE_TEXT: Record<string, string> = {
  PDF: 'Documento PDF',
  WORD: 'Documento Word',
  EXCEL: 'Hoja de Excel',
  LINK: 'Enlace web',
  FORMULARIO: 'Formulario',
};

/**
 * 'Enviar pruebas' (spec 3 §7 /email/enviar-pruebas): every ASIGNADA test with its deadline, its
 * link or file, and the access credentials of LINK and FORMULARIO tests (never of the others).
 */
export function testsSent(d: TestsSentData): RenderedMail {
  const vacancy = d.vacancy?.trim() || 'la plaza a la que te postulaste';
  const follow = followUp(siteOf(d.publicUrl), d.registered, 'pre-pruebas');
  const observation = d.observation?.trim() || null;
  const linkType = (t: SentTest) => t.type === 'LINK' || t.type === 'FORMULARIO';
  const lines = (t: SentTest): [string, string][] => [
    ['Tipo', TEST_TYPE_TEXT[t.type] ?? t.type],
    ['Fecha límite', formatDate(t.deadline)],
    ...(linkType(t) && t.link ? ([['Enlace', t.link]] as [string, string][]) : []),
    ...(!linkType(t) && t.fileName
      ? ([
          ['Archivo', t.attached ? `${t.fileName} (adjunto a este correo)` : `${t.fileName} (GTH te lo hará llegar)`],
        ] as [string, string][])
      : []),
    ...(linkType(t) && t.credentials?.trim()
      ? ([['Credenciales de acceso', t.credentials.trim()]] as [string, string][])
      : []),
    ...(t.observations?.trim() ? ([['Observaciones', t.observations.trim()]] as [string, string][]) : []),
  ];

  const text = [
    `Hola, ${d.name}:`,
    '',
    STATE_MAIL_MESSAGE['pre-pruebas'],
    `Como parte de tu proceso para ${vacancy}, te pedimos completar las siguientes pruebas antes de su fecha límite:`,
    ...d.tests.flatMap((t, i) => ['', `${i + 1}. ${t.name}`, ...lines(t).map(([k, v]) => `   - ${k}: ${v}`)]),
    ...(observation ? ['', `Observaciones: ${observation}`] : []),
    ...(follow ? ['', follow.text] : []),
    '',
    'Gestión del Talento Humano · Bolsa de Trabajo',
    'Este es un mensaje automático; no respondas a este correo.',
  ].join('\n');

  const value = (k: string, v: string) =>
    k === 'Enlace' && /^https?:\/\//i.test(v) ? `<a href="${escapeHtml(v)}">${escapeHtml(v)}</a>` : escapeHtml(v);
  const paragraphs = [
    `Hola, ${escapeHtml(d.name)}:`,
    `<strong>${escapeHtml(STATE_MAIL_MESSAGE['pre-pruebas'])}</strong>`,
    `Como parte de tu proceso para ${escapeHtml(vacancy)}, te pedimos completar las siguientes pruebas antes de su fecha límite:`,
    ...d.tests.map(
      (t, i) =>
        `<strong>${i + 1}. ${escapeHtml(t.name)}</strong><br>${lines(t)
          .map(([k, v]) => `<strong>${escapeHtml(k)}:</strong> ${value(k, v)}`)
          .join('<br>')}`,
    ),
    ...(observation ? [`<strong>Observaciones:</strong> ${escapeHtml(observation).replace(/\r?\n/g, '<br>')}`] : []),
    ...(follow ? [follow.html] : []),
  ];
  return {
    template: TESTS_MAIL,
    subject: `Pruebas asignadas: ${vacancy}`,
    text,
    html: layout('Pruebas asignadas', paragraphs),
  };
}

// ─── Document-update request (issue 12, spec 3 §2.6) ───

export const DOCUMENTS_MAIL = 'documentos-solicitados';

export interface DocumentsRequestedData {
  name: string;
  vacancy: string | null;
  /** The documents' labels, as the profile shows them. */
  documents: string[];
  comment: string;
  /** The signed link: {publicUrl}/perfil/documentos/{token}. */
  link: string;
  validDays: number;
}

/**
 * 'Documentos a actualizar': which documents to upload again, the staff comment, and the signed
 * link to the page where the candidate (logged in as themselves) uploads them.
 */
export function documentsRequested(d: DocumentsRequestedData): RenderedMail {
  const vacancy = d.vacancy?.trim() || null;
  const lead = vacancy
    ? `Como parte de tu proceso para ${vacancy}, te pedimos actualizar los siguientes documentos:`
    : 'Te pedimos actualizar los siguientes documentos:';
  const formats = joinOr(UPLOAD_RULES['requested-document'].formats);
  const how = `Súbelos en formato ${formats} (máximo ${MAX_FILE_MB} MB cada uno) desde este enlace, iniciando sesión con tu cuenta. El enlace es válido por ${d.validDays} días y se puede usar una sola vez.`;
  const text = [
    `Hola, ${d.name}:`,
    '',
    lead,
    ...d.documents.map((x) => `- ${x}`),
    '',
    `Comentario: ${d.comment}`,
    '',
    how,
    d.link,
    '',
    'Gestión del Talento Humano · Bolsa de Trabajo',
    'Este es un mensaje automático; no respondas a este correo.',
  ].join('\n');
  const html = layout('Documentos a actualizar', [
    `Hola, ${escapeHtml(d.name)}:`,
    `${escapeHtml(lead)}<br>${d.documents.map((x) => `• ${escapeHtml(x)}`).join('<br>')}`,
    `<strong>Comentario:</strong> ${escapeHtml(d.comment).replace(/\r?\n/g, '<br>')}`,
    escapeHtml(how),
    `<a href="${escapeHtml(d.link)}">Actualizar mis documentos</a><br><span style="color:#555;font-size:13px">${escapeHtml(d.link)}</span>`,
  ]);
  return { template: DOCUMENTS_MAIL, subject: 'Documentos a actualizar', text, html };
}

// ─── Interview invitation (spec 3 §2.5: 'an e-mail invitation was sent to the candidate and participants') ───

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
