import { ApolloLink } from '@apollo/client';
import { stableJson } from '@bolsa/domain';
import { tap } from 'rxjs';
import { UNSURE_CODES } from './errors';

/*
 * Every mutation carries an Idempotency-Key (docs/decisions/2026-11-29-idempotent-writes.md): the
 * BFF and the api carry out a write sent again under the same key once. The key of a mutation is
 * kept, by its name and variables, while it has no definite answer (no answer, a 5xx, an outage or
 * an unexpected error): trying again after 'No se pudo…' sends the same key, so the note, the
 * template version or the candidate's e-mail is not made twice. A definite answer (data, or a
 * validation or conflict error) forgets it: the same action done on purpose later is a new write.
 */
/** crypto.randomUUID exists only on HTTPS and localhost. */
const newKey = (): string =>
  crypto.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

/** At most `max` keys, none older than `ttlMs` (the api forgets them after a day). */
export function idempotencyLink(max = 50, ttlMs = 864e5, now = Date.now): ApolloLink {
  const keys = new Map<string, { key: string; at: number }>();
  return new ApolloLink((operation, forward) => {
    if (operation.operationType !== 'mutation') return forward(operation);
    const id = `${operation.operationName} ${stableJson(operation.variables)}`;
    const t = now();
    const kept = keys.get(id);
    const entry = kept && t - kept.at < ttlMs ? kept : { key: newKey(), at: t };
    keys.delete(id);
    keys.set(id, entry);
    for (const [k, e] of keys) if (keys.size > max || t - e.at >= ttlMs) keys.delete(k);
    operation.setContext(({ headers }: { headers?: Record<string, string> }) => ({
      headers: { ...headers, 'Idempotency-Key': entry.key },
    }));
    const forget = () => {
      if (keys.get(id) === entry) keys.delete(id);
    };
    return forward(operation).pipe(
      tap({
        next: (r) => {
          if (!r.errors?.some((e) => UNSURE_CODES.includes(e.extensions?.['code'] as string))) forget();
        },
        // No answer at all, or a 5xx: unsure. Any other status is the server's answer.
        error: (err: { statusCode?: number }) => {
          if ((err.statusCode ?? 500) < 500) forget();
        },
      }),
    );
  });
}
