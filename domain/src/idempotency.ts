/**
 * Idempotent writes (docs/decisions/2026-11-29-idempotent-writes.md): a retry of the same write,
 * sent with the same `Idempotency-Key`, is carried out at most once. The browser's key (BFF) and
 * the keys the BFF derives from it (api) follow one rule.
 */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** Answered by the api on a stored answer given again instead of running the write twice. */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';
/** 8–100 characters: letters, digits, '_' and '-' (a UUID, a hex digest). */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;
/** How long a key is remembered (api rows, browser memory). */
export const IDEMPOTENCY_TTL_MS = 24 * 3_600_000;

export const IDEMPOTENCY_MESSAGES = {
  keyInvalid: 'La clave de idempotencia no es válida: usa de 8 a 100 letras, dígitos, guiones o guiones bajos.',
  inProgress: 'Esta solicitud ya se está procesando. Espera un momento y vuelve a intentarlo.',
  // What a person reads when the BFF retried an action whose api call it builds anew each time (an
  // API token: a new secret per attempt): the first attempt went through.
  keyReused:
    'Esta acción ya se realizó en el intento anterior, con otros datos. Actualiza la página para ver el resultado.',
  notReplayable:
    'Esta solicitud ya se realizó y su respuesta no se puede repetir. Actualiza la página para ver el resultado.',
} as const;

/**
 * JSON with its keys sorted at every level: the same request (or the same mutation's variables)
 * always gives the same text, whatever the order its keys were written in.
 */
export function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stableJson((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}
