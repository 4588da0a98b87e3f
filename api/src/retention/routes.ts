import { Router } from 'express';
import { HttpError } from '../errors.js';
import { retentionPreview, retentionRun, retentionRuns, runRetention, type RetentionDeps } from './service.js';

const wireRun = (r: NonNullable<Awaited<ReturnType<typeof retentionRun>>>) => ({
  id: r.id,
  tipo: r.tipo,
  usuario: r.usuario_nombre,
  fecha: iso(r.ejecutada_en),
  anonimizados: r.anonimizados,
  avisos: r.avisos,
  documentos: r.documentos,
  archivos: r.archivos,
});

function iso(d: Date | string | null): string | null {
  return d === null ? null : (d instanceof Date ? d : new Date(d)).toISOString();
}

/**
 * Retention (issue 24, item 3), internal: only the BFF calls these, for the administrator.
 * - GET /internal/retencion: what the next run will do (policy, date, counts, the next applications).
 * - GET /internal/retencion/ejecuciones: the last runs, newest first.
 * - POST /internal/retencion/ejecutar: 'Ejecutar ahora' (a manual run, audited as the caller).
 */
export function retentionRoutes(deps: RetentionDeps): Router {
  const router = Router();

  router.get('/internal/retencion', async (_req, res) => {
    const p = await retentionPreview(deps);
    res.json({
      politica: {
        meses: p.policy.months,
        mesesDocumentosInvitados: p.policy.guestDocumentMonths,
        diasAviso: p.policy.noticeDays,
      },
      proximaEjecucion: iso(p.nextRunAt),
      anonimizados: p.counts.anonimizados,
      avisos: p.counts.avisos,
      documentos: p.counts.documentos,
      total: p.upcomingTotal,
      proximos: p.upcoming.map((u) => ({
        id: u.id,
        nombre: u.name,
        plaza: u.vacancy,
        estado: u.state,
        motivo: u.reason,
        ultimaActividad: iso(u.lastActivity),
        anonimizarEl: iso(u.anonymiseOn),
        paso: u.step,
      })),
    });
  });

  router.get('/internal/retencion/ejecuciones', async (_req, res) => {
    res.json({ items: (await retentionRuns(deps.db)).map(wireRun) });
  });

  router.post('/internal/retencion/ejecutar', async (_req, res) => {
    const r = await runRetention(deps, 'manual');
    const run = r && (await retentionRun(deps.db, r.runId));
    if (!r || !run) throw new HttpError(409, 'La retención no se ejecutó.');
    res.json({ ...wireRun(run), runId: r.runId });
  });

  return router;
}
