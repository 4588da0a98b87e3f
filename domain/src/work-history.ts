import { builtOnFirstUse, LIMITS, optionalText, z } from './schema.js';

/**
 * Experiences and references, shared by the application form (spec 1 §5.2) and the candidate
 * profile (spec 1 §5.3): the rows, what makes a row complete, and the date rules (no future
 * dates, start not after end, no overlaps).
 */
export const WORK_HISTORY_MESSAGES = {
  futureDate: 'No se puede seleccionar una fecha futura',
  startAfterEnd: 'La fecha de inicio no puede ser posterior a la fecha de fin.',
  dateInvalid: 'La fecha no es válida.',
  phoneDigits: 'El teléfono debe tener 8 dígitos',
  companyTooLong: `El nombre de la empresa no puede tener más de ${LIMITS.name} caracteres.`,
  positionTooLong: `El puesto no puede tener más de ${LIMITS.name} caracteres.`,
  descriptionTooLong: `La descripción no puede tener más de ${LIMITS.note} caracteres.`,
  referenceNameTooLong: `El nombre de la referencia no puede tener más de ${LIMITS.name} caracteres.`,
  tooManyRows: 'Puedes ingresar como máximo 20 filas.',
} as const;

/** Most rows of experiences or of each kind of reference that one form may send. */
export const MAX_HISTORY_ROWS = 20;

/** A date of a row: '' when not filled yet (a row may be incomplete), else 'YYYY-MM-DD'. */
const rowDate = () =>
  optionalText({ max: 10 }).refine(
    (v) => v === '' || (/^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v)) && v >= '1900-01-01'),
    WORK_HISTORY_MESSAGES.dateInvalid,
  );

/** One experience row (Empresa, Puesto, Desde, Hasta, Descripcion); fields may still be empty. */
export const experienceSchema = builtOnFirstUse(() => {
  const date = rowDate();
  return z.object({
    company: optionalText({ max: LIMITS.name, tooLong: WORK_HISTORY_MESSAGES.companyTooLong }),
    position: optionalText({ max: LIMITS.name, tooLong: WORK_HISTORY_MESSAGES.positionTooLong }),
    from: date,
    to: date,
    description: optionalText({
      max: LIMITS.note,
      multiline: true,
      tooLong: WORK_HISTORY_MESSAGES.descriptionTooLong,
    }),
  });
});
export type Experience = z.output<ReturnType<typeof experienceSchema>>;

/** One reference row (nombre, teléfono); fields may still be empty. */
export const referenceSchema = builtOnFirstUse(() =>
  z.object({
    name: optionalText({ max: LIMITS.name, tooLong: WORK_HISTORY_MESSAGES.referenceNameTooLong }),
    phone: optionalText({ max: 8, tooLong: WORK_HISTORY_MESSAGES.phoneDigits }).refine(
      (v) => v === '' || /^\d{8}$/.test(v),
      WORK_HISTORY_MESSAGES.phoneDigits,
    ),
  }),
);
export type Reference = z.output<ReturnType<typeof referenceSchema>>;

export const rowsOf = <T extends z.ZodType>(row: T) =>
  z.array(row).max(MAX_HISTORY_ROWS, WORK_HISTORY_MESSAGES.tooManyRows).default([]);
/** The experiences of a form, and its references of one kind (each list at most MAX_HISTORY_ROWS). */
export const experienceRows = builtOnFirstUse(() => rowsOf(experienceSchema()));
export const referenceRows = builtOnFirstUse(() => rowsOf(referenceSchema()));

export const isCompleteExperience = (e: Experience) =>
  Boolean(e.company && e.position && e.from && e.to && e.description);
export const isCompleteReference = (r: Reference) => Boolean(r.name && /^\d{8}$/.test(r.phone));
const isBlankExperience = (e: Experience) => !e.company && !e.position && !e.from && !e.to && !e.description;

/** A row's name in messages: its company, else 'la experiencia N'. */
const rowLabel = (e: Experience, i: number) => e.company || `la experiencia ${i + 1}`;

export interface DateIssue {
  index: number;
  field: 'from' | 'to';
  message: string;
}

/**
 * The date rules of experiences: no date after `today`, start not after end, and no two
 * experiences overlapping (sharing only a boundary day is allowed: one job may end the day the
 * next starts). `overlapSuffix` is what the form adds after 'Las fechas de X y Y se traslapan.'.
 */
export function experienceDateIssues(
  experiences: readonly Experience[],
  today: string,
  overlapSuffix = '',
): DateIssue[] {
  const issues: DateIssue[] = [];
  experiences.forEach((e, i) => {
    if (isBlankExperience(e)) return;
    if (e.from && e.from > today) issues.push({ index: i, field: 'from', message: WORK_HISTORY_MESSAGES.futureDate });
    if (e.to && e.to > today) issues.push({ index: i, field: 'to', message: WORK_HISTORY_MESSAGES.futureDate });
    if (e.from && e.to && e.from > e.to)
      issues.push({ index: i, field: 'from', message: WORK_HISTORY_MESSAGES.startAfterEnd });
  });
  const dated = experiences.map((e, i) => ({ e, i })).filter(({ e }) => e.from && e.to && e.from <= e.to);
  for (let a = 0; a < dated.length; a++)
    for (let b = a + 1; b < dated.length; b++) {
      const x = dated[a]!;
      const y = dated[b]!;
      if (x.e.from < y.e.to && y.e.from < x.e.to) {
        const message = `Las fechas de ${rowLabel(x.e, x.i)} y ${rowLabel(y.e, y.i)} se traslapan.${overlapSuffix}`;
        issues.push({ index: y.i, field: 'from', message });
      }
    }
  return issues;
}

/** 8-digit Guatemalan phone typed as digits only (spec 1 §5.2 typing filter). */
export const phoneInput = (raw: string) => raw.replace(/\D/g, '').slice(0, 8);
