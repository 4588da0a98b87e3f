import { z } from 'zod';
import es from 'zod/v4/locales/es.js';
import { toCalendarDate } from './format.js';
import { DATE_RANGE, LIMITS } from './limits.js';

/*
 * zod's own messages in Spanish for every consumer of the domain (web forms, bff, api): the
 * builders below are used by every entity schema, so importing any of them runs this line first.
 * The entity schemas also carry the specs' own wording wherever the spec gives one.
 */
z.config(es());
// In a browser the CSP refuses 'unsafe-eval', which zod's JIT probes for on the first parse: off here,
// where the web's first zod import evaluates (the web entry's own code runs after its chunks).
if ('document' in globalThis) z.config({ jitless: true });

export { z };

export { DATE_RANGE, LIMITS };

const listItemTooLong = (max: number) => `Cada elemento puede tener como máximo ${max} caracteres.`;

export const COMMON_MESSAGES = {
  required: 'Este campo es obligatorio.',
  notText: 'Se esperaba un texto.',
  control: 'El texto contiene caracteres no permitidos.',
  tooLong: (max: number) => `El texto no puede tener más de ${max} caracteres.`,
  notList: 'Se esperaba una lista.',
  tooManyItems: (max: number) => `La lista no puede tener más de ${max} elementos.`,
  /** The per-item limit of a list, said on its own (the item field while it is typed). */
  listItemTooLong,
  /** An item typed over the limit and not added to its list (it stays in the field to be shortened). */
  listItemNotAdded: (max: number, length: number) =>
    `No se agregó: tiene ${length} caracteres. ${listItemTooLong(max)}`,
  /**
   * A list item over the limit that reached the save (old data, another client): which one it is,
   * by its position and first words, then the rule: 'El requisito 2 («Título de…») tiene 1000
   * caracteres. Cada elemento puede tener como máximo 300 caracteres.'
   */
  listItemTooLongAt: (max: number, position: number, item: string, noun = 'elemento') =>
    `El ${noun} ${position} («${firstWords(item)}») tiene ${item.length} caracteres. ${listItemTooLong(max)}`,
  dateInvalid: 'La fecha no es válida.',
  dateOutOfRange: 'La fecha debe estar entre 01/01/1900 y 31/12/2100.',
  urlInvalid: 'Ingresa un enlace válido (https://…)',
  urlUserInfo: 'El enlace no puede incluir usuario ni contraseña.',
  optionInvalid: 'La opción elegida no es válida.',
  idInvalid: 'Identificador inválido',
  emailInvalid: 'Formato de correo inválido.',
  flagInvalid: 'Se esperaba verdadero o falso.',
  numberInvalid: 'Formato inválido',
} as const;

/** The first words of a text, up to about 40 characters, for naming it in a message. */
export function firstWords(s: string, max = 40): string {
  const t = s.trim().replace(/\s+/g, ' ');
  if (t.length <= max) return t;
  const cut = t.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** C0 control characters and DEL. PostgreSQL cannot store NUL; the others only hide text. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_SINGLE_LINE = /[\u0000-\u001F\u007F]/;
/** The same, letting line breaks and tabs through in multi-line text. */
// eslint-disable-next-line no-control-regex -- as above
const CONTROL_MULTI_LINE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** True when `s` holds a control character that the product refuses (see `text`). */
export function hasControlCharacters(s: string, multiline = false): boolean {
  return (multiline ? CONTROL_MULTI_LINE : CONTROL_SINGLE_LINE).test(s);
}

const isMissing = (input: unknown) => input === undefined || input === null;

/**
 * A schema that reads any input through `read` (which reports its own Spanish issues). Absent
 * object keys go through `read` too: zod would otherwise answer its own 'nonoptional' issue.
 */
export function fromUnknown<T>(read: (raw: unknown, ctx: z.core.$RefinementCtx<unknown>) => T) {
  return z
    .unknown()
    .transform((raw, ctx) => read(raw, ctx))
    .prefault(undefined);
}

/**
 * A schema built the first time it is asked for, then shared (zod schemas are immutable). Rules
 * kept at a module's top level are built when the module is loaded: on a cheap phone the
 * application form's modules spent ~20 ms of one task building rows and fields nobody had used
 * yet (issue 22). Call the returned function where the schema is needed.
 */
export function builtOnFirstUse<T>(build: () => T): () => T {
  let built: T | undefined;
  return () => (built ??= build());
}

export interface TextOptions {
  /** Maximum length after trimming. */
  max: number;
  /** Message when missing or blank; without it the text is optional and reads '' when absent. */
  required?: string;
  /** Minimum length after trimming, with its message. */
  min?: { length: number; message: string };
  /** Lets \n, \r and \t through (descriptions, notes); refused in single-line text. */
  multiline?: boolean;
  /** Message when longer than `max` (default: 'El texto no puede tener más de N caracteres.'). */
  tooLong?: string;
}

/**
 * A trimmed text field. Control characters are refused rather than stripped: a NUL or an escape
 * in a name is a sign of a broken client or of an attack, and silently changing what a user
 * typed would hide it. Returns '' for missing optional text.
 */
export function text(o: TextOptions) {
  // The checks run in this order. Given to zod at once: each chained `.trim()`, `.min()`… builds a
  // whole new schema, and the web's application form builds some hundred of these as its modules
  // are evaluated (a third as long this way, ~0.1 s less on a cheap phone, issue 22).
  return z
    .string({
      error: (iss) => (isMissing(iss.input) ? (o.required ?? COMMON_MESSAGES.notText) : COMMON_MESSAGES.notText),
    })
    .check(
      z.trim(),
      ...(o.required ? [z.minLength(1, o.required)] : []),
      ...(o.min ? [z.minLength(o.min.length, o.min.message)] : []),
      z.maxLength(o.max, o.tooLong ?? COMMON_MESSAGES.tooLong(o.max)),
      z.refine((v: string) => !hasControlCharacters(v, o.multiline), COMMON_MESSAGES.control),
    );
}

/** Optional text: absent or null read as ''. */
export function optionalText(o: Omit<TextOptions, 'required'>) {
  return text(o)
    .nullish()
    .transform((v) => v ?? '');
}

/**
 * For object refinements that must run even when a field failed (so that every message, in the
 * form's order, is reported): run whenever the input is an object at all.
 */
export const evenWhenFieldsFail = {
  when: (payload: { value: unknown }) =>
    typeof payload.value === 'object' && payload.value !== null && !Array.isArray(payload.value),
};

export interface ListOptions {
  /** Maximum number of items (default 30). */
  max?: number;
  /** Maximum length of an item (default 300). */
  itemMax?: number;
  /** Minimum number of non-blank items, with its message. */
  min?: { count: number; message: string };
  /** The noun for one item in the message naming an item too long ('requisito'; default 'elemento'). */
  itemNoun?: string;
}

/**
 * A list of short texts (requirements, benefits): items trimmed, blank items dropped (spec 2 §5
 * "blank list items are ignored"), at most 30 items of at most 300 characters. An item too long is
 * named in its message (position and first words) on its own path ('requirements.2').
 */
export function textList(o: ListOptions = {}) {
  const max = o.max ?? LIMITS.listItems;
  const itemMax = o.itemMax ?? LIMITS.listItem;
  const min = o.min;
  const list = z
    .array(text({ max: Number.MAX_SAFE_INTEGER }), {
      error: (iss) => (isMissing(iss.input) && min ? min.message : COMMON_MESSAGES.notList),
    })
    .max(max, COMMON_MESSAGES.tooManyItems(max))
    .superRefine((items, ctx) => {
      items.forEach((item, i) => {
        if (item.length > itemMax)
          ctx.addIssue({
            code: 'custom',
            path: [i],
            input: item,
            message: COMMON_MESSAGES.listItemTooLongAt(itemMax, i + 1, item, o.itemNoun),
          });
      });
    })
    .transform((items) => items.filter(Boolean));
  // Without a minimum, an absent list is an empty one.
  return min ? list.refine((items) => items.length >= min.count, min.message) : list.default([]);
}

export interface DateOptions {
  /** Message when missing or blank; without it the date is optional (null when absent). */
  required?: string;
  /** Message when not a date. */
  invalid?: string;
}

/**
 * A calendar date, accepted as 'YYYY-MM-DD' or the other spellings `toCalendarDate` reads
 * (dd/mm/yyyy among them), answered as 'YYYY-MM-DD' within `DATE_RANGE`.
 */
export function isoDate(o: DateOptions & { required: string }): z.ZodType<string, unknown>;
export function isoDate(o?: DateOptions): z.ZodType<string | null, unknown>;
export function isoDate(o: DateOptions = {}): z.ZodType<string | null, unknown> {
  const invalid = o.invalid ?? COMMON_MESSAGES.dateInvalid;
  return fromUnknown((raw, ctx): string | null => {
    if (isMissing(raw) || (typeof raw === 'string' && raw.trim() === '')) {
      if (!o.required) return null;
      ctx.addIssue({ code: 'custom', message: o.required });
      return z.NEVER;
    }
    const iso = typeof raw === 'string' && raw.length <= 40 ? toCalendarDate(raw) : null;
    if (!iso) {
      ctx.addIssue({ code: 'custom', message: invalid });
      return z.NEVER;
    }
    if (iso < DATE_RANGE.min || iso > DATE_RANGE.max) {
      ctx.addIssue({ code: 'custom', message: COMMON_MESSAGES.dateOutOfRange });
      return z.NEVER;
    }
    return iso;
  });
}

/**
 * An http(s) URL without user-info: 'https://example.com@evil.example/' reads as a link to
 * example.com to a person and goes to evil.example in a browser, so it is refused.
 */
export function isSafeHttpUrl(raw: string): boolean {
  const s = raw.trim();
  if (!s || /\s/.test(s) || hasControlCharacters(s)) return false;
  let u: URL;
  try {
    u = new URL(s);
  } catch {
    return false;
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') return false;
  if (u.username !== '' || u.password !== '') return false;
  return u.hostname !== '';
}

export function httpUrl(o: { required?: string; invalid?: string } = {}) {
  const invalid = o.invalid ?? COMMON_MESSAGES.urlInvalid;
  return text({ max: LIMITS.url, required: o.required ?? invalid }).superRefine((v, ctx) => {
    if (isSafeHttpUrl(v)) return;
    let userInfo = false;
    try {
      const u = new URL(v);
      userInfo = (u.protocol === 'https:' || u.protocol === 'http:') && (u.username !== '' || u.password !== '');
    } catch {
      // not a URL at all
    }
    ctx.addIssue({ code: 'custom', message: userInfo ? COMMON_MESSAGES.urlUserInfo : invalid });
  });
}

/** One of `values`, exactly (no case folding, no default): anything else gets `message`. */
export function oneOf<const T extends readonly [string, ...string[]]>(
  values: T,
  message: string = COMMON_MESSAGES.optionInvalid,
) {
  return z.enum(values, { error: message });
}

/** Exactly `length` digits after trimming (phone 8, DPI 13). */
export function digits(length: number, message: string, required: string = message) {
  return text({ max: length + 40, required }).regex(new RegExp(`^\\d{${length}}$`), message);
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
/** The e-mail pattern of the forms (spec 1 §5.2 'pattern check'). */
export const isEmail = (s: string) => EMAIL.test(s.trim());

/** An e-mail address, trimmed and lower-cased. */
export function email(o: { required?: string; invalid?: string } = {}) {
  const invalid = o.invalid ?? COMMON_MESSAGES.emailInvalid;
  return text({ max: LIMITS.email, required: o.required ?? invalid, tooLong: invalid })
    .refine(isEmail, invalid)
    .transform((v) => v.toLowerCase());
}

const INT4_MAX = 2_147_483_647;

/** A database id as the api's serial columns hold it: 1 … 2,147,483,647, written in digits. */
export function isEntityId(raw: unknown): boolean {
  const s = typeof raw === 'number' ? String(raw) : raw;
  if (typeof s !== 'string' || !/^\d{1,10}$/.test(s)) return false;
  const n = Number(s);
  return n >= 1 && n <= INT4_MAX;
}

/** An entity id (string or number in, canonical digit string out). */
export function entityId(message: string = COMMON_MESSAGES.idInvalid) {
  return z
    .union([z.string(), z.number()], { error: message })
    .refine(isEntityId, message)
    .transform((v) => String(Number(v)));
}

/** A yes/no flag as JSON true/false or the spellings forms send ('true', '1', 1, '0'…). */
export function flag(message: string = COMMON_MESSAGES.flagInvalid) {
  return fromUnknown((raw, ctx): boolean => {
    if (raw === true || raw === 1 || raw === '1' || raw === 'true') return true;
    if (raw === false || raw === 0 || raw === '0' || raw === 'false') return false;
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  });
}

/** One failing field: a dotted path ('experiences.1.from') and its Spanish message. */
export interface FieldError {
  path: string;
  message: string;
}

export function fieldErrors(error: z.ZodError): FieldError[] {
  return error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
}

export type Checked<T> = { ok: true; value: T } | { ok: false; message: string; fields: FieldError[] };

/**
 * Runs a schema and answers the value or the failing fields with the first message (the one a
 * dialog shows), so bff and api answer the same words the web form shows.
 */
export function check<S extends z.ZodType>(schema: S, input: unknown): Checked<z.output<S>> {
  const r = schema.safeParse(input);
  if (r.success) return { ok: true, value: r.data };
  const fields = fieldErrors(r.error);
  return { ok: false, message: fields[0]?.message ?? COMMON_MESSAGES.optionInvalid, fields };
}

/** 'HH:MM' from 'H:MM', 'HH:MM' or 'HH:MM:SS' (24 h); null when not a time of day. */
export function toClockTime(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const m = /^(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(raw.trim());
  if (!m) return null;
  const h = Number(m[1]);
  const min = Number(m[2]);
  return h <= 23 && min <= 59 ? `${String(h).padStart(2, '0')}:${m[2]}` : null;
}

/** A time of day, answered as 'HH:MM'. */
export function clockTime(o: { required: string; invalid?: string }) {
  return fromUnknown((raw, ctx): string => {
    if (isMissing(raw) || (typeof raw === 'string' && !raw.trim())) {
      ctx.addIssue({ code: 'custom', message: o.required });
      return z.NEVER;
    }
    const t = toClockTime(raw);
    if (!t) {
      ctx.addIssue({ code: 'custom', message: o.invalid ?? o.required });
      return z.NEVER;
    }
    return t;
  });
}
