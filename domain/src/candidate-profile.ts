import { todayInGuatemala } from './calendar-date.js';
import { DOCUMENT_KIND_INFO, DOCUMENT_KINDS, documentKeyOf, type ProfileFile } from './document-kinds.js';
import { toCalendarDate } from './format.js';
import { CUI_INVALID, isValidCui } from './geography.js';
import { builtOnFirstUse, isEmail, LIMITS, optionalText, text, z } from './schema.js';
import { countWord, pluralWord } from './words.js';
import {
  experienceDateIssues,
  experienceRows,
  isCompleteExperience,
  isCompleteReference,
  referenceRows,
  type Experience,
  type Reference,
} from './work-history.js';

/**
 * The registered candidate's profile (spec 1 §5.3), its completeness for the gate and the banner
 * (spec 1 §5.4), and the document-update request staff send (spec 3 §2.6, §5). Used by /perfil,
 * the profile gate, the bff's profile resolvers and the api's /PerfilCandidato routes.
 */
export const PROFILE_MESSAGES = {
  firstNameRequired: 'El primer nombre es requerido',
  firstSurnameRequired: 'El primer apellido es requerido',
  nameTooLong: `El nombre no puede tener más de ${LIMITS.name} caracteres.`,
  phoneRequired: 'El teléfono es obligatorio',
  phoneDigits: 'El teléfono debe tener exactamente 8 dígitos',
  dpiRequired: 'El DPI es obligatorio',
  dpiDigits: 'El DPI debe tener exactamente 13 dígitos',
  birthDateRequired: 'La fecha de nacimiento es obligatoria',
  birthDateInvalid: 'Fecha de nacimiento inválida',
  ageMin: 'Debe ser mayor de 18 años',
  ageMax: 'La edad máxima permitida es 65 años',
  addressRequired: 'La dirección es obligatoria',
  addressMin: 'La dirección debe tener al menos 10 caracteres',
  addressTooLong: `La dirección no puede tener más de ${LIMITS.shortText} caracteres.`,
  photoRequired: 'La fotografía es obligatoria.',
  emailInvalid: 'Formato de correo inválido.',
  experiencesMin: 'Debes ingresar al menos 2 experiencias completas.',
  experienceRowIncomplete: (n: number) => `Completa todos los campos en la experiencia ${n}.`,
  personalReference: 'Agrega al menos una referencia personal con teléfono de 8 dígitos.',
  workReference: 'Agrega al menos una referencia laboral con teléfono de 8 dígitos.',
  missingFiles: (names: string[]) => `Faltan archivos: ${names.join(', ')}`,
  incompleteTitle: 'Formulario incompleto',
  saveConfirm: '¿Guardar cambios del perfil?',
  saved: 'Perfil actualizado',
  invalidTitle: 'Datos inválidos',
  invalid: 'Algunos datos no son válidos para el servidor. Revisa el formulario.',
  loadFailed: 'No se pudo cargar la información del usuario',
  applicationsLoadFailed: 'Error al cargar postulaciones',
  applicationsConnection: 'Error de conexión al cargar postulaciones',
  dateUnavailable: 'Fecha no disponible',
  gateTitle: 'Completa tu perfil',
  gateButton: 'Ir a mi perfil',
  bannerAction: 'Completar ahora',
} as const;

/**
 * What the save confirmation ('¿Guardar cambios del perfil?', its title) says under its title: the
 * number of documents marked for deletion (spec 1 §5.3), or nothing when none is.
 */
export const profileSaveConfirmText = (deleting: number): string | null =>
  deleting > 0
    ? `Se ${pluralWord(deleting, 'eliminará', 'eliminarán')} ${countWord(deleting, 'documento marcado', 'documentos marcados')}.`
    : null;

export const PROFILE_LIMITS = { age: { min: 18, max: 65 }, addressMin: 10, experiencesMin: 2, rowsShown: 3 } as const;

/** The four profile files that a complete profile needs (spec 1 §5.3–5.4), named as the vocabulary names them. */
export const PROFILE_FILES = DOCUMENT_KINDS.flatMap((k) => DOCUMENT_KIND_INFO[k].profileFile ?? []);
export const PROFILE_FILE_LABEL = Object.fromEntries(
  DOCUMENT_KINDS.flatMap((k) => {
    const info = DOCUMENT_KIND_INFO[k];
    return info.profileFile ? [[info.profileFile, info.label]] : [];
  }),
) as Record<ProfileFile, string>;

/** Whole years between a birth date and `today` (both 'YYYY-MM-DD'). */
export function ageOn(birthDate: string, today: string): number {
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

const name = (required?: string) =>
  required
    ? text({ max: LIMITS.name, required, tooLong: PROFILE_MESSAGES.nameTooLong })
    : optionalText({ max: LIMITS.name, tooLong: PROFILE_MESSAGES.nameTooLong });

/**
 * The profile form. `files` says, per profile file, whether it is present (stored, or uploaded
 * now and not marked for deletion); `profileComplete` is the stored perfil_completado.
 */
export function candidateProfileSchema(today: string = todayInGuatemala()) {
  const M = PROFILE_MESSAGES;
  return z
    .object({
      firstName: name(M.firstNameRequired),
      secondName: name(),
      firstSurname: name(M.firstSurnameRequired),
      secondSurname: name(),
      marriedSurname: name(),
      email: text({ max: LIMITS.email, required: M.emailInvalid })
        .refine(isEmail, M.emailInvalid)
        .transform((v) => v.toLowerCase()),
      phone: text({ max: 8, required: M.phoneRequired, tooLong: M.phoneDigits }).regex(/^\d{8}$/, M.phoneDigits),
      // The same CUI rule as registration and the application form (check digit, municipality).
      dpi: text({ max: 13, required: M.dpiRequired, tooLong: M.dpiDigits })
        .regex(/^\d{13}$/, M.dpiDigits)
        .refine(isValidCui, CUI_INVALID),
      birthDate: z.unknown().transform((raw, ctx): string => {
        if (raw === undefined || raw === null || (typeof raw === 'string' && !raw.trim())) {
          ctx.addIssue({ code: 'custom', message: M.birthDateRequired });
          return z.NEVER;
        }
        const iso = typeof raw === 'string' && raw.length <= 40 ? toCalendarDate(raw) : null;
        // Spec 1 §5.3: under 18, over 65, 'otherwise unparseable'. A date still to come is a
        // date: its age is under 18 (before, it was called invalid).
        if (!iso) {
          ctx.addIssue({ code: 'custom', message: M.birthDateInvalid });
          return z.NEVER;
        }
        const age = ageOn(iso, today);
        if (age < PROFILE_LIMITS.age.min) ctx.addIssue({ code: 'custom', message: M.ageMin });
        else if (age > PROFILE_LIMITS.age.max) ctx.addIssue({ code: 'custom', message: M.ageMax });
        return iso;
      }),
      address: text({
        max: LIMITS.shortText,
        required: M.addressRequired,
        min: { length: PROFILE_LIMITS.addressMin, message: M.addressMin },
        tooLong: M.addressTooLong,
      }),
      observations: optionalText({ max: LIMITS.note, multiline: true }),
      experiences: experienceRows(),
      personalReferences: referenceRows(),
      workReferences: referenceRows(),
      hasPhoto: z.boolean().default(false),
      files: z
        .object(
          Object.fromEntries(PROFILE_FILES.map((f) => [f, z.boolean().default(false)])) as Record<
            ProfileFile,
            z.ZodDefault<z.ZodBoolean>
          >,
        )
        .default({ curriculum: false, dpiFile: false, policeRecord: false, criminalRecord: false }),
      profileComplete: z.boolean().default(false),
    })
    .superRefine(
      (v, ctx) => {
        if (!v.hasPhoto) ctx.addIssue({ code: 'custom', path: ['hasPhoto'], message: M.photoRequired });
        if (!v.profileComplete) {
          const missing = PROFILE_FILES.filter((f) => !v.files[f]).map((f) => PROFILE_FILE_LABEL[f]);
          if (missing.length) ctx.addIssue({ code: 'custom', path: ['files'], message: M.missingFiles(missing) });
        }
        const rows = v.experiences;
        for (const i of [0, 1]) {
          const e = rows[i];
          if (!e || !isCompleteExperience(e))
            ctx.addIssue({ code: 'custom', path: ['experiences', i], message: M.experienceRowIncomplete(i + 1) });
        }
        if (rows.filter(isCompleteExperience).length < PROFILE_LIMITS.experiencesMin)
          ctx.addIssue({ code: 'custom', path: ['experiences'], message: M.experiencesMin });
        for (const d of experienceDateIssues(rows, today))
          ctx.addIssue({ code: 'custom', path: ['experiences', d.index, d.field], message: d.message });
        if (!v.personalReferences.some(isCompleteReference))
          ctx.addIssue({ code: 'custom', path: ['personalReferences'], message: M.personalReference });
        if (!v.workReferences.some(isCompleteReference))
          ctx.addIssue({ code: 'custom', path: ['workReferences'], message: M.workReference });
      },
      {
        // Zod skips a refinement after an aborting issue (a blank birth date): the form would then
        // name the missing photo, files, experiences and references only on a second try. They
        // run whenever the lists they read are there.
        when: (payload) => {
          const v = payload.value as Record<string, unknown> | null | undefined;
          return (
            typeof v === 'object' &&
            v !== null &&
            Array.isArray(v.experiences) &&
            Array.isArray(v.personalReferences) &&
            Array.isArray(v.workReferences) &&
            typeof v.files === 'object' &&
            v.files !== null
          );
        },
      },
    );
}
export type CandidateProfileInput = z.input<ReturnType<typeof candidateProfileSchema>>;

/** What the gate and the banner read of a stored profile (spec 1 §5.4). */
export interface ProfileSnapshot {
  profileComplete: boolean;
  firstName?: string | null;
  firstSurname?: string | null;
  email?: string | null;
  phone?: string | null;
  dpi?: string | null;
  address?: string | null;
  curriculumId?: string | null;
  dpiFileId?: string | null;
  policeRecordId?: string | null;
  criminalRecordId?: string | null;
  photo?: string | null;
  experiences?: readonly Experience[];
  personalReferences?: readonly Reference[];
  workReferences?: readonly Reference[];
}

const blank = (s: string | null | undefined) => !s || !s.trim();

/** The gate's rule (spec 1 §5.4): incomplete when the flag is off or a required field or file id is blank. */
export function isProfileComplete(p: ProfileSnapshot): boolean {
  if (!p.profileComplete) return false;
  const fields = [p.firstName, p.firstSurname, p.email, p.phone, p.dpi, p.address];
  const files = [p.curriculumId, p.dpiFileId, p.policeRecordId, p.criminalRecordId];
  return ![...fields, ...files].some(blank);
}

/** What the banner flags, beyond the gate: photo, an experience, a reference. */
export function profileBannerGaps(p: ProfileSnapshot): {
  incomplete: boolean;
  photo: boolean;
  experience: boolean;
  reference: boolean;
} {
  const photo = blank(p.photo);
  const experience = !(p.experiences ?? []).some(isCompleteExperience);
  const reference = ![...(p.personalReferences ?? []), ...(p.workReferences ?? [])].some((r) => !blank(r.name));
  return { incomplete: !isProfileComplete(p) || photo || experience || reference, photo, experience, reference };
}

export const DOCUMENT_REQUEST_MESSAGES = {
  documentsRequired: 'Selecciona al menos un documento a solicitar.',
  commentRequired: 'El comentario es obligatorio (mínimo 8 caracteres).',
  noEmail: 'Este candidato no tiene email registrado.',
  failedTitle: 'Error al enviar',
  failed: 'No se pudo enviar la notificación.',
  documentInvalid: 'El documento indicado no existe.',
  /** The button shows only for registered candidates (spec 3 §2.2, §6); the server refuses the rest. */
  notRegistered: 'Este candidato no está registrado en la plataforma.',
  sent: 'Solicitud de documentos enviada',
  /** The signed link: expired, used, for another account, or unknown — one answer for all. */
  linkInvalid: 'El enlace no es válido o ha expirado.',
  fulfilled: 'Documentos actualizados',
  missingDocument: (label: string) => `Adjunta el documento solicitado: ${label}.`,
  notRequested: (label: string) => `Este documento no fue solicitado: ${label}.`,
} as const;

/** How long the signed link of a document-update request works. */
export const DOCUMENT_REQUEST_VALID_DAYS = 7;

/** The document-update request (spec 3 §2.6, §5): one or more documents and a comment of ≥ 8 characters. */
export const documentRequestSchema = builtOnFirstUse(() =>
  z.object({
    // Each key in any spelling the vocabulary knows; 'carta_presentacion' and 'dpi' are one document.
    documents: z
      .array(
        z
          .string({ error: DOCUMENT_REQUEST_MESSAGES.documentInvalid })
          .refine((d) => documentKeyOf(d) !== null, DOCUMENT_REQUEST_MESSAGES.documentInvalid)
          .transform((d) => documentKeyOf(d)!),
        { error: DOCUMENT_REQUEST_MESSAGES.documentsRequired },
      )
      .min(1, DOCUMENT_REQUEST_MESSAGES.documentsRequired)
      // At most the five keys of the REST list (spec 3 §3).
      .max(5, DOCUMENT_REQUEST_MESSAGES.documentInvalid)
      .transform((d) => [...new Set(d)]),
    notes: text({
      max: LIMITS.note,
      multiline: true,
      required: DOCUMENT_REQUEST_MESSAGES.commentRequired,
      min: { length: 8, message: DOCUMENT_REQUEST_MESSAGES.commentRequired },
    }),
  }),
);
