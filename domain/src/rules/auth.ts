import { z } from 'zod';
import { CUI_INVALID, isValidCui } from '../geography.js';

/** Spec 1 §5.1 and spec 2 §5 messages, exactly. */
export const AUTH_MESSAGES = {
  loginRequired: 'Todos los campos son requeridos',
  registrationRequired: 'Todos los campos marcados con * son requeridos',
  emailsDiffer: 'Los correos electrónicos no coinciden.',
  passwordsDiffer: 'Las contraseñas no coinciden.',
  passwordTooShort: 'La contraseña debe tener al menos 6 caracteres.',
  captchaWrong: 'El código de verificación es incorrecto',
  cuiInvalid: CUI_INVALID,
  emailInvalid: 'Formato de correo inválido.',
  recruiterRequired: 'Por favor ingrese usuario y contraseña',
  badCredentials: 'Credenciales incorrectas',
  throttled: 'Demasiados intentos fallidos. Espera unos minutos e intenta de nuevo.',
  emailDpiMismatch: 'Este correo ya está asociado a otro CUI/DPI.',
  dpiTaken: 'Este CUI/DPI ya está asociado a otra cuenta de correo.',
} as const;

export const PASSWORD_MIN = 6;

export const HOW_HEARD = [
  'redes_sociales',
  'referencia_amigo',
  'busqueda_google',
  'periodico',
  'radio_tv',
  'otro',
] as const;
export const HOW_HEARD_LABEL: Record<(typeof HOW_HEARD)[number], string> = {
  redes_sociales: 'Redes sociales',
  referencia_amigo: 'Referencia de un amigo',
  busqueda_google: 'Búsqueda en Google',
  periodico: 'Periódico',
  radio_tv: 'Radio o televisión',
  otro: 'Otro',
};

/** DPI typing filter: digits only, at most 13 (spec 1 §5.1). */
export const dpiInput = (raw: string) => raw.replace(/\D/g, '').slice(0, 13);

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
export const isEmail = (s: string) => EMAIL.test(s.trim());

const required = (message: string) => z.string().trim().min(1, message);

export const candidateLoginSchema = z.object({
  email: required(AUTH_MESSAGES.loginRequired).transform((s) => s.toLowerCase()),
  password: z.string().min(1, AUTH_MESSAGES.loginRequired),
});

export const registrationSchema = z
  .object({
    primerNombre: required(AUTH_MESSAGES.registrationRequired),
    segundoNombre: z.string().trim().default(''),
    primerApellido: required(AUTH_MESSAGES.registrationRequired),
    segundoApellido: z.string().trim().default(''),
    email: required(AUTH_MESSAGES.registrationRequired).refine(isEmail, AUTH_MESSAGES.emailInvalid),
    emailConfirmation: required(AUTH_MESSAGES.registrationRequired),
    password: z.string().min(1, AUTH_MESSAGES.registrationRequired).min(PASSWORD_MIN, AUTH_MESSAGES.passwordTooShort),
    passwordConfirmation: z.string().min(1, AUTH_MESSAGES.registrationRequired),
    comoSeEntero: z.union([z.enum(HOW_HEARD), z.literal('')]).default(''),
    observaciones: z.string().trim().max(500).default(''),
    dpi: required(AUTH_MESSAGES.registrationRequired).refine(isValidCui, AUTH_MESSAGES.cuiInvalid),
  })
  .superRefine((v, ctx) => {
    if (v.email.trim().toLowerCase() !== v.emailConfirmation.trim().toLowerCase())
      ctx.addIssue({ code: 'custom', path: ['emailConfirmation'], message: AUTH_MESSAGES.emailsDiffer });
    if (v.password !== v.passwordConfirmation)
      ctx.addIssue({ code: 'custom', path: ['passwordConfirmation'], message: AUTH_MESSAGES.passwordsDiffer });
  });
export type RegistrationInput = z.input<typeof registrationSchema>;

/** Staff e-mails must belong to the organisation's domain (spec 2 §5, System user). */
export function staffEmailRule(domain: string) {
  const d = domain.toLowerCase().replace(/^@/, '');
  const escaped = d.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = new RegExp(`^[a-z0-9._%+-]+@${escaped}$`, 'i');
  return {
    domain: d,
    test: (email: string) => pattern.test(email.trim()),
    inline: `El correo debe ser del dominio @${d}`,
    submitTitle: 'Correo inválido',
    submitMessage: `Solo se permiten correos @${d}`,
  };
}

export const USER_MESSAGES = {
  incompleteTitle: 'Campos incompletos',
  incomplete: 'Por favor complete todos los campos requeridos.',
} as const;
