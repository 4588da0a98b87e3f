import { LIMITS, text, z } from './schema.js';
import { staffEmailRule } from './staff-user.js';

/**
 * Administrative e-mail addresses (spec 2 §3, §5, §8): internal addresses that receive
 * notifications and interview invitations. Used by the e-mail maintenance tab, the bff's
 * admin-email resolvers and the api's /correos routes.
 */
export const ADMIN_EMAIL_MESSAGES = {
  nameTooShort: 'Nombre demasiado corto',
  nameTooLong: `Nombre demasiado largo (máximo ${LIMITS.name} caracteres).`,
  exists: 'Ese correo ya está registrado.',
  notFound: 'El correo no existe.',
  listFailed: 'Error al cargar correos',
  createFailed: 'No se pudo crear el correo.',
  updateFailed: 'No se pudo actualizar',
  toggleFailed: 'No se pudo cambiar el estado',
  deleteFailed: 'No se pudo eliminar',
  deleted: 'Correo eliminado',
  updated: 'Actualizado',
  activated: 'Correo activado',
  deactivated: 'Correo desactivado',
} as const;

export const ADMIN_EMAIL_NAME_MIN = 3;

/** Administrative e-mail rules (spec 2 §5): local part + @domain, owner name ≥ 3 characters. */
export function adminEmailRule(domain: string) {
  const rule = staffEmailRule(domain);
  return {
    normalise: (email: string) => email.trim().toLowerCase(),
    checkEmail: (email: string, mode: 'create' | 'edit') =>
      rule.test(email) ? null : mode === 'create' ? `Formato inválido. Solo @${rule.domain}` : `Solo @${rule.domain}`,
    checkName: (name: string) =>
      name.trim().length >= ADMIN_EMAIL_NAME_MIN ? null : ADMIN_EMAIL_MESSAGES.nameTooShort,
    mustEndWith: `Debe terminar en @${rule.domain}`,
  };
}

/**
 * The create ('create') or inline-edit ('edit') input of an administrative e-mail: `email`
 * trimmed and lower-cased, `name` (nombre, the owner) at least 3 characters.
 */
export function adminEmailSchema(domain: string, mode: 'create' | 'edit') {
  const rule = staffEmailRule(domain);
  const wrongDomain = mode === 'create' ? `Formato inválido. Solo @${rule.domain}` : `Solo @${rule.domain}`;
  return z.object({
    email: text({ max: LIMITS.email, required: wrongDomain, tooLong: wrongDomain })
      .transform((v) => v.toLowerCase())
      .refine(rule.test, wrongDomain),
    name: text({
      max: LIMITS.name,
      required: ADMIN_EMAIL_MESSAGES.nameTooShort,
      min: { length: ADMIN_EMAIL_NAME_MIN, message: ADMIN_EMAIL_MESSAGES.nameTooShort },
      tooLong: ADMIN_EMAIL_MESSAGES.nameTooLong,
    }),
  });
}
export type AdminEmailInput = z.input<ReturnType<typeof adminEmailSchema>>;
