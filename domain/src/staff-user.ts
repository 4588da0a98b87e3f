import { AUTH_MESSAGES, PASSWORD_MIN } from './account.js';
import { DEFAULT_ROLE, ROLE_ID_OF_ENUM, type StaffRoleId } from './roles.js';
import { COMMON_MESSAGES, fromUnknown, LIMITS, text, z } from './schema.js';

/**
 * System users (spec 2 §3, §5, §8): the e-mail domain rule, the create/edit input, the role and
 * status spellings. Used by the users screen, the bff's staff-user resolvers and the api's
 * /usuario routes.
 */
export const USER_MESSAGES = {
  ownRole: 'No puedes cambiar el rol de tu propia cuenta.',
  ownAccount: 'No puedes desactivar ni eliminar tu propia cuenta.',
  incompleteTitle: 'Campos incompletos',
  incomplete: 'Por favor complete todos los campos requeridos.',
  roleInvalid: 'El rol debe ser 1 (Administrador), 2 (Gestor) o 3 (Visualizador).',
  statusInvalid: "El estado debe ser '1' (activo) o '0' (inactivo).",
  nameTooLong: `El nombre no puede tener más de ${LIMITS.name} caracteres.`,
  notFound: 'El usuario no existe o ya fue eliminado.',
  exists: 'Ya existe un usuario con ese correo.',
  toggleFailed: 'No se pudo cambiar el estado',
  updateFailed: 'No se pudo actualizar',
  createFailed: 'No se pudo crear el usuario',
  deleteConfirm: '¿Eliminar usuario?',
  deleteFailed: 'No se pudo eliminar',
  deleteNoSuccess: 'La respuesta del servidor no indica éxito.',
  deleteNotAllowedTitle: 'Operación no permitida',
  deleteNotAllowed: 'El servidor no permite eliminar usuarios.',
  provisional: 'Usuario provisional',
  retry: 'Intente nuevamente.',
  statusUpdated: 'Estado actualizado',
  updated: 'Usuario actualizado',
  created: 'Usuario creado',
  deleted: 'Usuario eliminado',
  /** The api refuses to leave the system without an active administrator. */
  lastAdmin: 'No se puede desactivar, cambiar de rol ni eliminar al último administrador activo.',
  emptyList: 'No hay usuarios disponibles',
  emptySearch: 'No hay usuarios que coincidan con los criterios de búsqueda',
  title: 'Gestión de usuarios',
} as const;

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

/**
 * A staff role as either tier spells it: the GraphQL enum (ADMIN, MANAGER, VIEWER) or the REST
 * id (1, '2'). CANDIDATE, 4, 'viewer' and anything else are refused, never read as VIEWER.
 */
export const staffRoleSchema = fromUnknown((raw, ctx): StaffRoleId => {
  if (raw === 'ADMIN' || raw === 'MANAGER' || raw === 'VIEWER') return ROLE_ID_OF_ENUM[raw] as StaffRoleId;
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\s*\d\s*$/.test(raw) ? Number(raw) : NaN;
  if (n === 1 || n === 2 || n === 3) return n;
  ctx.addIssue({ code: 'custom', message: USER_MESSAGES.roleInvalid });
  return z.NEVER;
});

/** estatus as '1'/'0', 1/0 or true/false. */
export const staffStatusSchema = fromUnknown((raw, ctx): boolean => {
  if (raw === true || raw === 1 || raw === '1' || raw === 'true') return true;
  if (raw === false || raw === 0 || raw === '0' || raw === 'false') return false;
  ctx.addIssue({ code: 'custom', message: USER_MESSAGES.statusInvalid });
  return z.NEVER;
});

/**
 * The create/edit input of a system user, in the GraphQL `StaffUserInput` shape: name, e-mail of
 * the organisation's domain (trimmed, lower-cased), role, and a password that is required on
 * create and, on update, empty to keep the current one. New users default to role 3.
 */
export function staffUserSchema(domain: string, mode: 'create' | 'update') {
  const rule = staffEmailRule(domain);
  const required = USER_MESSAGES.incomplete;
  return z.object({
    name: text({ max: LIMITS.name, required, tooLong: USER_MESSAGES.nameTooLong }),
    email: text({ max: LIMITS.email, required, tooLong: AUTH_MESSAGES.emailInvalid })
      .transform((v) => v.toLowerCase())
      .refine(rule.test, rule.submitMessage),
    role: mode === 'create' ? staffRoleSchema.optional().transform((r) => r ?? DEFAULT_ROLE) : staffRoleSchema,
    password: z
      .string({ error: required })
      .nullish()
      .transform((v) => v ?? '')
      .superRefine((v, ctx) => {
        if (mode === 'create' && !v) ctx.addIssue({ code: 'custom', message: required });
        else if (v && v.length < PASSWORD_MIN)
          ctx.addIssue({ code: 'custom', message: AUTH_MESSAGES.passwordTooShort });
        else if (v.length > LIMITS.password) ctx.addIssue({ code: 'custom', message: AUTH_MESSAGES.passwordTooLong });
        else if (v.includes('\0')) ctx.addIssue({ code: 'custom', message: COMMON_MESSAGES.control });
      }),
  });
}
export type StaffUserInput = z.input<ReturnType<typeof staffUserSchema>>;
