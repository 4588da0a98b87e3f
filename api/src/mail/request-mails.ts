/** What is asked of the candidate by e-mail: the assigned tests, the documents to update (issue 12). */
import { formatDate, joinOr, MAX_FILE_MB, STATE_MAIL_MESSAGE, UPLOAD_RULES } from '@bolsa/domain';
import { escapeHtml, siteOf, layout, followUp, type RenderedMail } from './layout.js';

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
