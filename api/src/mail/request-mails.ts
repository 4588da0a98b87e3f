/** What is asked of the candidate by e-mail: the assigned tests, the documents to update (issue 12). */
import { formatDate, joinOr, MAX_FILE_MB, UPLOAD_RULES } from '@bolsa/domain';
import { escapeHtml, type RenderedMail } from './layout.js';
import { followUpValue, renderMail } from './application-mails.js';
import { linkValue, SafeHtml, type TemplateText } from './render.js';

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
export function testsSent(d: TestsSentData, template?: TemplateText | null): RenderedMail {
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
  const value = (k: string, v: string) =>
    k === 'Enlace' && /^https?:\/\//i.test(v) ? `<a href="${escapeHtml(v)}">${escapeHtml(v)}</a>` : escapeHtml(v);
  const tests = d.tests.length
    ? new SafeHtml(
        d.tests
          .map((t, i) => [`${i + 1}. ${t.name}`, ...lines(t).map(([k, v]) => `   - ${k}: ${v}`)].join('\n'))
          .join('\n\n'),
        d.tests
          .map(
            (t, i) =>
              `<strong>${i + 1}. ${escapeHtml(t.name)}</strong><br>${lines(t)
                .map(([k, v]) => `<strong>${escapeHtml(k)}:</strong> ${value(k, v)}`)
                .join('<br>')}`,
          )
          .join('<br><br>'),
      )
    : '';
  return renderMail(
    TESTS_MAIL,
    {
      nombre: d.name,
      vacante: d.vacancy?.trim() || 'la plaza a la que te postulaste',
      pruebas: tests,
      observaciones: d.observation?.trim() || '',
      seguimiento: followUpValue(d.publicUrl, d.registered, 'pre-pruebas'),
    },
    template,
  );
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
export function documentsRequested(d: DocumentsRequestedData, template?: TemplateText | null): RenderedMail {
  return renderMail(
    DOCUMENTS_MAIL,
    {
      nombre: d.name,
      vacante: d.vacancy?.trim() || '',
      documentos: new SafeHtml(
        d.documents.map((x) => `- ${x}`).join('\n'),
        d.documents.map((x) => `• ${escapeHtml(x)}`).join('<br>'),
      ),
      comentario: d.comment,
      formatos: joinOr(UPLOAD_RULES['requested-document'].formats),
      tamano_maximo: String(MAX_FILE_MB),
      dias: String(d.validDays),
      enlace: linkValue(d.link),
    },
    template,
  );
}
