import { GraphQLError } from 'graphql';

export type ErrorCode =
  'UNAUTHENTICATED' | 'FORBIDDEN' | 'NOT_FOUND' | 'UPSTREAM_UNAVAILABLE' | 'INTERNAL' | 'BAD_USER_INPUT' | 'THROTTLED';

export const MESSAGES = {
  UNAUTHENTICATED: 'Debes iniciar sesión para continuar.',
  FORBIDDEN: 'Tu rol no permite realizar esta acción.',
  NOT_FOUND: 'El recurso solicitado no existe.',
  UPSTREAM_UNAVAILABLE: 'No se pudo contactar al servidor. Intenta nuevamente.',
  INTERNAL: 'Ocurrió un error inesperado. Intenta de nuevo más tarde.',
  THROTTLED: 'Demasiadas solicitudes. Espera unos minutos e intenta de nuevo.',
} as const;

export function gqlError(code: ErrorCode, message?: string, extra: Record<string, unknown> = {}): GraphQLError {
  const fallback = code === 'BAD_USER_INPUT' ? 'Solicitud inválida.' : MESSAGES[code];
  return new GraphQLError(message ?? fallback, { extensions: { code, ...extra } });
}
