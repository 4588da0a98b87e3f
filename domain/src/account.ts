import { CUI_INVALID, isValidCui } from './geography.js';
import { GENERIC_MESSAGES } from './messages.js';
import { builtOnFirstUse, COMMON_MESSAGES, email, isEmail, LIMITS, optionalText, text, z } from './schema.js';

/**
 * Accounts: candidate login and registration (spec 1 §2.3, §5.1) and the recruiter login
 * (spec 2 §5). Used by the login/registration forms, the bff's session resolvers and the api's
 * /usuarios-candidatos and /login routes.
 */
export const AUTH_MESSAGES = {
  loginRequired: 'Todos los campos son requeridos',
  registrationRequired: 'Todos los campos marcados con * son requeridos',
  emailsDiffer: 'Los correos electrónicos no coinciden.',
  passwordsDiffer: 'Las contraseñas no coinciden.',
  passwordTooShort: 'La contraseña debe tener al menos 6 caracteres.',
  passwordTooLong: `La contraseña no puede tener más de ${LIMITS.password} caracteres.`,
  captchaWrong: 'El código de verificación es incorrecto',
  /** The accessible alternative to the image captcha (issue 20): its switch and its states. */
  accessibleCaptcha: 'Usar verificación sin imagen (accesible)',
  accessibleCaptchaHint:
    'Para quien no puede ver la imagen: tu navegador resuelve una prueba automática; no hay que leer ni escuchar nada.',
  accessibleCaptchaPending: 'Marca «No soy un robot» y espera a que diga «Verificado».',
  cuiInvalid: CUI_INVALID,
  emailInvalid: 'Formato de correo inválido.',
  nameTooLong: `El nombre no puede tener más de ${LIMITS.name} caracteres.`,
  howHeardInvalid: 'La opción de cómo te enteraste no es válida.',
  observationsTooLong: 'Las observaciones no pueden superar los 500 caracteres.',
  recruiterRequired: 'Por favor ingrese usuario y contraseña',
  badCredentials: 'Credenciales incorrectas',
  loginFailedTitle: 'Inicio de sesión fallido',
  connectionError: GENERIC_MESSAGES.connectionError,
  unreachable: GENERIC_MESSAGES.unreachable,
  throttled: 'Demasiados intentos fallidos. Espera unos minutos e intenta de nuevo.',
  emailDpiMismatch: 'Este correo ya está asociado a otro CUI/DPI.',
  dpiTaken: 'Este CUI/DPI ya está asociado a otra cuenta de correo.',
  registered: '¡Registro exitoso! Ahora puedes iniciar sesión.',
  serverError: 'Error del servidor',
  candidateInactive: 'Tu cuenta está inactiva. Contacta a GTH.',
  staffInactive: 'Usuario inactivo. Contacte al administrador.',
  accountExists: 'Ya tienes una cuenta con este correo. Inicia sesión.',
  noResponse: 'No se recibió respuesta del servidor. Verifique su conexión.',
} as const;

/** 'Vinculamos N postulación(es) previas a tu perfil' (spec 1 §8). */
export const linkedApplicationsMessage = (n: number) => `Vinculamos ${n} postulación(es) previas a tu perfil`;
/** 'Error al crear la cuenta (status)' (spec 1 §8). */
export const registrationFailedMessage = (status: number) => `Error al crear la cuenta (${status})`;

/** Registration conflict codes (spec 1 §3) and what each says (spec 1 §8). */
export const REGISTRATION_CONFLICTS = ['email_dpi_mismatch', 'dpi_titular', 'dpi_email_mismatch'] as const;
export type RegistrationConflictCode = (typeof REGISTRATION_CONFLICTS)[number];
export const REGISTRATION_CONFLICT_MESSAGE: Record<RegistrationConflictCode, string> = {
  email_dpi_mismatch: AUTH_MESSAGES.emailDpiMismatch,
  dpi_titular: AUTH_MESSAGES.dpiTaken,
  dpi_email_mismatch: AUTH_MESSAGES.dpiTaken,
};

export const PASSWORD_MIN = 6;
export const OBSERVATIONS_MAX = 500;

export const HOW_HEARD = [
  'redes_sociales',
  'referencia_amigo',
  'busqueda_google',
  'periodico',
  'radio_tv',
  'otro',
] as const;
export type HowHeard = (typeof HOW_HEARD)[number];
export const HOW_HEARD_LABEL: Record<HowHeard, string> = {
  redes_sociales: 'Redes sociales',
  referencia_amigo: 'Referencia de un amigo',
  busqueda_google: 'Búsqueda en Google',
  periodico: 'Periódico',
  radio_tv: 'Radio o televisión',
  otro: 'Otro',
};

/** DPI typing filter: digits only, at most 13 (spec 1 §5.1). */
export const dpiInput = (raw: string) => raw.replace(/\D/g, '').slice(0, 13);

export { isEmail };

const password = (required: string) =>
  z
    .string({ error: required })
    .min(1, required)
    .max(LIMITS.password, AUTH_MESSAGES.passwordTooLong)
    .refine((v) => !v.includes('\0'), COMMON_MESSAGES.control);

/**
 * Logins check presence only: any other odd input (a NUL, 5,000 characters) is a login that
 * fails like a wrong password, so the answer never tells whether an account exists. The api
 * keeps such input away from the database.
 */
const present = (required: string) => z.string({ error: required }).trim().min(1, required);
const presentSecret = (required: string) => z.string({ error: required }).min(1, required);

export const candidateLoginSchema = builtOnFirstUse(() =>
  z.object({
    email: present(AUTH_MESSAGES.loginRequired).transform((s) => s.toLowerCase()),
    password: presentSecret(AUTH_MESSAGES.loginRequired),
  }),
);
export type CandidateLoginInput = z.input<ReturnType<typeof candidateLoginSchema>>;

/** Recruiter login (spec 2 §5): user and password, 'Por favor ingrese usuario y contraseña'. */
export const staffLoginSchema = builtOnFirstUse(() =>
  z.object({
    username: present(AUTH_MESSAGES.recruiterRequired).transform((s) => s.toLowerCase()),
    password: presentSecret(AUTH_MESSAGES.recruiterRequired),
  }),
);
export type StaffLoginInput = z.input<ReturnType<typeof staffLoginSchema>>;

const personName = (required?: string) =>
  required
    ? text({ max: LIMITS.name, required, tooLong: AUTH_MESSAGES.nameTooLong })
    : optionalText({ max: LIMITS.name, tooLong: AUTH_MESSAGES.nameTooLong });

export const registrationSchema = builtOnFirstUse(() =>
  z
    .object({
      primerNombre: personName(AUTH_MESSAGES.registrationRequired),
      segundoNombre: personName(),
      primerApellido: personName(AUTH_MESSAGES.registrationRequired),
      segundoApellido: personName(),
      email: email({ required: AUTH_MESSAGES.registrationRequired, invalid: AUTH_MESSAGES.emailInvalid }),
      emailConfirmation: text({
        max: LIMITS.email,
        required: AUTH_MESSAGES.registrationRequired,
        tooLong: AUTH_MESSAGES.emailsDiffer,
      }),
      password: password(AUTH_MESSAGES.registrationRequired).refine(
        (v) => v.length >= PASSWORD_MIN,
        AUTH_MESSAGES.passwordTooShort,
      ),
      passwordConfirmation: z
        .string({ error: AUTH_MESSAGES.registrationRequired })
        .min(1, AUTH_MESSAGES.registrationRequired),
      comoSeEntero: z
        .union([z.enum(HOW_HEARD), z.literal('')], { error: AUTH_MESSAGES.howHeardInvalid })
        .nullish()
        .transform((v) => v ?? ''),
      observaciones: optionalText({
        max: OBSERVATIONS_MAX,
        multiline: true,
        tooLong: AUTH_MESSAGES.observationsTooLong,
      }),
      dpi: text({ max: 13, required: AUTH_MESSAGES.registrationRequired, tooLong: AUTH_MESSAGES.cuiInvalid }).refine(
        isValidCui,
        AUTH_MESSAGES.cuiInvalid,
      ),
    })
    .superRefine((v, ctx) => {
      if (v.email.trim().toLowerCase() !== v.emailConfirmation.trim().toLowerCase())
        ctx.addIssue({ code: 'custom', path: ['emailConfirmation'], message: AUTH_MESSAGES.emailsDiffer });
      if (v.password !== v.passwordConfirmation)
        ctx.addIssue({ code: 'custom', path: ['passwordConfirmation'], message: AUTH_MESSAGES.passwordsDiffer });
    }),
);
export type RegistrationInput = z.input<ReturnType<typeof registrationSchema>>;
