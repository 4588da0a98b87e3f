import { daysUntil, foldSearch, todayInGuatemala } from './format.js';
import { departmentExists, GEOGRAPHY_MESSAGES, municipalityExists } from './geography.js';
import { entityId, evenWhenFieldsFail, isoDate, LIMITS, optionalText, text, textList, z } from './schema.js';

/*
 * Vacancies (plazas, spec 1 §2.4–2.5, spec 2 §3–5, §8): the create and edit inputs with the
 * spec's titles and messages, list splitting, status spellings, the days-remaining indicator.
 * Used by the board and the vacancy screens, the bff's vacancy resolvers and normaliser, and the
 * api's /guardar/Vacante and /vacantes routes.
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

/** A validation failure with the dialog title the spec gives it. */
export interface RuleFailure {
  title: string;
  message: string;
  field: string;
}

const REQUIRED = 'Campo Obligado';
const BAD_DATE = 'Fecha Inválida';

export const VACANCY_MESSAGES = {
  titleRequired: REQUIRED,
  titleBadDate: BAD_DATE,
  titleBadFile: 'Archivo no válido',
  titleFileTooLarge: 'Archivo muy grande',
  nameRequired: 'Debe de ingresar un nombre de vacante',
  branchRequired: 'Debe de seleccionar una sede',
  placeRequired: 'Debe seleccionar una ubicación',
  departmentRequired: 'Debe seleccionar un departamento para la vacante',
  endDateRequired: 'Debe de seleccionar una fecha de finalización',
  endDateNotFuture: 'La fecha de finalización debe ser posterior a hoy',
  descriptionRequired: 'Debe de ingresar una descripción de la vacante',
  requirementRequired: 'Debe de ingresar al menos un requisito',
  benefitRequired: 'Debe de ingresar al menos un beneficio',
  imageRequired: 'Debe de seleccionar una imagen',
  imageTypeInvalid: 'Solo se permiten archivos JPG, PNG o GIF',
  fileTooLarge: 'El archivo no debe superar los 5MB',
  nameTooLong: `El nombre de la vacante no puede tener más de ${LIMITS.name} caracteres.`,
  descriptionTooLong: `La descripción no puede tener más de ${LIMITS.description} caracteres.`,
  placeTooLong: `La ubicación no puede tener más de ${LIMITS.shortText} caracteres.`,
  endDateInvalid: 'La fecha de finalización no es válida.',
  editRequired: 'Por favor complete los campos obligatorios',
  editDepartment: 'Por favor seleccione un departamento.',
  activateNeedsFutureDate: 'Para activar la plaza, la fecha de finalización debe ser posterior a hoy.',
  reactivateNeedsFutureDate: 'Para reactivar la plaza, debe extender la fecha de finalización a una fecha futura.',
  futureDateHint: 'Para la plaza, la fecha debe ser posterior a hoy',
  notFound: 'No se encontró información de la vacante',
  duplicateCheckFailed: 'No se pudo verificar si existe una plaza con el mismo nombre; el guardado continuará.',
  createFailed: 'Error al guardar la vacante.',
  createdTitle: 'Plaza creada',
  created: 'La plaza ha sido registrada exitosamente',
  updateFailed: 'Error al actualizar la vacante',
  updated: '¡Actualización exitosa!',
  editConfirm: '¿Confirmar cambios?',
  deleted: 'Vacante eliminada correctamente.',
  deleteNotFound: 'La vacante no existe o ya fue eliminada.',
  deleteServerError: 'Error interno del servidor. Contacte al administrador.',
  deleteNetwork: 'Error de conexión. Verifique su conexión a internet e intente nuevamente.',
  deleteDefault: 'No se pudo eliminar la vacante.',
  featuredOn: 'Plaza marcada como destacada',
  featuredOff: 'Plaza desmarcada',
  featuredFailedTitle: 'No se pudo actualizar',
  featuredNotConfirmed: 'El servidor respondió sin confirmar el cambio.',
  featuredError: 'Ocurrió un error al actualizar el estado destacado. Intenta de nuevo.',
  listLoadFailed: 'No se pudieron cargar los datos. Intente nuevamente más tarde.',
  listEmptySearch: 'No hay vacantes que coincidan con tu búsqueda',
  noData: 'Falta información para enviar',
  noImage: 'Falta la imagen para enviar',
} as const;

/** 'Error al actualizar la vacante: {message}' (spec 2 §8, unexpected failure). */
export const vacancyUpdateErrorMessage = (message: string) => `${VACANCY_MESSAGES.updateFailed}: ${message}`;

/** The dialog title of a vacancy message (spec 2 §5): 'Fecha Inválida' for date rules, else 'Campo Obligado'. */
export function vacancyMessageTitle(message: string): string {
  if (message === VACANCY_MESSAGES.endDateNotFuture || message === VACANCY_MESSAGES.activateNeedsFutureDate)
    return BAD_DATE;
  if (message === VACANCY_MESSAGES.imageTypeInvalid) return VACANCY_MESSAGES.titleBadFile;
  if (message === VACANCY_MESSAGES.fileTooLarge) return VACANCY_MESSAGES.titleFileTooLarge;
  return REQUIRED;
}

export interface VacancyDraft {
  name: string;
  branchId: string | null;
  /** lugar: a municipality code, or free text. */
  municipalityId: string | null;
  placeText: string | null;
  departmentId: string | null;
  endsAt: string | null;
  description: string;
  requirements: string[];
  benefits: string[];
  hasImage: boolean;
}

/** Trimmed, non-blank items (blank list items are ignored, spec 2 §5). */
export const cleanItems = (items: readonly string[]) => items.map((s) => s.trim()).filter(Boolean);

/** The order in which the create form checks its fields (spec 2 §5): the first failure is shown. */
const CREATE_ORDER = [
  'name',
  'branchId',
  'municipalityId',
  'departmentId',
  'endsAt',
  'description',
  'requirements',
  'benefits',
  'image',
];

const optionalCode = (exists: (c: unknown) => boolean, message: string) =>
  optionalText({ max: 10, tooLong: message }).refine((v) => v === '' || exists(v), message);

/**
 * The input of a vacancy (GraphQL `VacancyInput`) for create ('create', every rule of spec 2 §5)
 * or edit ('edit', the edit rules). `today` is the calendar date in Guatemala ('YYYY-MM-DD').
 * Output: trimmed texts, ISO end date or null, municipality and department codes or null, lists
 * without blank items. The image is checked where the upload is (`checkNewVacancy`).
 */
export function vacancySchema(mode: 'create' | 'edit', today: string = todayInGuatemala()) {
  const create = mode === 'create';
  const M = VACANCY_MESSAGES;
  return z
    .object({
      name: text({ max: LIMITS.name, required: create ? M.nameRequired : M.editRequired, tooLong: M.nameTooLong }),
      branchId: entityId(create ? M.branchRequired : M.editRequired),
      municipalityId: optionalCode(municipalityExists, GEOGRAPHY_MESSAGES.municipalityNotFound),
      placeText: optionalText({ max: LIMITS.shortText, tooLong: M.placeTooLong }),
      departmentId: optionalCode(departmentExists, GEOGRAPHY_MESSAGES.departmentNotFound),
      endsAt: isoDate({ invalid: M.endDateInvalid }),
      active: z.boolean({ error: 'El valor de activo debe ser verdadero o falso.' }).optional().default(true),
      description: create
        ? text({
            max: LIMITS.description,
            multiline: true,
            required: M.descriptionRequired,
            tooLong: M.descriptionTooLong,
          })
        : optionalText({ max: LIMITS.description, multiline: true, tooLong: M.descriptionTooLong }),
      requirements: create ? textList({ min: { count: 1, message: M.requirementRequired } }) : textList(),
      benefits: create ? textList({ min: { count: 1, message: M.benefitRequired } }) : textList(),
    })
    .superRefine((v, ctx) => {
      // Runs even when a field failed, so that the form's first message follows the spec's
      // order; fields that failed hold their raw input here, hence the type checks.
      const str = (x: unknown) => (typeof x === 'string' ? x.trim() : '');
      const endsAt = /^\d{4}-\d{2}-\d{2}$/.test(str(v.endsAt)) ? str(v.endsAt) : null;
      if (create && !str(v.municipalityId) && !str(v.placeText))
        ctx.addIssue({ code: 'custom', path: ['municipalityId'], message: M.placeRequired });
      if (!str(v.departmentId))
        ctx.addIssue({
          code: 'custom',
          path: ['departmentId'],
          message: create ? M.departmentRequired : M.editDepartment,
        });
      if (create && (v.endsAt === null || v.endsAt === undefined))
        ctx.addIssue({ code: 'custom', path: ['endsAt'], message: M.endDateRequired });
      else if (create && endsAt && endsAt <= today)
        ctx.addIssue({ code: 'custom', path: ['endsAt'], message: M.endDateNotFuture });
      else if (
        !create &&
        v.active !== false &&
        (v.endsAt === null || v.endsAt === undefined || (endsAt && endsAt <= today))
      )
        ctx.addIssue({ code: 'custom', path: ['endsAt'], message: M.activateNeedsFutureDate });
    }, evenWhenFieldsFail)
    .transform((v) => ({
      ...v,
      municipalityId: v.municipalityId || null,
      departmentId: v.departmentId || null,
      placeText: v.municipalityId ? '' : v.placeText,
    }));
}
export type VacancyInput = z.input<ReturnType<typeof vacancySchema>>;
export type VacancyValues = z.output<ReturnType<typeof vacancySchema>>;

/**
 * Runs the vacancy schema and answers the first failure in the form's order with its dialog
 * title, or the checked values.
 */
export function checkVacancy(
  mode: 'create' | 'edit',
  input: unknown,
  today?: string,
): { ok: true; value: VacancyValues } | { ok: false; failure: RuleFailure; failures: RuleFailure[] } {
  const r = vacancySchema(mode, today).safeParse(input);
  if (r.success) return { ok: true, value: r.data };
  const failures = r.error.issues
    .map((i) => ({ field: String(i.path[0] ?? ''), message: i.message, title: vacancyMessageTitle(i.message) }))
    .sort((a, b) => CREATE_ORDER.indexOf(a.field) - CREATE_ORDER.indexOf(b.field));
  return { ok: false, failure: failures[0]!, failures };
}

/** Create-vacancy checks of spec 2 §5, in the spec's order; null when the draft may be saved. */
export function checkNewVacancy(d: VacancyDraft, today: string): RuleFailure | null {
  const r = checkVacancy('create', { ...d, active: true, branchId: d.branchId ?? '' }, today);
  if (!r.ok) return r.failure;
  if (!d.hasImage) return { title: REQUIRED, message: VACANCY_MESSAGES.imageRequired, field: 'image' };
  return null;
}

/** Edit-vacancy checks of spec 2 §5. */
export function checkVacancyEdit(
  d: Pick<VacancyDraft, 'name' | 'branchId' | 'departmentId' | 'endsAt'> & { active: boolean },
  today: string,
): RuleFailure | null {
  const r = checkVacancy('edit', { ...d, branchId: d.branchId ?? '' }, today);
  if (r.ok) return null;
  // The edit form names one message for name and branch together.
  return r.failure.field === 'branchId' ? { ...r.failure, field: 'name' } : r.failure;
}
