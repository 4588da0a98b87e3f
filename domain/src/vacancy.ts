import { daysUntil, todayInGuatemala } from './calendar-date.js';
import { foldSearch } from './search.js';

/*
 * Vacancies (plazas, spec 1 §2.4–2.5, spec 2 §3–5, §8): the spec's messages, list splitting,
 * status spellings, the days-remaining indicator. Used by the board and the vacancy screens, the
 * bff's vacancy normaliser and the api. The back-office messages are in vacancy-messages.ts and
 * the create/edit input schemas in vacancy-input.ts: the public board loads this module, and
 * must not load zod, the municipality list or the back office's words with it.
 */

/** Shown when a vacancy lists no requirements (spec 1 §2.5). */
export const DEFAULT_REQUIREMENTS = [
  'Estudios de diversificado',
  'Mecanografía profesional',
  'Disponibilidad inmediata',
] as const;

/** Shown under 'Ofrecemos' when a vacancy lists no benefits (spec 1 §2.5). */
export const DEFAULT_BENEFITS = [
  'Puesto en planilla',
  'Prestaciones adicionales a las de ley',
  'Horario de lunes a viernes de 08:30 a 17:00, con sábados rotativos',
  'Ambiente laboral agradable',
] as const;

export const NO_DESCRIPTION = 'No hay descripción disponible para esta vacante.';
export const EMPTY_BOARD = 'No hay vacantes disponibles';
/** The public board's vacancy dialogs (detail and application form) when the vacancy is not there. */
export const BOARD_VACANCY_MESSAGES = {
  loadFailed: 'No se pudo cargar la vacante. Revisa tu conexión e inténtalo de nuevo.',
  notFound: 'La vacante no existe o ya no está disponible.',
  unavailable: 'La vacante ya no está disponible.',
} as const;

const BULLET = /^(?:[-•*·▪►✔✓]+|\d+[.)-])\s*/;
const QUOTED = /"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'|“([^”]*)”/g;

const count = (s: string, c: string) => s.split(c).length - 1;

function cleanItem(s: string): string {
  let t = s
    .replace(/\\"/g, '"')
    .trim()
    .replace(/^[[\]{}"'“”\s]+|[[\]{}"'“”\s,;]+$/g, '')
    .replace(BULLET, '')
    .replace(/\s+/g, ' ')
    .trim();
  // Parentheses belong to the text ('Inglés (deseable)') unless left over from a wrapper.
  if (t.startsWith('(') && count(t, '(') > count(t, ')')) t = t.slice(1).trim();
  if (t.endsWith(')') && count(t, ')') > count(t, '(')) t = t.slice(0, -1).trim();
  return t;
}

function splitText(text: string): string[] {
  const s = text.trim();
  if (!s) return [];
  if (s.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(s);
      if (Array.isArray(parsed)) return parsed.flatMap((x) => splitList(x));
    } catch {
      // not JSON: fall through to the lenient parse
    }
  }
  const bracketed = /^[[{(]/.test(s);
  const inner = bracketed ? s.replace(/^[[{(]+|[\]})]+$/g, '') : s;
  const quoted = [...inner.matchAll(QUOTED)].map((m) => m[1] ?? m[2] ?? m[3] ?? '');
  if (quoted.length > 0) return quoted.flatMap(splitText);
  let parts = inner.split(/\r?\n|;|\|/);
  // A comma separates items only inside brackets: in prose it belongs to the sentence.
  if (parts.length === 1 && bracketed) parts = inner.split(',');
  return parts.map(cleanItem).filter(Boolean);
}

/**
 * Splits requirement/benefit lists that arrive as arrays, JSON text, messy bracketed or quoted
 * text ("['a', 'b']", '{"a","b"}', '[a, b]', 'a\nb', '- a; - b') into clean, unique items.
 */
export function splitList(input: unknown): string[] {
  let items: string[];
  if (input === null || input === undefined) items = [];
  else if (Array.isArray(input)) items = input.flatMap((x) => splitList(x));
  else if (typeof input === 'string') items = splitText(input);
  else if (typeof input === 'number') items = [String(input)];
  else items = [];
  const seen = new Set<string>();
  return items.map(cleanItem).filter((x) => x && !seen.has(x.toLowerCase()) && seen.add(x.toLowerCase()));
}

/** Status spellings meaning active/published: '1', 1, true, 'True' (spec 2 §3). */
export function isActiveStatus(raw: unknown): boolean {
  if (raw === true || raw === 1) return true;
  if (typeof raw === 'string') return ['1', 'true'].includes(raw.trim().toLowerCase());
  return false;
}

/** Boolean spellings of destacado and similar flags. */
export function parseFlag(raw: unknown): boolean {
  if (raw === true || raw === 1) return true;
  if (typeof raw === 'string') return ['1', 'true', 'si', 'sí', 'yes'].includes(raw.trim().toLowerCase());
  return false;
}

/**
 * A vacancy is on the public board when its status is '1' and it is still open for applications
 * (no end date, or an end date of today or later): spec 2 §4 "open for applications until the
 * closing date".
 */
export function isOpenForApplications(
  v: { active: boolean; endsAt: string | null },
  today: string = todayInGuatemala(),
): boolean {
  return v.active && (v.endsAt === null || v.endsAt >= today);
}

export type DaysRemainingTone = 'green' | 'orange' | 'red';
/** Days-remaining indicator of the admin grid (spec 2 §4). */
export function daysRemaining(
  endsAt: string | null,
  today?: string,
): { days: number | null; tone: DaysRemainingTone; label: string } {
  if (!endsAt) return { days: null, tone: 'green', label: 'Sin fecha de cierre' };
  const days = daysUntil(endsAt, today);
  if (days > 7) return { days, tone: 'green', label: `${days} días restantes` };
  if (days > 0) return { days, tone: 'orange', label: days === 1 ? '1 día restante' : `${days} días restantes` };
  return { days, tone: 'red', label: 'Vencida' };
}

/** Lower-case, accent-free text for keyword search (the name older callers use for `foldSearch`). */
export const searchKey = foldSearch;
