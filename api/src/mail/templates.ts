import { formatDate } from '@bolsa/domain';

/** One message: subject, plain text and HTML, always all three. */
export interface RenderedMail {
  template: string;
  subject: string;
  text: string;
  html: string;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Every value put into HTML goes through here: names and vacancy titles are user-written. */
export const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

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

export interface ApplicationReceivedData {
  name: string;
  vacancy: string;
  branch: string | null;
  /** When the application was received (ISO date or timestamp). */
  date: string | Date;
  /** A guest is invited to create an account; a registered candidate is pointed to their profile. */
  registered: boolean;
  /** The site's public address, for links ('https://empleos.ejemplo.org.gt'). */
  publicUrl: string;
}

/** Acknowledgement of an application (issue 9): vacancy, branch, date, what happens next. */
export function applicationReceived(d: ApplicationReceivedData): RenderedMail {
  const date = formatDate(d.date instanceof Date ? d.date.toISOString() : d.date);
  const branch = d.branch?.trim() || 'Sede no especificada';
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
