/** What every e-mail shares: the rendered message, HTML escaping, the layout, the follow-up line. */
import type { CandidateState } from '@bolsa/domain';

/** One message: subject, plain text and HTML, always all three. */
export interface RenderedMail {
  template: string;
  /** The stored template version it was rendered with; null or absent: the default wording (issue 24). */
  templateVersionId?: number | null;
  /**
   * The placeholders' values it was rendered with: the outbox renders it again with the
   * template's current version (enqueueMail) when staff have edited it.
   */
  values?: Record<string, unknown>;
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
export const siteOf = (publicUrl: string): string => publicUrl.replace(/\/+$/, '');

export function layout(title: string, paragraphs: string[]): string {
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
export function followUp(
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
