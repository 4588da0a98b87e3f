import { AsyncLocalStorage } from 'node:async_hooks';
import { isIP } from 'node:net';
import type { NextFunction, Request, Response } from 'express';

/** Who is acting in this request, as the BFF says (it alone holds the service token). */
export interface AuditActor {
  kind: 'usuario' | 'token' | 'sistema';
  id: number | null;
}

/** What every audit row of one request shares: the actor, the client's address, the request id. */
export interface AuditRequest {
  actor: AuditActor;
  address: string | null;
  requestId: string | null;
}

const SYSTEM: AuditActor = { kind: 'sistema', id: null };
const current = new AsyncLocalStorage<AuditRequest>();

/** The request being served (a job or a script outside any request: the system, no address). */
export const currentAuditRequest = (): AuditRequest =>
  current.getStore() ?? { actor: SYSTEM, address: null, requestId: null };

/** Header the BFF sets on every call: 'usuario:12' (a staff session) or 'token:3' (an API token). */
export const ACTOR_HEADER = 'x-bolsa-actor';
/** Header the BFF sets on every call: the browser's address as the BFF saw it (TRUST_PROXY applied). */
export const ADDRESS_HEADER = 'x-bolsa-client-address';

export function parseActorHeader(raw: string | undefined): AuditActor {
  const m = raw ? /^(usuario|token):(\d{1,10})$/.exec(raw.trim()) : null;
  if (!m) return SYSTEM;
  const id = Number(m[2]);
  return id >= 1 && id <= 2_147_483_647 ? { kind: m[1] as 'usuario' | 'token', id } : SYSTEM;
}

export function parseAddressHeader(raw: string | undefined): string | null {
  const a = raw?.trim() ?? '';
  return a && isIP(a.replace(/^::ffff:/, '')) ? a.replace(/^::ffff:/, '') : null;
}

/**
 * Runs after the service-token check, so the headers come from the BFF: every service below can
 * record an audit row without being handed the actor.
 */
export function auditRequestMiddleware(req: Request, _res: Response, next: NextFunction) {
  const id = (req as Request & { id?: unknown }).id;
  current.run(
    {
      actor: parseActorHeader(req.get(ACTOR_HEADER)),
      address: parseAddressHeader(req.get(ADDRESS_HEADER)),
      requestId: typeof id === 'string' ? id : null,
    },
    next,
  );
}
