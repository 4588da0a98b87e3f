import { staffRoleSchema } from './staff-user.js';
import { text, z } from './schema.js';

/*
 * API tokens for integrators (users screen → 'Tokens de API'; spec 2 says nothing of them): the
 * name's limit and every message. The web form, the bff's createApiToken and the api's
 * /internal/api-tokens check the name through `apiTokenSchema`.
 */

/** The longest name of a token (what the api has always taken). */
export const API_TOKEN_NAME_MAX = 200;

export const API_TOKEN_MESSAGES = {
  nameRequired: 'El nombre del token es requerido.',
  nameTooLong: `El nombre del token no puede tener más de ${API_TOKEN_NAME_MAX} caracteres.`,
  hashInvalid: 'El hash del token debe tener 64 caracteres hexadecimales.',
  notFound: 'El token no existe.',
  exists: 'Ya existe un token con ese hash.',
  createFailed: 'No se pudo crear el token',
  revokeFailed: 'No se pudo revocar el token',
} as const;

/** A token's name: trimmed, required, at most API_TOKEN_NAME_MAX characters, one line. */
export const apiTokenName = () =>
  text({ max: API_TOKEN_NAME_MAX, required: API_TOKEN_MESSAGES.nameRequired, tooLong: API_TOKEN_MESSAGES.nameTooLong });

/** The create input of a token, in the GraphQL shape (`name`, `role`: ADMIN/MANAGER/VIEWER or 1–3). */
export const apiTokenSchema = () => z.object({ name: apiTokenName(), role: staffRoleSchema });
