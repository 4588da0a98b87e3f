/**
 * Renders an e-mail template (issue 24): liquidjs with strict variables and filters, no file
 * system, no includes — only the tags and filters domain allows. The subject and the text part are
 * plain text; the HTML part escapes every value (outputEscape) except the blocks the product
 * composes itself (lists, links), and wraps each paragraph in the shared layout.
 */
import {
  EMAIL_SIGNATURE,
  EMAIL_TEMPLATE_FILTERS,
  EMAIL_TEMPLATE_MESSAGES,
  EMAIL_TEMPLATE_TAGS,
  emailTemplateInputError,
  missingRequiredPlaceholder,
  type EmailTemplateDefinition,
} from '@bolsa/domain';
import { Liquid, Tokenizer, TokenKind, type Template } from 'liquidjs';
import { escapeHtml, layout } from './layout.js';

/** A value with its own HTML (a list, a link with its wording): the text part prints `text`. */
export class SafeHtml {
  constructor(
    readonly text: string,
    readonly html: string,
  ) {}
  toString(): string {
    return this.text;
  }
}

export type MailValue = string | SafeHtml;
export type MailValues = Record<string, MailValue>;

/** An address as a value: a link in the HTML part when it is http(s), escaped text otherwise. */
export function linkValue(url: string | null | undefined): MailValue {
  const u = url?.trim() ?? '';
  if (!u) return '';
  const e = escapeHtml(u);
  return new SafeHtml(u, /^https?:\/\//i.test(u) ? `<a href="${e}">${e}</a>` : e);
}

/** The subject and body a message is rendered with, and the stored version they come from (null: the default). */
export interface TemplateText {
  subject: string;
  body: string;
  versionId: number | null;
}

export const defaultText = (def: EmailTemplateDefinition): TemplateText => ({
  subject: def.subject,
  body: def.body,
  versionId: null,
});

function engine(html: boolean): Liquid {
  const liquid = new Liquid({
    strictVariables: true,
    strictFilters: true,
    ownPropertyOnly: true,
    // No file system: include/render/layout are removed below, and an empty in-memory map backs them anyway.
    templates: {},
    ...(html ? { outputEscape: (v: unknown) => (v instanceof SafeHtml ? v.html : escapeHtml(stringOf(v))) } : {}),
  });
  const tags = new Set<string>(EMAIL_TEMPLATE_TAGS);
  for (const name of Object.keys(liquid.tags)) if (!tags.has(name)) delete liquid.tags[name];
  const filters = new Set<string>(EMAIL_TEMPLATE_FILTERS);
  for (const name of Object.keys(liquid.filters)) if (!filters.has(name)) delete liquid.filters[name];
  return liquid;
}

const stringOf = (v: unknown): string => (v === null || v === undefined ? '' : String(v));

const textEngine = engine(false);
const htmlEngine = engine(true);

/**
 * The source with its literal text escaped for HTML (what staff typed is text, never markup); the
 * placeholders and tags stay as written, their values escaped by outputEscape. Liquid's own
 * tokenizer splits it, so literal text is exactly what Liquid would copy out unescaped.
 */
function escapeLiterals(source: string): string {
  return new Tokenizer(source)
    .readTopLevelTokens(htmlEngine.options)
    .map((token) => (token.kind === TokenKind.HTML ? escapeHtml(token.getText()) : token.getText()))
    .join('');
}

/** The paragraphs of a rendered body: split at blank lines, empty ones dropped, lines kept. */
function paragraphs(s: string): string[] {
  return s
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((p) => p.replace(/^(?:[ \t]*\n)+/, '').trimEnd())
    .filter((p) => p.trim() !== '');
}

export interface RenderedParts {
  subject: string;
  text: string;
  html: string;
}

/** Renders a template already checked (see checkTemplate); throws on a template that is not. */
export function renderTemplate(def: EmailTemplateDefinition, t: TemplateText, given: MailValues): RenderedParts {
  // An empty value is nil to Liquid, so `{% if observaciones %}` is false for it ('' is true in Liquid).
  const values = Object.fromEntries(Object.entries(given).map(([k, v]) => [k, v === '' ? null : v]));
  const subject = textEngine.parseAndRenderSync(t.subject, values).replace(/\s+/g, ' ').trim();
  const text = [...paragraphs(textEngine.parseAndRenderSync(t.body, values)), EMAIL_SIGNATURE.join('\n')].join('\n\n');
  const html = layout(
    def.heading,
    paragraphs(htmlEngine.parseAndRenderSync(escapeLiterals(t.body), values)).map((p) => p.split('\n').join('<br>')),
  );
  return { subject, text, html };
}

/** The sample values of a template's placeholders (the preview's data). */
export function sampleValues(def: EmailTemplateDefinition): MailValues {
  const values: MailValues = {};
  for (const p of def.placeholders)
    values[p.name] =
      p.kind === 'link'
        ? linkValue(p.sample)
        : p.kind === 'block'
          ? new SafeHtml(p.sample, escapeHtml(p.sample).replace(/\n/g, '<br>'))
          : p.sample;
  return values;
}

/** Liquid's English errors, in the words staff read. */
function explain(err: unknown, where: 'asunto' | 'cuerpo'): string {
  const message = err instanceof Error ? err.message : String(err);
  const tag = /tag "([^"]+)" not found/.exec(message);
  if (tag) return EMAIL_TEMPLATE_MESSAGES.tagNotAllowed(tag[1]!);
  const filter = /undefined filter: ([\w-]+)/.exec(message);
  if (filter) return EMAIL_TEMPLATE_MESSAGES.filterNotAllowed(filter[1]!);
  const variable = /undefined variable: ([\w-]+)/.exec(message);
  if (variable) return EMAIL_TEMPLATE_MESSAGES.unknownPlaceholder(variable[1]!);
  return EMAIL_TEMPLATE_MESSAGES.syntax(where);
}

/**
 * Why a subject and body cannot be saved or previewed (a Spanish message), or null: the domain's
 * limits, Liquid syntax, tags and filters outside the allowed ones, a placeholder the template
 * does not have (anywhere, also in an `if` not taken), a render with the sample values, and a
 * placeholder the e-mail cannot do without (domain's `required`) that neither prints.
 */
export function checkTemplate(def: EmailTemplateDefinition, subject: string, body: string): string | null {
  const input = emailTemplateInputError(subject, body);
  if (input) return input;
  const known = new Set(def.placeholders.map((p) => p.name));
  for (const [where, source] of [
    ['asunto', subject],
    ['cuerpo', body],
  ] as const) {
    let parsed: Template[];
    try {
      parsed = textEngine.parse(source);
    } catch (err) {
      return explain(err, where);
    }
    try {
      for (const segments of textEngine.globalVariableSegmentsSync(parsed)) {
        const root = String(segments[0]);
        if (!known.has(root) || segments.length > 1)
          return EMAIL_TEMPLATE_MESSAGES.unknownPlaceholder(segments.map(String).join('.'));
      }
    } catch (err) {
      return explain(err, where);
    }
  }
  try {
    renderTemplate(def, { subject, body, versionId: null }, sampleValues(def));
  } catch (err) {
    return explain(err, 'cuerpo');
  }
  return missingRequiredPlaceholder(def, subject, body);
}

/**
 * Why a stored version goes out in the default wording instead (a Spanish message, the one a save
 * of that text would get), or null when it is sent as written. Saves and restores are checked, so
 * only an upgrade makes a stored version fail: a placeholder made required or removed, a tighter
 * limit. The e-mail must still say what the person needs (the link to follow their application),
 * so the default goes until staff save a version that passes; the editor says so (replacedByDefault
 * of the template). The outbox and the editor both ask here.
 */
export function replacedByDefault(def: EmailTemplateDefinition, t: TemplateText): string | null {
  if (t.versionId === null || (t.subject === def.subject && t.body === def.body)) return null;
  return checkTemplate(def, t.subject, t.body);
}
