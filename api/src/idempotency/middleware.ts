import { createHmac } from 'node:crypto';
import {
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  IDEMPOTENCY_MESSAGES,
  IDEMPOTENT_REPLAYED_HEADER,
  stableJson,
} from '@bolsa/domain';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import { currentAuditRequest } from '../audit/index.js';
import type { Db } from '../db/database.js';
import { claim, complete, release } from './repository.js';

export interface IdempotencyOptions {
  /**
   * Keys the request digest (HMAC): a body may hold a password, and the table must not keep a plain
   * digest of it. The service token: a secret the database never holds.
   */
  secret: string;
  /** Answers larger than this are not stored (a replay answers 409 instead); default 256 KB. */
  maxBodyBytes?: number;
  /** A row still 'en_curso' after this long belonged to a process that died: taken over (default 5 min). */
  staleMs?: number;
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Idempotent writes (docs/decisions/2026-11-29-idempotent-writes.md). A POST/PUT/PATCH/DELETE with
 * an `Idempotency-Key` header runs at most once per (actor, method, path, key):
 *
 * - first time: the key is claimed ('en_curso'), the handler runs; a 2xx or 4xx JSON answer is
 *   stored before it is sent (a bare status as it goes), anything else (a file, a body over the
 *   cap) is marked done without a body; a 5xx or a crash forgets the key, so a retry runs again;
 * - the same request again once done: the stored status and body, with `Idempotent-Replayed: true`
 *   (409 when the answer was not stored); still running: 409 with Retry-After; another body under
 *   the key: 422.
 *
 * Multipart and raw uploads are not covered (their body is a stream, not hashed here): the header
 * is ignored on them. Runs after the service token and audit middleware (the actor is the BFF's
 * x-bolsa-actor) and after express.json (the body is hashed). Logs carry no key and no body.
 */
export function idempotency(db: Db, logger: Pick<Logger, 'error'>, o: IdempotencyOptions): RequestHandler {
  const maxBody = o.maxBodyBytes ?? 256 * 1024;
  const staleMs = o.staleMs ?? 5 * 60_000;
  return (req: Request, res: Response, next: NextFunction) => {
    const key = req.get(IDEMPOTENCY_HEADER);
    if (key === undefined || !WRITES.has(req.method) || req.is(['multipart/*', 'application/octet-stream'])) {
      next();
      return;
    }
    if (!IDEMPOTENCY_KEY_PATTERN.test(key)) {
      res.status(400).json({ message: IDEMPOTENCY_MESSAGES.keyInvalid });
      return;
    }
    const actor = currentAuditRequest().actor;
    const scope = `${actor.kind === 'sistema' ? 'servicio' : `${actor.kind}:${actor.id}`}|${req.method} ${req.path}`;
    const huella = createHmac('sha256', o.secret)
      .update(stableJson({ query: req.query, body: (req.body as unknown) ?? null }))
      .digest('hex');
    void (async () => {
      const found = await claim(db, scope, key, huella, staleMs);
      if (found.kind !== 'claimed') {
        if (found.huella !== huella) res.status(422).json({ message: IDEMPOTENCY_MESSAGES.keyReused });
        // Retry-After tells the BFF this 409 is 'not yet', not a conflict of the data.
        else if (found.kind === 'in-progress')
          res.status(409).set('Retry-After', '2').json({ message: IDEMPOTENCY_MESSAGES.inProgress });
        else if (found.cuerpo === null || found.codigo === null)
          res.status(409).json({ message: IDEMPOTENCY_MESSAGES.notReplayable });
        else if (found.cuerpo === '') res.status(found.codigo).set(IDEMPOTENT_REPLAYED_HEADER, 'true').end();
        else
          res.status(found.codigo).set(IDEMPOTENT_REPLAYED_HEADER, 'true').type('application/json').send(found.cuerpo);
        return;
      }
      let settled = false;
      const failed = (err: unknown) =>
        logger.error({ err: { type: (err as Error)?.name } }, 'No se pudo guardar una solicitud idempotente');
      // What the answer leaves behind; the promise is awaited before a JSON answer goes out, so a
      // retry that arrives after the answer finds the row completed.
      const settle = (status: number, body: string | null): Promise<void> => {
        settled = true;
        if (status >= 500) return release(db, scope, key).catch(failed);
        const stored = body !== null && Buffer.byteLength(body) <= maxBody ? body : null;
        return complete(db, scope, key, status, stored).catch(failed);
      };
      const json = res.json.bind(res);
      res.json = (body: unknown) => {
        if (settled || res.headersSent) return json(body);
        let text: string | null = null;
        try {
          text = JSON.stringify(body) ?? null;
        } catch {
          text = null;
        }
        void settle(res.statusCode, text)
          .then(() => json(body))
          .catch(failed);
        return res;
      };
      // Any other answer (a file, a redirect, a bare status) or one that ends some other way.
      const end = res.end.bind(res) as (...args: unknown[]) => Response;
      res.end = ((...args: unknown[]) => {
        // A bare status (no body) is replayed as such; a body other than JSON is not.
        const bare = args[0] === undefined || typeof args[0] === 'function';
        if (!settled) void settle(res.statusCode, bare ? '' : null);
        return end(...args);
      }) as Response['end'];
      next();
    })().catch(next);
  };
}
