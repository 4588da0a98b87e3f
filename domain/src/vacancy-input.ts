import { departmentExists, GEOGRAPHY_MESSAGES, municipalityExists } from './geography.js';
import { UPLOAD_RULES } from './files.js';
import { GENERIC_MESSAGES } from './messages.js';
import { todayInGuatemala } from './calendar-date.js';
import { evenWhenFieldsFail, isoDate, LIMITS, optionalText, text, textList, z } from './schema.js';
import { VACANCY_MESSAGES, type RuleFailure } from './vacancy-messages.js';

/*
 * The create and edit input of a vacancy (spec 2 §5) with the spec's titles and messages, in the
 * form's order. Used by the create/edit screens, the bff's vacancy mutations and the api's
 * /guardar/Vacante and /vacantes/{id}.
 */

const REQUIRED = VACANCY_MESSAGES.titleRequired;
const BAD_DATE = VACANCY_MESSAGES.titleBadDate;

/** The dialog title of a vacancy message (spec 2 §5): 'Fecha Inválida' for date rules, else 'Campo Obligado'. */
export function vacancyMessageTitle(message: string): string {
  if (message === VACANCY_MESSAGES.endDateNotFuture || message === VACANCY_MESSAGES.activateNeedsFutureDate)
    return BAD_DATE;
  for (const purpose of ['vacancy-image', 'vacancy-image-edit'] as const) {
    const { invalid, tooLarge } = UPLOAD_RULES[purpose];
    if (message === invalid.message) return invalid.title;
    if (message === tooLarge.message) return tooLarge.title;
  }
  return REQUIRED;
}

/** Trimmed, non-blank items (blank list items are ignored, spec 2 §5). */
export const cleanItems = (items: readonly string[]) => items.map((s) => s.trim()).filter(Boolean);

/** The order in which the create form checks its fields (spec 2 §5): the first failure is shown. */
export const VACANCY_FIELD_ORDER: readonly string[] = [
  'name',
  'branchId',
  'municipalityId',
  'placeText',
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
 * without blank items. The image is checked where the upload is
 * (the form, the bff's vacancy mutation and the api's intake).
 */
export function vacancySchema(mode: 'create' | 'edit', today: string = todayInGuatemala()) {
  const create = mode === 'create';
  const M = VACANCY_MESSAGES;
  return z
    .object({
      name: text({ max: LIMITS.name, required: create ? M.nameRequired : M.editRequired, tooLong: M.nameTooLong }),
      // The form holds the branch's GraphQL id (opaque); the servers also check that it is a
      // database id (`isEntityId`) before they look it up.
      branchId: text({ max: 40, required: create ? M.branchRequired : M.editRequired }),
      municipalityId: optionalCode(municipalityExists, GEOGRAPHY_MESSAGES.municipalityNotFound),
      placeText: optionalText({ max: LIMITS.shortText, tooLong: M.placeTooLong }),
      departmentId: optionalCode(departmentExists, GEOGRAPHY_MESSAGES.departmentNotFound),
      endsAt: isoDate({ invalid: M.endDateInvalid }),
      active: z.boolean({ error: GENERIC_MESSAGES.activeInvalid }).optional().default(true),
      description: create
        ? text({
            max: LIMITS.description,
            multiline: true,
            required: M.descriptionRequired,
            tooLong: M.descriptionTooLong,
          })
        : optionalText({ max: LIMITS.description, multiline: true, tooLong: M.descriptionTooLong }),
      requirements: textList({
        itemNoun: 'requisito',
        ...(create ? { min: { count: 1, message: M.requirementRequired } } : {}),
      }),
      benefits: textList({
        itemNoun: 'beneficio',
        ...(create ? { min: { count: 1, message: M.benefitRequired } } : {}),
      }),
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
    .sort((a, b) => VACANCY_FIELD_ORDER.indexOf(a.field) - VACANCY_FIELD_ORDER.indexOf(b.field));
  return { ok: false, failure: failures[0]!, failures };
}
