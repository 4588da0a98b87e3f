import { Readable } from 'node:stream';
import {
  AUDIT_CSV_HEADINGS,
  AUDIT_MESSAGES,
  auditCsvCells,
  auditExportFileName,
  can,
  CSV_BOM,
  csvLine,
} from '@bolsa/domain';
import { Router, type Request, type Response } from 'express';
import type { Services } from '../context.js';
import { MESSAGES } from '../errors.js';
import type { AuditEntryDto } from '../normalise/audit-log.js';
import type { AuditFilterInput } from '../upstream/audit-log.js';
import { streamToResponse } from './stream-to-response.js';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The CSV's query: the same filters as `auditLog` (actor, action, targetKind, targetId, from, to). */
function filterOf(q: Record<string, unknown>): AuditFilterInput | null {
  const one = (k: string) => {
    const v = q[k];
    return typeof v === 'string' && v.trim() ? v.trim() : null;
  };
  const f = {
    actor: one('actor'),
    action: one('action'),
    targetKind: one('targetKind'),
    targetId: one('targetId'),
    from: one('from'),
    to: one('to'),
  };
  if ((f.from && !DAY.test(f.from)) || (f.to && !DAY.test(f.to))) return null;
  return f;
}

async function* csvChunks(rows: AsyncIterable<AuditEntryDto>): AsyncGenerator<string> {
  let chunk = CSV_BOM + csvLine(AUDIT_CSV_HEADINGS);
  for await (const r of rows) {
    chunk += csvLine(auditCsvCells({ ...r, id: Number(r.id) }));
    if (chunk.length >= 16_384) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}

const refuse = (res: Response, status: number, message: string) => void res.status(status).json({ message });

/**
 * GET /reports/auditoria.csv?filters: the filtered audit log, oldest first, streamed from the api
 * (which records the export in the log itself). Administrators only (401/403 otherwise). Cells a
 * spreadsheet would read as formulas are escaped (domain csvCell).
 */
export function auditLogExportRouter(services: Services): Router {
  const router = Router();
  router.get('/auditoria.csv', async (req: Request, res: Response) => {
    res.setHeader('Cache-Control', 'private, no-store');
    const viewer = await services.sessions.viewer(req, res);
    if (!viewer) return refuse(res, 401, MESSAGES.UNAUTHENTICATED);
    if (viewer.kind === 'CANDIDATE' || !can(viewer.role, 'audit.view')) return refuse(res, 403, MESSAGES.FORBIDDEN);
    const filter = filterOf(req.query as Record<string, unknown>);
    if (!filter) return refuse(res, 400, AUDIT_MESSAGES.dateInvalid);
    let cancel = () => {};
    try {
      const r = await services.auditLog.export(filter);
      if (!r.ok) {
        if (r.failure.kind === 'invalid') return refuse(res, 400, r.failure.message ?? AUDIT_MESSAGES.loadError);
        return refuse(res, 503, AUDIT_MESSAGES.loadError);
      }
      cancel = r.value.cancel;
      res.on('close', () => {
        if (!res.writableFinished) cancel();
      });
      res.setHeader('Content-Type', 'text/csv; charset=utf-8');
      res.setHeader('Content-Disposition', `attachment; filename="${auditExportFileName()}"`);
      res.setHeader('X-Content-Type-Options', 'nosniff');
      if (r.value.total !== null) res.setHeader('X-Total-Count', String(r.value.total));
      await streamToResponse(Readable.from(csvChunks(r.value.rows)), res);
    } catch {
      cancel();
      if (!res.headersSent) refuse(res, 503, AUDIT_MESSAGES.loadError);
      else res.destroy();
    }
  });
  return router;
}
