/**
 * E-mail templates staff can edit (issue 24, item 1): every e-mail the product sends, its
 * placeholders (with a description and a sample value for the preview), its default wording (the
 * specs' wording, what the e-mails said before templates were editable), the limits and messages.
 *
 * A template is a subject and a body. The body is plain text: paragraphs separated by a blank
 * line, lines within a paragraph kept; never HTML from staff (what they type is escaped). Values go
 * in with `{{marcador}}`; `{% if marcador %}…{% else %}…{% endif %}` (and `unless`) choose text
 * by whether a value is present. Rendered with liquidjs by the api.
 */
import { BRANCH_MESSAGES } from './branch.js';
import { CANDIDATE_STATES, STATE_MAIL_MESSAGE, type CandidateState } from './candidate.js';

export const EMAIL_TEMPLATE_LIMITS = {
  subjectMax: 200,
  bodyMax: 10_000,
  /** Versions listed per template (newest first). */
  versionsListed: 200,
} as const;

/** The Liquid tags a template may use; any other is refused (no include, render, layout, assign…). */
export const EMAIL_TEMPLATE_TAGS = ['if', 'elsif', 'else', 'endif', 'unless', 'endunless'] as const;
/** The Liquid filters a template may use (text only; `raw`, `escape` and the rest are refused). */
export const EMAIL_TEMPLATE_FILTERS = ['upcase', 'downcase', 'capitalize', 'default', 'strip'] as const;

export const EMAIL_TEMPLATE_MESSAGES = {
  unknownPlaceholder: (name: string) => `El marcador {{${name}}} no existe en esta plantilla.`,
  requiredPlaceholder: (name: string) =>
    `Falta el marcador {{${name}}}: este correo no sirve sin él. Agrégalo al asunto o al cuerpo.`,
  tagNotAllowed: (name: string) =>
    `La instrucción {% ${name} %} no está permitida. Usa solo {% if %}, {% unless %} y {% else %}.`,
  filterNotAllowed: (name: string) => `El filtro '${name}' no está permitido en las plantillas.`,
  syntax: (where: 'asunto' | 'cuerpo') =>
    `El ${where} tiene un error de sintaxis: revisa que cada {{ se cierre con }} y cada {% if %} con {% endif %}.`,
  subjectRequired: 'El asunto es obligatorio.',
  bodyRequired: 'El cuerpo es obligatorio.',
  subjectTooLong: `El asunto admite como máximo ${EMAIL_TEMPLATE_LIMITS.subjectMax} caracteres.`,
  bodyTooLong: `El cuerpo admite como máximo ${EMAIL_TEMPLATE_LIMITS.bodyMax.toLocaleString('es-GT')} caracteres.`,
  subjectOneLine: 'El asunto debe ser una sola línea.',
  notFound: 'Plantilla no encontrada.',
  versionNotFound: 'Versión no encontrada.',
  saved: 'Plantilla guardada.',
  reset: 'Plantilla restablecida al texto predeterminado.',
  restored: 'Versión restaurada.',
  unchanged: 'No hay cambios que guardar.',
  saveFailed: 'No se pudo guardar la plantilla. Intenta de nuevo.',
  saveFailedTitle: 'No se guardó',
  /** No answer (an outage, a time-out): the save may have gone through; a retry is carried out once. */
  saveUnknownTitle: 'No se sabe si se guardó',
  saveUnknown:
    'No se recibió respuesta del servidor: puede que la plantilla se haya guardado. Pulsa Guardar de nuevo: no se guardará dos veces.',
  restoreFailed: 'No se pudo restaurar la plantilla. Intenta de nuevo.',
  previewFailed: 'No se pudo generar la vista previa.',
} as const;

/** The words of the 'Plantillas' screen (/panel/plantillas). */
export const EMAIL_TEMPLATE_UI = {
  title: 'Plantillas de correo',
  intro:
    'Lo que dice cada correo que envía la Bolsa de Trabajo. Escribe texto normal: una línea en blanco separa párrafos. Los marcadores ({{nombre}}) se reemplazan al enviar.',
  loadFailed: 'No se pudieron cargar las plantillas',
  empty: 'No hay plantillas.',
  defaultText: 'Texto predeterminado',
  subject: 'Asunto',
  body: 'Cuerpo',
  placeholders: 'Marcadores',
  placeholdersHint: 'Pulsa un marcador para insertarlo donde está el cursor.',
  required: 'obligatorio',
  requiredHint: 'Los marcadores obligatorios deben quedar en el asunto o en el cuerpo: el correo no sirve sin ellos.',
  preview: 'Vista previa',
  previewHint: 'Con datos de ejemplo.',
  previewLoading: 'Generando vista previa…',
  previewStale: 'Vista previa del último texto sin errores:',
  save: 'Guardar',
  reset: 'Restablecer',
  resetTitle: '¿Restablecer la plantilla?',
  resetQuestion:
    'El correo volverá al texto predeterminado. Quedará registrado como una versión y podrás restaurar la actual.',
  versions: 'Versiones',
  versionsEmpty: 'Esta plantilla no se ha modificado: se envía con el texto predeterminado.',
  versionsLoadFailed: 'No se pudieron cargar las versiones',
  restore: 'Restaurar',
  restoreTitle: '¿Restaurar esta versión?',
  restoreQuestion: 'El próximo correo de este tipo usará esta versión.',
  current: 'Actual',
  unsaved: 'Hay cambios sin guardar.',
  /** Leaving the editor (a link, 'Volver a la lista') with unsaved changes asks first. */
  leaveTitle: '¿Salir sin guardar?',
  leaveQuestion: 'Los cambios que hiciste en esta plantilla se perderán.',
  leave: 'Salir sin guardar',
  stay: 'Seguir editando',
  back: 'Volver a la lista',
  edit: 'Editar',
  lastChange: 'Último cambio',
  by: 'Por',
  unknownAuthor: 'Desconocido',
  /** The current version is not sent (replacedByDefault of the api): the list's badge, the editor's notice. */
  replacedByDefault: 'Se envía el texto predeterminado',
  replacedByDefaultDetail: (reason: string) =>
    `La versión actual no se puede enviar: ${reason} Hasta que guardes una versión que lo corrija, este correo sale con el texto predeterminado.`,
} as const;

/** What a version records: a save, a reset to the default, or a restored earlier version. */
export type EmailTemplateAction = 'guardada' | 'restablecida' | 'restaurada';
export const EMAIL_TEMPLATE_ACTION_LABEL: Record<EmailTemplateAction, string> = {
  guardada: 'Guardada',
  restablecida: 'Restablecida al texto predeterminado',
  restaurada: 'Versión restaurada',
};

/**
 * How a value goes into the HTML part: `text` escaped; `link` an address, a link when it is
 * http(s); `block` a paragraph the product composes (a list, a link with its wording), already safe.
 */
export type PlaceholderKind = 'text' | 'link' | 'block';

export interface EmailPlaceholder {
  name: string;
  description: string;
  sample: string;
  kind?: PlaceholderKind;
  /**
   * The e-mail fails its purpose without it (the link the candidate must use, the list of tests or
   * documents, the interview's date, time and place): a save or preview whose subject and body
   * lack it is refused (missingRequiredPlaceholder). Inside an `{% if %}` counts.
   */
  required?: true;
}

export interface EmailTemplateDefinition {
  key: string;
  /** What staff see in the list. */
  name: string;
  /** When it is sent. */
  description: string;
  /** The heading of the HTML part (the layout's title; not editable). */
  heading: string;
  placeholders: readonly EmailPlaceholder[];
  subject: string;
  body: string;
}

const P = {
  nombre: { name: 'nombre', description: 'Nombre del candidato', sample: 'Ana López' },
  vacante: { name: 'vacante', description: 'Nombre de la plaza', sample: 'Auxiliar de enfermería' },
  sede: {
    name: 'sede',
    description: `Sede de la plaza ('${BRANCH_MESSAGES.notSpecified}' si no tiene)`,
    sample: 'Sede Central',
  },
  observaciones: {
    name: 'observaciones',
    description: 'Observaciones escritas por GTH (vacío si no hay)',
    sample: 'Trae tu DPI original.',
  },
  seguimiento: {
    name: 'seguimiento',
    description: 'Párrafo que indica dónde seguir la postulación: el perfil, o la invitación a crear una cuenta',
    sample: 'Puedes ver el estado de tu postulación en https://empleos.ejemplo.org.gt/perfil',
    kind: 'block',
  },
} as const satisfies Record<string, EmailPlaceholder>;

/** The placeholder, required in this template (see EmailPlaceholder.required). */
const required = <T extends EmailPlaceholder>(p: T): T & { required: true } => ({ ...p, required: true });

const greeting = 'Hola, {{nombre}}:';
const ifObservations = '{% if observaciones %}Observaciones: {{observaciones}}{% endif %}';

const ACKNOWLEDGEMENT: EmailTemplateDefinition = {
  key: 'postulacion-recibida',
  name: 'Postulación recibida',
  description: 'Acuse de recibo al enviar una postulación.',
  heading: 'Recibimos tu postulación',
  placeholders: [
    P.nombre,
    { ...P.vacante, description: 'Nombre de la plaza' },
    P.sede,
    { name: 'fecha', description: 'Fecha de la postulación (dd/mm/aaaa)', sample: '23/11/2026' },
    required({
      name: 'cuenta',
      description:
        'Párrafo con el enlace al perfil (candidato registrado) o la invitación a crear una cuenta (invitado)',
      sample:
        'Crea tu cuenta con este mismo correo y tu CUI/DPI en https://empleos.ejemplo.org.gt/ para seguir el estado de tu postulación: la vincularemos a tu perfil.',
      kind: 'block',
    }),
  ],
  subject: 'Recibimos tu postulación: {{vacante}}',
  body: [
    greeting,
    '',
    'Gracias por postularte. Estos son los datos de tu postulación:',
    '- Plaza: {{vacante}}',
    '- Sede: {{sede}}',
    '- Fecha: {{fecha}}',
    '',
    'Próximos pasos: Tu postulación ha sido recibida. GTH se contactará contigo. Revisaremos tu información y, si tu perfil avanza en el proceso, te escribiremos a este correo con los siguientes pasos (pruebas o entrevista).',
    '',
    '{{cuenta}}',
  ].join('\n'),
};

interface StateCopy {
  slug: string;
  name: string;
  heading: string;
  subject: string;
  detail: string;
}

/** Each state's e-mail (spec 3 §4.3): the heading, subject and what it means. */
const STATE_COPY: Record<CandidateState, StateCopy> = {
  postulado: {
    slug: 'postulado',
    name: 'Estado: Postulado',
    heading: 'Recibimos tu postulación',
    subject: 'Tu postulación fue recibida: {{vacante}}',
    detail: 'Revisaremos tu información y te escribiremos a este correo con los siguientes pasos.',
  },
  'en seguimiento': {
    slug: 'en-seguimiento',
    name: 'Estado: En seguimiento',
    heading: 'Tu perfil está en seguimiento',
    subject: 'Tu postulación está en seguimiento: {{vacante}}',
    detail: 'El equipo de Gestión del Talento Humano está revisando tu perfil para esta plaza.',
  },
  'pre-pruebas': {
    slug: 'pre-pruebas',
    name: 'Estado: Pre-pruebas',
    heading: 'Se te asignaron pruebas',
    subject: 'Pruebas asignadas: {{vacante}}',
    detail: 'Recibirás las indicaciones de cada prueba en un correo aparte; complétalas antes de la fecha límite.',
  },
  'post-pruebas': {
    slug: 'post-pruebas',
    name: 'Estado: Post-pruebas',
    heading: 'Estamos evaluando tus resultados',
    subject: 'Estamos evaluando tus resultados: {{vacante}}',
    detail: 'Gracias por completar tus pruebas.',
  },
  entrevista: {
    slug: 'entrevista',
    name: 'Estado: Entrevista',
    heading: 'Etapa de entrevista',
    subject: 'Etapa de entrevista: {{vacante}}',
    detail: 'Te enviaremos la fecha, la hora y el lugar (o el enlace) de tu entrevista.',
  },
  inducción: {
    slug: 'induccion',
    name: 'Estado: Inducción',
    heading: 'Etapa previa a contratación',
    subject: 'Etapa de inducción: {{vacante}}',
    detail: 'Has avanzado a la etapa de inducción del proceso de selección.',
  },
  contratado: {
    slug: 'contratado',
    name: 'Estado: Contratado',
    heading: '¡Felicidades!',
    subject: '¡Felicidades! Has sido seleccionado: {{vacante}}',
    detail: 'GTH te dará la bienvenida y las indicaciones para tu primer día.',
  },
  rechazado: {
    slug: 'rechazado',
    name: 'Estado: Rechazado',
    heading: 'Gracias por tu interés',
    subject: 'Resultado de tu postulación: {{vacante}}',
    detail:
      'En esta ocasión no fuiste seleccionado para continuar en el proceso de esta plaza. Conservaremos tu postulación para futuras vacantes.',
  },
};

/** The template key of a state's e-mail (also the outbox's `plantilla`). */
export const stateTemplateKey = (state: CandidateState): string => `estado-${STATE_COPY[state].slug}`;

function stateTemplate(state: CandidateState): EmailTemplateDefinition {
  const c = STATE_COPY[state];
  const hired = state === 'contratado';
  const rejected = state === 'rechazado';
  return {
    key: stateTemplateKey(state),
    name: c.name,
    description: `Aviso al candidato cuando su postulación pasa al estado '${state}'.`,
    heading: c.heading,
    placeholders: [
      P.nombre,
      { ...P.vacante, description: "Nombre de la plaza ('la plaza a la que te postulaste' si no se conoce)" },
      P.sede,
      ...(hired
        ? [
            required({
              name: 'lugar',
              description: 'Lugar donde presentarse (vacío si no se indicó)',
              sample: 'Oficinas centrales, zona 10',
            }),
            required({ name: 'fecha', description: 'Fecha de presentación (dd/mm/aaaa)', sample: '01/12/2026' }),
            required({ name: 'hora', description: 'Hora de presentación (HH:MM)', sample: '08:00' }),
          ]
        : []),
      P.observaciones,
      ...(rejected
        ? [
            {
              name: 'enlace_vacantes',
              description: 'Dirección de las vacantes disponibles',
              sample: 'https://empleos.ejemplo.org.gt/vacantes',
              kind: 'link' as const,
            },
          ]
        : []),
      required(P.seguimiento),
    ],
    subject: c.subject,
    body: [
      greeting,
      '',
      STATE_MAIL_MESSAGE[state],
      '',
      '- Plaza: {{vacante}}',
      '- Sede: {{sede}}',
      ...(hired
        ? [
            '',
            '{% if lugar %}Preséntate en:',
            '- Lugar: {{lugar}}',
            '- Fecha: {{fecha}}',
            '- Hora: {{hora}}{% endif %}',
          ]
        : []),
      '',
      c.detail,
      '',
      ifObservations,
      ...(rejected ? ['', 'Consulta las vacantes disponibles en {{enlace_vacantes}}'] : []),
      '',
      '{{seguimiento}}',
    ].join('\n'),
  };
}

const TESTS: EmailTemplateDefinition = {
  key: 'pruebas-enviadas',
  name: 'Pruebas enviadas',
  description: "'Enviar pruebas': las pruebas asignadas con su fecha límite, enlace o archivo.",
  heading: 'Pruebas asignadas',
  placeholders: [
    P.nombre,
    { ...P.vacante, description: "Nombre de la plaza ('la plaza a la que te postulaste' si no se conoce)" },
    required({
      name: 'pruebas',
      description: 'Lista numerada de las pruebas: tipo, fecha límite, enlace o archivo, credenciales, observaciones',
      sample:
        '1. Prueba psicométrica\n   - Tipo: Enlace web\n   - Fecha límite: 01/12/2026\n   - Enlace: https://pruebas.example.com/abc',
      kind: 'block',
    }),
    P.observaciones,
    // This e-mail stands in for the 'pre-pruebas' state e-mail: the same follow-up paragraph.
    required(P.seguimiento),
  ],
  subject: 'Pruebas asignadas: {{vacante}}',
  body: [
    greeting,
    '',
    STATE_MAIL_MESSAGE['pre-pruebas'],
    'Como parte de tu proceso para {{vacante}}, te pedimos completar las siguientes pruebas antes de su fecha límite:',
    '',
    '{{pruebas}}',
    '',
    ifObservations,
    '',
    '{{seguimiento}}',
  ].join('\n'),
};

const DOCUMENTS: EmailTemplateDefinition = {
  key: 'documentos-solicitados',
  name: 'Documentos a actualizar',
  description: 'Solicitud al candidato de volver a subir documentos, con el enlace firmado.',
  heading: 'Documentos a actualizar',
  placeholders: [
    P.nombre,
    { ...P.vacante, description: 'Nombre de la plaza (vacío si la solicitud no es de una plaza)' },
    required({
      name: 'documentos',
      description: 'Lista de los documentos a actualizar',
      sample: '- CV\n- DPI (ambos lados)',
      kind: 'block',
    }),
    { name: 'comentario', description: 'Comentario de GTH', sample: 'El documento no es legible.' },
    { name: 'formatos', description: 'Formatos admitidos', sample: 'PDF, JPG o PNG' },
    { name: 'tamano_maximo', description: 'Tamaño máximo por archivo, en MB', sample: '5' },
    { name: 'dias', description: 'Días de validez del enlace', sample: '7' },
    required({
      name: 'enlace',
      description: 'Enlace firmado para subir los documentos',
      sample: 'https://empleos.ejemplo.org.gt/perfil/documentos/ejemplo',
      kind: 'link',
    }),
  ],
  subject: 'Documentos a actualizar',
  body: [
    greeting,
    '',
    '{% if vacante %}Como parte de tu proceso para {{vacante}}, te pedimos actualizar los siguientes documentos:{% else %}Te pedimos actualizar los siguientes documentos:{% endif %}',
    '{{documentos}}',
    '',
    'Comentario: {{comentario}}',
    '',
    'Súbelos en formato {{formatos}} (máximo {{tamano_maximo}} MB cada uno) desde este enlace, iniciando sesión con tu cuenta. El enlace es válido por {{dias}} días y se puede usar una sola vez.',
    '{{enlace}}',
  ].join('\n'),
};

const INTERVIEW_PLACEHOLDERS: readonly EmailPlaceholder[] = [
  P.nombre,
  { ...P.vacante, description: 'Nombre de la plaza (vacío si no se conoce)' },
  { name: 'fecha', description: 'Día de la entrevista, con el día de la semana', sample: 'jueves 03/12/2026' },
  {
    name: 'hora',
    description: 'Hora de inicio y fin (hora de Guatemala)',
    sample: '09:00 a 10:00 (hora de Guatemala)',
  },
  { name: 'modalidad', description: "'Virtual (Teams)' o 'Presencial'", sample: 'Virtual (Teams)' },
  {
    name: 'enlace',
    description: 'Enlace de la reunión virtual (vacío si es presencial)',
    sample: 'https://teams.microsoft.com/l/meetup-join/ejemplo',
    kind: 'link',
  },
  { name: 'lugar', description: 'Sede, dirección y sala (vacío si es virtual)', sample: '' },
  { name: 'entrevistador', description: 'Entrevistador (vacío si no se indicó)', sample: 'Dra. Pérez' },
  {
    name: 'organiza',
    description: 'Quien programó la entrevista, con su correo',
    sample: 'Laura Gómez (laura@ejemplo.org.gt)',
  },
  { name: 'correo_organizador', description: 'Correo de quien programó la entrevista', sample: 'laura@ejemplo.org.gt' },
  P.observaciones,
];

const forVacancy = '{% if vacante %} para la plaza {{vacante}}{% endif %}';
const interviewDetails = [
  '- Fecha: {{fecha}}',
  '- Hora: {{hora}}',
  '- Modalidad: {{modalidad}}{% if enlace %}',
  '- Enlace de la reunión: {{enlace}}{% endif %}{% if lugar %}',
  '- Lugar: {{lugar}}{% endif %}{% if entrevistador %}',
  '- Entrevistador: {{entrevistador}}{% endif %}',
  '- Organiza: {{organiza}}',
].join('\n');

/** What an invitation (or its change) must say: when, how, and where or the meeting's link. */
const INTERVIEW_DETAILS_REQUIRED = ['fecha', 'hora', 'modalidad', 'enlace', 'lugar'] as const;

function interviewTemplate(
  key: string,
  name: string,
  description: string,
  heading: string,
  subject: string,
  lines: string[],
  requiredNames: readonly string[] = INTERVIEW_DETAILS_REQUIRED,
): EmailTemplateDefinition {
  return {
    key,
    name,
    description,
    heading,
    placeholders: INTERVIEW_PLACEHOLDERS.map((p) => (requiredNames.includes(p.name) ? required(p) : p)),
    subject,
    body: lines.join('\n'),
  };
}

const INTERVIEWS: EmailTemplateDefinition[] = [
  interviewTemplate(
    'entrevista',
    'Entrevista: invitación al candidato',
    'Invitación a la entrevista, con la invitación de calendario, al candidato.',
    'Invitación a entrevista',
    'Invitación a entrevista{% if vacante %}: {{vacante}}{% endif %}',
    [
      greeting,
      '',
      `Te invitamos a una entrevista${forVacancy}. Estos son los datos:`,
      '',
      interviewDetails,
      '',
      ifObservations,
      '',
      'Adjuntamos la invitación de calendario: acéptala para guardarla en tu calendario.',
      'Si no puedes asistir o tienes dudas, escribe a {{correo_organizador}}.',
    ],
  ),
  interviewTemplate(
    'entrevista-reprogramada',
    'Entrevista: reprogramada (candidato)',
    'Aviso al candidato de que su entrevista cambió, con la invitación de calendario actualizada.',
    'Entrevista reprogramada',
    'Entrevista reprogramada{% if vacante %}: {{vacante}}{% endif %}',
    [
      greeting,
      '',
      `Tu entrevista${forVacancy} cambió. Estos son los nuevos datos:`,
      '',
      interviewDetails,
      '',
      ifObservations,
      '',
      'La invitación de calendario adjunta reemplaza la anterior: acéptala para actualizar tu calendario.',
      'Si no puedes asistir o tienes dudas, escribe a {{correo_organizador}}.',
    ],
  ),
  interviewTemplate(
    'entrevista-participante',
    'Entrevista: invitación a participantes',
    'Invitación a la entrevista a cada participante (personal o invitados).',
    'Invitación a entrevista',
    'Entrevista con {{nombre}}{% if vacante %}: {{vacante}}{% endif %}',
    [
      'Hola:',
      '',
      `Se programó una entrevista con {{nombre}}${forVacancy}. Estos son los datos:`,
      '',
      interviewDetails,
      '',
      ifObservations,
      '',
      'Adjuntamos la invitación de calendario: acéptala para guardarla en tu calendario.',
    ],
  ),
  interviewTemplate(
    'entrevista-participante-reprogramada',
    'Entrevista: reprogramada (participantes)',
    'Aviso a cada participante de que la entrevista cambió.',
    'Entrevista reprogramada',
    'Entrevista reprogramada con {{nombre}}{% if vacante %}: {{vacante}}{% endif %}',
    [
      'Hola:',
      '',
      `La entrevista con {{nombre}}${forVacancy} cambió. Estos son los nuevos datos:`,
      '',
      interviewDetails,
      '',
      ifObservations,
      '',
      'La invitación de calendario adjunta reemplaza la anterior: acéptala para actualizar tu calendario.',
    ],
  ),
  interviewTemplate(
    'entrevista-participante-retirada',
    'Entrevista: participante retirado',
    'Aviso a un participante que ya no está en la entrevista reprogramada (la cancelación quita el evento).',
    'Entrevista cancelada',
    'Entrevista cancelada: {{nombre}}{% if vacante %}, {{vacante}}{% endif %}',
    [
      'Hola:',
      '',
      `La entrevista con {{nombre}}${forVacancy} del {{fecha}} se reprogramó y ya no se requiere tu participación.`,
      '',
      ifObservations,
      '',
      'La cancelación adjunta la quita de tu calendario.',
      'Si tienes dudas, escribe a {{correo_organizador}}.',
    ],
    // Which interview it was (the participant may be in several with the same candidate).
    ['fecha'],
  ),
];

/** Issue 24, item 3: the notice before an ended application is anonymised (retention). */
export const RETENTION_NOTICE_TEMPLATE: EmailTemplateDefinition = {
  key: 'retencion-aviso',
  name: 'Aviso de retención de datos',
  description: 'Aviso al candidato, días antes de anonimizar los datos de una postulación terminada.',
  heading: 'Aviso sobre tus datos',
  placeholders: [
    P.nombre,
    { ...P.vacante, description: 'Nombre de la plaza (vacío si la plaza ya no existe)' },
    required({
      name: 'fecha',
      description: 'Fecha en que se anonimizarán los datos (dd/mm/aaaa)',
      sample: '01/12/2026',
    }),
  ],
  subject: 'Aviso sobre tus datos personales',
  body: [
    greeting,
    '',
    'Tu proceso{% if vacante %} para la plaza {{vacante}}{% endif %} terminó. Conforme a nuestra política de retención, el {{fecha}} eliminaremos tus datos personales y documentos de esa postulación.',
    '',
    'Si deseas que conservemos tu información, ingresa a tu cuenta o postúlate a una plaza antes de esa fecha.',
  ].join('\n'),
};

/** Issue 24 item 4: the reminder to an interviewer whose scorecard is missing after the interview. */
export const SCORECARD_REMINDER_TEMPLATE_KEY = 'evaluacion-entrevista-recordatorio';
const SCORECARD_REMINDER: EmailTemplateDefinition = {
  key: SCORECARD_REMINDER_TEMPLATE_KEY,
  name: 'Entrevista: recordatorio de evaluación',
  description:
    'Recordatorio a cada participante del personal que no ha llenado su evaluación al terminar la entrevista (una vez).',
  heading: 'Evaluación de entrevista pendiente',
  placeholders: [
    { name: 'nombre', description: 'Nombre del entrevistador', sample: 'Laura Gómez' },
    { name: 'candidato', description: 'Nombre del candidato', sample: 'Ana López' },
    { ...P.vacante, description: 'Nombre de la plaza (vacío si no se conoce)' },
    { name: 'fecha', description: 'Día y hora de la entrevista', sample: 'jueves 03/12/2026, 09:00 a 10:00' },
    required({
      name: 'enlace',
      description: 'Enlace al detalle del candidato, donde se llena la evaluación',
      sample: 'https://empleos.ejemplo.org.gt/panel/detallecandidato/12',
      kind: 'link',
    }),
  ],
  subject: 'Evaluación pendiente: entrevista con {{candidato}}',
  body: [
    'Hola, {{nombre}}:',
    '',
    'La entrevista con {{candidato}}{% if vacante %} para la plaza {{vacante}}{% endif %} del {{fecha}} terminó y aún no has llenado tu evaluación.',
    '',
    'Llénala en el detalle del candidato:',
    '{{enlace}}',
  ].join('\n'),
};

/** Every e-mail the product sends, in the order the panel lists them. */
export const EMAIL_TEMPLATES: readonly EmailTemplateDefinition[] = [
  ACKNOWLEDGEMENT,
  ...CANDIDATE_STATES.map(stateTemplate),
  TESTS,
  DOCUMENTS,
  ...INTERVIEWS,
  RETENTION_NOTICE_TEMPLATE,
  SCORECARD_REMINDER,
];

export function emailTemplateDefinition(key: string): EmailTemplateDefinition | null {
  return EMAIL_TEMPLATES.find((t) => t.key === key) ?? null;
}

/** The lines every e-mail ends with (the layout's signature; not part of the editable body). */
export const EMAIL_SIGNATURE = [
  'Gestión del Talento Humano · Bolsa de Trabajo',
  'Este es un mensaje automático; no respondas a este correo.',
] as const;

/** The first check of a subject and body (length, required, one-line subject); null when fine. */
export function emailTemplateInputError(subject: string, body: string): string | null {
  const errors = emailTemplateFieldErrors(subject, body);
  return errors.subject ?? errors.body ?? null;
}

/** emailTemplateInputError field by field: the editor says each field's problem under it. */
export function emailTemplateFieldErrors(subject: string, body: string): { subject?: string; body?: string } {
  const errors: { subject?: string; body?: string } = {};
  if (!subject.trim()) errors.subject = EMAIL_TEMPLATE_MESSAGES.subjectRequired;
  else if (/[\r\n]/.test(subject)) errors.subject = EMAIL_TEMPLATE_MESSAGES.subjectOneLine;
  else if (subject.length > EMAIL_TEMPLATE_LIMITS.subjectMax) errors.subject = EMAIL_TEMPLATE_MESSAGES.subjectTooLong;
  if (!body.trim()) errors.body = EMAIL_TEMPLATE_MESSAGES.bodyRequired;
  else if (body.length > EMAIL_TEMPLATE_LIMITS.bodyMax) errors.body = EMAIL_TEMPLATE_MESSAGES.bodyTooLong;
  return errors;
}

/** The placeholder written as staff insert it: `{{nombre}}`. */
export const placeholderToken = (name: string): string => `{{${name}}}`;

/** Whether `source` prints the placeholder: `{{nombre}}`, `{{ nombre }}`, `{{- nombre | strip -}}`. */
function printsPlaceholder(source: string, name: string): boolean {
  return new RegExp(`\\{\\{-?\\s*${name}\\s*(?:\\|[^}]*)?-?\\}\\}`).test(source);
}

/**
 * The message for the first required placeholder (EmailPlaceholder.required) the subject and body
 * do not print, in the template's order; null when all are there. Present means written as
 * `{{ nombre }}` (spaces, filters and `{{- -}}` trims allowed) in the subject or the body, also
 * inside an `{% if %}`; a name only tested by `{% if %}` does not count.
 */
export function missingRequiredPlaceholder(
  def: Pick<EmailTemplateDefinition, 'placeholders'>,
  subject: string,
  body: string,
): string | null {
  for (const p of def.placeholders)
    if (p.required && !printsPlaceholder(subject, p.name) && !printsPlaceholder(body, p.name))
      return EMAIL_TEMPLATE_MESSAGES.requiredPlaceholder(p.name);
  return null;
}
