/**
 * Messages that belong to no one entity: HTTP-level answers of the api and the bff, network
 * failures. Each tier answers these words; none types them again.
 */
export const GENERIC_MESSAGES = {
  notFound: 'Recurso no encontrado',
  invalidId: 'Identificador inválido',
  badRequest: 'Solicitud inválida',
  tooLarge: 'La solicitud es demasiado grande',
  unauthorized: 'No autorizado',
  forbidden: 'No tienes permiso para realizar esta acción.',
  internal: 'Error interno del servidor',
  unreachable: 'No se pudo contactar al servidor. Intenta nuevamente.',
  connectionError: 'Error de conexión',
  tryLater: 'Inténtalo de nuevo más tarde.',
  retry: 'Intente nuevamente.',
  retryAction: 'Reintentar',
  loadFailed: 'No se pudieron cargar los datos. Intente nuevamente más tarde.',
  unexpected: 'Error inesperado',
  loginOk: 'Inicio de sesión exitoso',
  accountCreated: 'Cuenta creada exitosamente',
  publicationDateInvalid: 'La fecha de publicación no es válida.',
  featuredInvalid: 'El valor de destacado debe ser verdadero o falso.',
  activeInvalid: 'El valor de activo debe ser verdadero o falso.',
  sessionExpiringTitle: 'Sesión por expirar',
  ok: 'Entendido',
} as const;

/** While the service is unreachable: the page checks again by itself (web's outage notice). */
export const OUTAGE_MESSAGES = {
  title: GENERIC_MESSAGES.connectionError,
  message: GENERIC_MESSAGES.unreachable,
  checking: 'Comprobando la conexión…',
  retryIn: (seconds: number) => `Se volverá a intentar en ${seconds} s.`,
  retryNow: GENERIC_MESSAGES.retryAction,
  /** The session could not be checked: the page waits instead of logging the user out. */
  sessionKept: 'Tu sesión se mantiene: la página continuará sola cuando el servidor responda.',
} as const;

/** A browser tab the BFF cannot serve (a broken address, a failure): a page, not JSON. */
export const PAGE_ERROR_MESSAGES = {
  badAddress: 'La dirección no es válida',
  failed: 'No se pudo mostrar la página',
  home: 'Ir a la Bolsa de Trabajo',
} as const;

/** 'Error {status}' (spec 2 §8, users and history). */
export const httpStatusMessage = (status: number) => `Error ${status}`;
/** 'Error: {message}' (spec 2 §8, login and delete 'other'). */
export const errorWithMessage = (message: string) => `Error: ${message}`;

/** A Spanish 'Solicitud inválida' that names the field, for GraphQL coercion errors (issue 13). */
export const invalidFieldMessage = (field: string) => `Solicitud inválida: el campo '${field}' no es válido.`;

/** Who opened a candidate's file, in the timeline, when an API token did (not a staff member). */
export const apiTokenActor = (name: string) => `Token de API «${name}»`;
/** Who opened it when neither the staff account nor the token exists any more. */
export const UNKNOWN_ACTOR = 'Usuario no disponible';

/**
 * Reading the GraphQL schema (introspection) when INTROSPECTION=staff, as GraphiQL does in
 * production: staff sessions and API tokens only.
 */
export const SCHEMA_MESSAGES = {
  signInToRead:
    'Para consultar el esquema inicie sesión como personal o envíe un token de API (Authorization: Bearer …).',
  staffOnly: 'El esquema solo lo pueden consultar el personal y los tokens de API.',
} as const;

/** Trusted documents (bff/src/trusted-documents.ts): what a browser may run in production. */
export const TRUSTED_DOCUMENT_MESSAGES = {
  notRegistered:
    'Esta operación no está registrada: desde el navegador solo se ejecutan las operaciones de la aplicación. Las consultas libres necesitan un token de API (Authorization: Bearer …).',
  unknownHash: 'La aplicación se actualizó: recargue la página para continuar.',
} as const;

/**
 * 'Error {status}: Formato de solicitud incorrecto' (spec 2 §8, recruiter login). Here, not in
 * account.ts: the web's error reader is on the home page's first visit, and account.ts brings zod
 * and the geography with its schemas (42 KB gzip).
 */
export const recruiterHttpErrorMessage = (status: number) => `Error ${status}: Formato de solicitud incorrecto`;
