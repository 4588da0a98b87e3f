/**
 * A page in Spanish for a browser tab that cannot get what it asked for (a file that cannot be
 * opened, an address that is broken or leads nowhere): a person sees a sentence, not JSON. The one
 * place the BFF writes such a page; the texts come from the callers (domain's messages).
 */

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export interface MessagePage {
  title: string;
  /** Paragraphs, as text. */
  lines: string[];
  /** A way on: a link's address and its words. */
  link?: { href: string; text: string };
}

export function messagePage({ title, lines, link }: MessagePage): string {
  const paragraphs = lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('');
  const way = link ? `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.text)}</a></p>` : '';
  return `<!doctype html>
<html lang="es">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 32rem; margin: 3rem auto; padding: 0 1rem; line-height: 1.5">
<main><h1>${escapeHtml(title)}</h1>${paragraphs}${way}</main>
</body>
</html>
`;
}

/** Whether a request is a browser tab's (it prefers HTML to JSON), not a script's. */
export const wantsPage = (accepts: (types: string[]) => string | false): boolean =>
  accepts(['application/json', 'text/html']) === 'text/html';
