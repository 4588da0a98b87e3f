import { AUDIT_LIMITS, AUDIT_MESSAGES, guatemalaToInstant, isAuditAction, isAuditTargetKind } from '@bolsa/domain';
import { Router, type Request } from 'express';
import type { Db } from '../db/database.js';
import { badRequest, HttpError } from '../errors.js';
import { hasControl } from '../input.js';
import { parsePaging, queryParam, SEARCH_MAX } from '../lists.js';
import { listAudit, recordLogout, startAuditExport, verifyAudit, type AuditFilter } from './service.js';
import { sendNdjson } from '../ndjson.js';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A Guatemala calendar day ('YYYY-MM-DD') → the instant it starts; `next`: the instant the day ends. */
function dayParam(req: Request, name: string, next: boolean): Date | null {
  const raw = queryParam(req, name)?.trim();
  if (!raw) return null;
  // Years a log can hold; 9999-12-31 and the like are refused, not sent to the database.
  const year = Number(raw.slice(0, 4));
  const start = DAY.test(raw) && year >= 1900 && year <= 2999 ? guatemalaToInstant(raw) : null;
  if (!start) throw badRequest(AUDIT_MESSAGES.dateInvalid);
  return next ? new Date(start.getTime() + 24 * 3600_000) : start;
}

/** actor (part of the name), accion, objetivoTipo, objetivoId, desde, hasta (Guatemala days, inclusive). */
export function auditFilterOf(req: Request): AuditFilter {
  const actor = queryParam(req, 'actor')?.trim() || null;
  if (actor && (actor.length > SEARCH_MAX || hasControl(actor))) throw badRequest(AUDIT_MESSAGES.targetInvalid);
  const action = queryParam(req, 'accion')?.trim() || null;
  if (action && !isAuditAction(action)) throw badRequest(AUDIT_MESSAGES.actionInvalid);
  const targetKind = queryParam(req, 'objetivoTipo')?.trim() || null;
  if (targetKind && !isAuditTargetKind(targetKind)) throw badRequest(AUDIT_MESSAGES.targetInvalid);
  const targetId = queryParam(req, 'objetivoId')?.trim() || null;
  if (targetId && !/^[A-Za-z0-9._:-]{1,64}$/.test(targetId)) throw badRequest(AUDIT_MESSAGES.targetInvalid);
  const from = dayParam(req, 'desde', false);
  const to = dayParam(req, 'hasta', true);
  if (from && to && from >= to) throw badRequest(AUDIT_MESSAGES.rangeInvalid);
  return { actor, action, targetKind, targetId, from, to };
}

const wire = (r: Awaited<ReturnType<typeof listAudit>>['items'][number]) => ({
  id: r.id,
  fecha: r.fecha,
  actorTipo: r.actorTipo,
  actorId: r.actorId,
  actorNombre: r.actorNombre,
  accion: r.accion,
  objetivoTipo: r.objetivoTipo,
  objetivoId: r.objetivoId,
  direccion: r.direccion,
  solicitud: r.solicitud,
  // Small and free of personal data by construction (recordAudit's callers; ADR 2026-11-27-audit-log).
  detalle: r.detalle,
});

/**
 * The audit log (issue 24), internal: only the BFF calls these, for the administrator.
 * - GET /internal/auditoria?page&pageSize&filters: newest first, `{ items, totalCount, page, pageSize }`.
 * - POST /internal/auditoria/verificar: `{ ok, count, brokenId?, brokenAt? }`.
 * - POST /internal/auditoria/salida: a staff member's log-out (the actor header names them): `{ registrada }`.
 * - GET /internal/auditoria/exportar?filters: records the export, then NDJSON oldest first
 *   (`X-Total-Count`); 413 over AUDIT_LIMITS.exportRowsMax.
 * There is no route that changes or deletes a row.
 */
export function auditRoutes(db: Db): Router {
  const router = Router();

  router.get('/internal/auditoria', async (req, res) => {
    const paging = parsePaging(req) ?? { page: 1, pageSize: AUDIT_LIMITS.pageSizeDefault };
    const out = await listAudit(db, auditFilterOf(req), paging.page, paging.pageSize);
    res.json({ ...out, items: out.items.map(wire) });
  });

  router.post('/internal/auditoria/salida', async (_req, res) => {
    res.json({ registrada: await recordLogout(db) });
  });

  router.post('/internal/auditoria/verificar', async (_req, res) => {
    res.json(await verifyAudit(db));
  });

  router.get('/internal/auditoria/exportar', async (req, res) => {
    const exported = await startAuditExport(db, auditFilterOf(req));
    if (exported.tooLarge) throw new HttpError(413, AUDIT_MESSAGES.exportTooLarge);
    await sendNdjson(res, exported.total, mapBatches(exported.batches(), wire));
  });

  return router;
}

async function* mapBatches<T, U>(batches: AsyncIterable<T[]>, f: (row: T) => U): AsyncGenerator<U[]> {
  for await (const batch of batches) yield batch.map(f);
}
