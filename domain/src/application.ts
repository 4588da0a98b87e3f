import { isValidCui } from './geography.js';
import { todayInGuatemala } from './calendar-date.js';
import { builtOnFirstUse, entityId, evenWhenFieldsFail, isEmail, LIMITS, oneOf, text, z } from './schema.js';
import {
  experienceDateIssues,
  experienceRows,
  isCompleteExperience,
  isCompleteReference,
  referenceRows,
} from './work-history.js';

/**
 * The application form 'Formulario de Postulación' (spec 1 §2.6, §3, §5.2, §8) in its two modes:
 * 'guest' (anonymous, short validation: CV route) and 'registered' (role 4 with a user id, full
 * validation, the four documents). Used by the application modal, the bff's application
 * mutation and the api's POST /guardar/Postulante.
 */
export const APPLICATION_MESSAGES = {
  /** The form's title (the modal's heading and the form's accessible name). */
  formTitle: 'Formulario de Postulación',
  incompleteTitle: 'Formulario incompleto',
  nameRequired: 'Ingresa tu nombre completo.',
  nameLetters: 'El nombre solo puede contener letras, tildes y espacios.',
  nameTooLong: `El nombre no puede tener más de ${LIMITS.name} caracteres.`,
  dpiDigits: 'El DPI debe tener 13 dígitos',
  dpiInvalid: 'El CUI/DPI no es válido. Revisa los 13 dígitos.',
  addressRequired: 'Ingresa tu dirección.',
  addressTooLong: `La dirección no puede tener más de ${LIMITS.shortText} caracteres.`,
  phoneDigits: 'El teléfono debe tener 8 dígitos',
  emailFormatGuest: 'Formato de correo inválido.',
  emailInvalid: 'Email inválido',
  maritalStatusRequired: 'Selecciona tu estado civil.',
  ageGuest: 'Ingresa una edad válida (15–80).',
  ageMin: 'Debe ser mayor de 18 años',
  ageMax: 'La edad máxima permitida es 60 años',
  levelRequired: 'Selecciona tu nivel educativo.',
  yesNoRequired: 'Selecciona una opción.',
  salaryRequired: 'Ingresa tu pretensión salarial.',
  salaryNegative: 'La pretensión no puede ser negativa',
  salaryTooHigh: 'La pretensión excede el rango',
  salaryFormat: 'Formato inválido',
  experienceRequired: 'Agrega al menos una experiencia completa (empresa, puesto, fechas y descripción).',
  personalReferenceRequired: 'Agrega al menos una referencia personal con nombre y teléfono.',
  workReferenceRequired: 'Agrega al menos una referencia laboral con nombre y teléfono.',
  curriculumGuest: 'Debes adjuntar tu Hoja de Vida (PDF).',
  curriculumRequired: 'El currículum es obligatorio',
  photoRequired: 'La fotografía es obligatoria',
  dpiScanRequired: 'El DPI escaneado es obligatorio',
  policeRecordRequired: 'Los antecedentes policiales son obligatorios',
  criminalRecordRequired: 'Los antecedentes penales son obligatorios',
  overlapSuffix: ' Por favor ajusta las fechas.',
  // Duplicate check and submission (spec 1 §8).
  conflictTitle: 'Revisa tus datos',
  conflictDefault: 'No se puede enviar: datos en uso para esta vacante.',
  conflictOnBlur: 'Dato en uso para esta vacante.',
  alreadyAppliedUser: 'Ya tienes una postulación a esta vacante.',
  alreadyAppliedHint: 'Puedes ver su estado en Mis Postulaciones.',
  myApplications: 'Ver Mis Postulaciones',
  otherVacancies: 'Ver otras vacantes',
  emailInUseForVacancy: 'Ese correo ya está en uso para esta vacante. Usa otro correo.',
  /**
   * Past the per-address limit of duplicate checks (issue 22): the check asks for the captcha
   * before it looks the DPI and e-mail up.
   */
  checkCaptchaTitle: 'Verificación de seguridad',
  checkCaptchaRequired:
    'Por seguridad, escribe el código de verificación para comprobar tus datos y enviar tu postulación.',
  checkCaptchaMissing: 'Escribe los caracteres de la imagen.',
  /**
   * A guest address past its cap of refused applications (issue 22): the form is not read; the
   * answer says when to try again (Retry-After). `minutes` is that wait, rounded up.
   */
  applyThrottledTitle: 'Demasiados intentos',
  applyThrottled: (minutes: number) =>
    `Se rechazaron demasiadas postulaciones desde tu conexión. Espera ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'} e intenta de nuevo; tus datos siguen en el formulario.`,
  checkFailedTitle: 'Error al validar',
  checkFailed: 'No se pudo verificar tu postulación. Intenta de nuevo.',
  submitFailedTitle: 'Error interno del servidor',
  submitFailed: 'Inténtalo de nuevo más tarde.',
  successTitle: '¡Postulación Exitosa!',
  successRegistered:
    'Postulación enviada exitosamente! Puedes ver el estado de tu postulación en tu bandeja de perfil.',
  successGuest: '¡CV enviado! Tu solicitud ha sido recibida correctamente.',
  ok: 'Entendido',
  sending: 'Enviando...',
  submit: 'Enviar Postulación',
  experienceHint: 'Ingresa tus experiencias laborales más recientes.',
} as const;

/** Duplicate-check conflict codes (spec 1 §3, §8) and what each says. */
export const APPLICATION_CONFLICTS = [
  'dpi',
  'email',
  'usuario',
  'ya_aplico',
  'dpi_email_mismatch',
  'email_dpi_mismatch',
] as const;
export type ApplicationConflict = (typeof APPLICATION_CONFLICTS)[number];
export const APPLICATION_CONFLICT_MESSAGE: Record<ApplicationConflict, string> = {
  dpi: 'Ese CUI/DPI ya tiene una postulación en curso para esta vacante.',
  email: 'Ese correo ya tiene una postulación en curso para esta vacante.',
  usuario: 'Ese correo pertenece a otro usuario registrado para esta vacante.',
  ya_aplico: 'Ya realizaste una postulación a esta plaza. Inicia sesión para actualizar tu información.',
  dpi_email_mismatch: 'Este CUI/DPI ya está asociado a otro correo.',
  email_dpi_mismatch: 'Este correo ya está asociado a otro CUI/DPI.',
};
/**
 * The message of a conflict: the server's when given, else the conflict's, else the default. A
 * logged-in candidate (`registered`) who already applied is told so in the words of spec 1 §8's
 * check at login, never asked to 'Inicia sesión' (issue 20).
 */
export function conflictMessage(conflict: unknown, serverMessage?: string | null, mode?: ApplicationMode): string {
  if (mode === 'registered' && conflict === 'ya_aplico') return APPLICATION_MESSAGES.alreadyAppliedUser;
  if (serverMessage && serverMessage.trim()) return serverMessage.trim();
  return typeof conflict === 'string' && Object.hasOwn(APPLICATION_CONFLICT_MESSAGE, conflict)
    ? APPLICATION_CONFLICT_MESSAGE[conflict as ApplicationConflict]
    : APPLICATION_MESSAGES.conflictDefault;
}

export const MARITAL_STATUSES = ['Soltero', 'Casado', 'Divorciado', 'Viudo', 'Union de hecho'] as const;
export type MaritalStatus = (typeof MARITAL_STATUSES)[number];
/** How each marital status is shown (the stored value of spec 1 §3 has no accent). */
export const MARITAL_STATUS_LABEL: Record<MaritalStatus, string> = {
  Soltero: 'Soltero',
  Casado: 'Casado',
  Divorciado: 'Divorciado',
  Viudo: 'Viudo',
  'Union de hecho': 'Unión de hecho',
};
export const EDUCATION_LEVELS = [
  'Primaria',
  'Básicos',
  'Diversificado',
  'Universidad',
  'Maestría',
  'Doctorado',
] as const;
export type EducationLevel = (typeof EDUCATION_LEVELS)[number];

/** The GraphQL MaritalStatus value of each domain value (the enum resolvers of the bff). */
export const MARITAL_STATUS_OF_ENUM = {
  SOLTERO: 'Soltero',
  CASADO: 'Casado',
  DIVORCIADO: 'Divorciado',
  VIUDO: 'Viudo',
  UNION_DE_HECHO: 'Union de hecho',
} as const satisfies Record<string, MaritalStatus>;
/** The GraphQL EducationLevel value of each domain value (the enum resolvers of the bff). */
export const EDUCATION_LEVEL_OF_ENUM = {
  PRIMARIA: 'Primaria',
  BASICOS: 'Básicos',
  DIVERSIFICADO: 'Diversificado',
  UNIVERSIDAD: 'Universidad',
  MAESTRIA: 'Maestría',
  DOCTORADO: 'Doctorado',
} as const satisfies Record<string, EducationLevel>;
/** The GraphQL value of each domain marital status and education level (the web's form mapping). */
export const MARITAL_STATUS_ENUM_OF = Object.fromEntries(
  Object.entries(MARITAL_STATUS_OF_ENUM).map(([k, v]) => [v, k]),
) as { [K in keyof typeof MARITAL_STATUS_OF_ENUM as (typeof MARITAL_STATUS_OF_ENUM)[K]]: K };
export const EDUCATION_LEVEL_ENUM_OF = Object.fromEntries(
  Object.entries(EDUCATION_LEVEL_OF_ENUM).map(([k, v]) => [v, k]),
) as { [K in keyof typeof EDUCATION_LEVEL_OF_ENUM as (typeof EDUCATION_LEVEL_OF_ENUM)[K]]: K };

export const APPLICATION_LIMITS = {
  guestAge: { min: 15, max: 80 },
  registeredAge: { min: 18, max: 60 },
  salaryMax: 50_000,
  /** Whole quetzales (spec 1 §9 'max 5 characters'). */
  salaryChars: 5,
  /** Centavos after the dot. */
  salaryDecimals: 2,
} as const;

/** The title of the personal-data section, in the application form and the candidate's profile. */
export const PERSONAL_DATA_TITLE = 'Datos personales';

/** Accordion sections in order, and the fields each holds: the first failing one opens. */
export const APPLICATION_SECTIONS = [
  {
    id: 'personal',
    title: PERSONAL_DATA_TITLE,
    fields: ['name', 'cui', 'address', 'phone', 'email', 'maritalStatus', 'age', 'photo'],
  },
  {
    id: 'education',
    title: 'Educación y Disponibilidad',
    fields: ['educationLevel', 'studying', 'available', 'salaryClaim', 'negotiable'],
  },
  { id: 'experience', title: 'Experiencia Laboral', fields: ['experiences'] },
  { id: 'references', title: 'Referencias', fields: ['personalReferences', 'workReferences'] },
  {
    id: 'documents',
    title: 'Documentos Adjuntos',
    fields: ['curriculum', 'dpiScan', 'policeRecord', 'criminalRecord'],
  },
] as const;
export type ApplicationSectionId = (typeof APPLICATION_SECTIONS)[number]['id'];
const FIELD_ORDER: string[] = APPLICATION_SECTIONS.flatMap((s) => [...s.fields]);

/** The section of a failing field path ('experiences.0.from' → 'experience'). */
export function sectionOf(path: string): ApplicationSectionId | null {
  const head = path.split('.')[0] ?? '';
  return APPLICATION_SECTIONS.find((s) => (s.fields as readonly string[]).includes(head))?.id ?? null;
}

/** Name typing filter: letters (with accents), spaces only (spec 1 §5.2). */
export const NAME_PATTERN = /^[\p{L}\p{M}' ]+$/u;
export const nameInput = (raw: string) => raw.replace(/[^\p{L}\p{M}' ]/gu, '');

const yesNo = builtOnFirstUse(() => z.boolean({ error: APPLICATION_MESSAGES.yesNoRequired }));

/**
 * Pretensión (spec 1 §5.2, §9: "digits and dot, max 5 characters", at most 50,000): the five
 * characters are the whole quetzales (50000 has five digits); centavos come after the dot, at
 * most two (amounts are shown as Q with 2 decimals, spec 3 §5), so 'Q4,500.50' is typed and kept
 * as '4500.50' instead of being cut to '4500.'. The typing filter of the form.
 */
export function salaryInput(raw: string): string {
  const kept = raw.replace(/[^\d.]/g, '');
  const dot = kept.indexOf('.');
  if (dot === -1) return kept.slice(0, APPLICATION_LIMITS.salaryChars);
  const whole = kept.slice(0, dot).slice(0, APPLICATION_LIMITS.salaryChars);
  const cents = kept
    .slice(dot + 1)
    .replace(/\./g, '')
    .slice(0, APPLICATION_LIMITS.salaryDecimals);
  return `${whole}.${cents}`;
}

/** Pretensión as sent: the filter's shape ('4500.' is 4500), 0–50,000. */
const salaryClaim = builtOnFirstUse(() =>
  z.union([z.string(), z.number()], { error: APPLICATION_MESSAGES.salaryRequired }).transform((raw, ctx): number => {
    const s = typeof raw === 'number' ? String(raw) : raw.trim();
    const fail = (message: string) => {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    };
    if (s === '') return fail(APPLICATION_MESSAGES.salaryRequired);
    if (/^-\d+(\.\d*)?$/.test(s)) return fail(APPLICATION_MESSAGES.salaryNegative);
    const m = /^(\d+)(?:\.(\d*))?$/.exec(s);
    if (!m) return fail(APPLICATION_MESSAGES.salaryFormat);
    if (m[1]!.length > APPLICATION_LIMITS.salaryChars) return fail(APPLICATION_MESSAGES.salaryTooHigh);
    if ((m[2] ?? '').length > APPLICATION_LIMITS.salaryDecimals) return fail(APPLICATION_MESSAGES.salaryFormat);
    const n = Number(`${m[1]}.${m[2] || '0'}`);
    return n > APPLICATION_LIMITS.salaryMax ? fail(APPLICATION_MESSAGES.salaryTooHigh) : n;
  }),
);

export type ApplicationMode = 'guest' | 'registered';

/** Which files the application has: uploaded now, or (registered) already in the profile. */
const documentsSchema = builtOnFirstUse(() =>
  z
    .object({
      photo: z.boolean().default(false),
      curriculum: z.boolean().default(false),
      dpiScan: z.boolean().default(false),
      policeRecord: z.boolean().default(false),
      criminalRecord: z.boolean().default(false),
    })
    .default({ photo: false, curriculum: false, dpiScan: false, policeRecord: false, criminalRecord: false }),
);

/**
 * The application input. Files are not in it: `documents` says which are present (uploaded now,
 * or already stored in the registered candidate's profile), since only the upload knows the
 * bytes. `today` bounds experience dates.
 */
export function applicationSchema(mode: ApplicationMode, today: string = todayInGuatemala()) {
  const key = `${mode} ${today}`;
  let schema = schemas.get(key);
  if (!schema) {
    // A new day (or a test's own date) only; a handful of entries at most.
    if (schemas.size >= 8) schemas.clear();
    schema = buildApplicationSchema(mode, today);
    schemas.set(key, schema);
  }
  return schema;
}

/**
 * Built once per mode and day and then shared (a zod schema is immutable): building it, and zod
 * compiling its fast path on the first parse, cost the BFF and the api about 10 ms of CPU per
 * application (bench/apply.ts profile).
 */
const schemas = new Map<string, ReturnType<typeof buildApplicationSchema>>();

function buildApplicationSchema(mode: ApplicationMode, today: string) {
  const M = APPLICATION_MESSAGES;
  const guest = mode === 'guest';
  const age = guest ? APPLICATION_LIMITS.guestAge : APPLICATION_LIMITS.registeredAge;
  return z
    .object({
      vacancyId: entityId(),
      name: text({ max: LIMITS.name, required: M.nameRequired, tooLong: M.nameTooLong }).regex(
        NAME_PATTERN,
        M.nameLetters,
      ),
      cui: text({ max: 13, required: M.dpiDigits, tooLong: M.dpiDigits })
        .regex(/^\d{13}$/, M.dpiDigits)
        .refine(isValidCui, M.dpiInvalid),
      address: text({ max: LIMITS.shortText, required: M.addressRequired, tooLong: M.addressTooLong }),
      phone: text({ max: 8, required: M.phoneDigits, tooLong: M.phoneDigits }).regex(/^\d{8}$/, M.phoneDigits),
      email: text({ max: LIMITS.email, required: guest ? M.emailFormatGuest : M.emailInvalid })
        .refine(isEmail, guest ? M.emailFormatGuest : M.emailInvalid)
        .transform((v) => v.toLowerCase()),
      maritalStatus: oneOf(MARITAL_STATUSES, M.maritalStatusRequired),
      age: z.coerce
        .number({ error: guest ? M.ageGuest : M.ageMin })
        .int(guest ? M.ageGuest : M.ageMin)
        .min(age.min, guest ? M.ageGuest : M.ageMin)
        .max(age.max, guest ? M.ageGuest : M.ageMax),
      educationLevel: oneOf(EDUCATION_LEVELS, M.levelRequired),
      studying: yesNo(),
      available: yesNo(),
      salaryClaim: salaryClaim(),
      negotiable: yesNo(),
      experiences: experienceRows(),
      personalReferences: referenceRows(),
      workReferences: referenceRows(),
      documents: documentsSchema(),
    })
    .superRefine((raw, ctx) => {
      // Runs even when a field failed, so that the form can mark every section at once; the
      // parts are read again because a failed field holds its raw input here.
      const v = raw as Record<string, unknown>;
      const experiences = experienceRows().safeParse(v.experiences);
      if (experiences.success) {
        if (!experiences.data.some(isCompleteExperience))
          ctx.addIssue({ code: 'custom', path: ['experiences'], message: M.experienceRequired });
        for (const d of experienceDateIssues(experiences.data, today, M.overlapSuffix))
          ctx.addIssue({ code: 'custom', path: ['experiences', d.index, d.field], message: d.message });
      }
      for (const [key, message] of [
        ['personalReferences', M.personalReferenceRequired],
        ['workReferences', M.workReferenceRequired],
      ] as const) {
        const refs = referenceRows().safeParse(v[key]);
        if (refs.success && !refs.data.some(isCompleteReference))
          ctx.addIssue({ code: 'custom', path: [key], message });
      }
      const docs = documentsSchema().safeParse(v.documents);
      if (!docs.success) return;
      const d = docs.data;
      if (!d.photo) ctx.addIssue({ code: 'custom', path: ['photo'], message: M.photoRequired });
      if (!d.curriculum)
        ctx.addIssue({
          code: 'custom',
          path: ['curriculum'],
          message: guest ? M.curriculumGuest : M.curriculumRequired,
        });
      if (!guest) {
        if (!d.dpiScan) ctx.addIssue({ code: 'custom', path: ['dpiScan'], message: M.dpiScanRequired });
        if (!d.policeRecord) ctx.addIssue({ code: 'custom', path: ['policeRecord'], message: M.policeRecordRequired });
        if (!d.criminalRecord)
          ctx.addIssue({ code: 'custom', path: ['criminalRecord'], message: M.criminalRecordRequired });
      }
    }, evenWhenFieldsFail);
}
export type ApplicationInput = z.input<ReturnType<typeof buildApplicationSchema>>;
export type ApplicationValues = z.output<ReturnType<typeof buildApplicationSchema>>;

/**
 * Checks an application and answers, on failure, every failing field, the first one in the
 * form's order and the section to open (spec 1 §2.6: 'the first section with an error opens').
 */
export function checkApplication(
  mode: ApplicationMode,
  input: unknown,
  today?: string,
):
  | { ok: true; value: ApplicationValues }
  | {
      ok: false;
      title: string;
      first: { path: string; message: string; section: ApplicationSectionId | null };
      fields: { path: string; message: string }[];
    } {
  const r = applicationSchema(mode, today).safeParse(input);
  if (r.success) return { ok: true, value: r.data };
  const fields = r.error.issues
    .map((i) => ({ path: i.path.map(String).join('.'), message: i.message }))
    .sort((a, b) => rank(a.path) - rank(b.path));
  const first = fields[0]!;
  return {
    ok: false,
    title: APPLICATION_MESSAGES.incompleteTitle,
    first: { ...first, section: sectionOf(first.path) },
    fields,
  };
}
const rank = (path: string) => {
  const i = FIELD_ORDER.indexOf(path.split('.')[0] ?? '');
  return i === -1 ? FIELD_ORDER.length : i;
};
