import {
  can,
  CANDIDATE_STATE_LABEL,
  check,
  csvCell,
  formatDate,
  funnelRangeSchema,
  type CandidateState,
} from '@bolsa/domain';
import { Router, type Request } from 'express';
import type { Services } from '../context.js';
import { MESSAGES } from '../errors.js';
import type { FunnelReportDto, FunnelRowDto } from '../normalise/funnel-report.js';

const DOWNLOAD_FAILED = { message: 'No se pudo descargar' };

/** One home for the cell's escaping: the domain's (the candidate exports use it too). */
export { csvCell };

export const FUNNEL_CSV_HEADINGS = [
  'Desde',
  'Hasta',
  'Plaza',
  'Etapa',
  'Alcanzaron la etapa',
  'Conversión desde la etapa anterior (%)',
  'Mediana de días en la etapa',
  'Actualmente en la etapa',
  'Postulaciones en el periodo',
  'Contratados',
  'Rechazados',
  'Mediana de días hasta contratación',
] as const;

const label = (s: CandidateState) => CANDIDATE_STATE_LABEL[s];
const percent = (c: number | null) => (c === null ? null : Math.round(c * 1000) / 10);

/** The report as CSV: one line per vacancy (overall first) and step, then its rejected line. */
export function funnelCsv(report: FunnelReportDto): string {
  const from = formatDate(report.from);
  const to = formatDate(report.to);
  const lines: (string | number | null)[][] = [[...FUNNEL_CSV_HEADINGS]];
  const rowLines = (r: FunnelRowDto) => {
    const now = new Map(r.byState.map((s) => [s.state, s.count]));
    const summary = [r.total, r.hired, r.rejected, r.medianDaysToHire];
    for (const step of r.steps)
      lines.push([
        from,
        to,
        r.vacancyName,
        label(step.state),
        step.reached,
        percent(step.conversion),
        step.medianDays,
        now.get(step.state) ?? 0,
        ...summary,
      ]);
    lines.push([from, to, r.vacancyName, label('rechazado'), null, null, null, r.rejected, ...summary]);
  };
  rowLines(report.overall);
  for (const v of report.vacancies) rowLines(v);
  // The BOM makes Excel read the file as UTF-8 (accents); CRLF as RFC 4180 writes lines.
  return `\uFEFF${lines.map((l) => l.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

const single = (req: Request, name: string): string | null => {
  const v: unknown = (req.query as Record<string, unknown>)[name];
  return typeof v === 'string' ? v : v === undefined ? '' : null;
};

/**
 * GET /reports/funnel.csv?from=YYYY-MM-DD&to=YYYY-MM-DD[&vacancyId=]: the funnel report as a
 * CSV download, for a staff session of roles 1–2 (401 without a session, 403 for other roles).
 */
export function reportsRouter(services: Services): Router {
  const router = Router();
  router.get('/funnel.csv', async (req, res) => {
    res.setHeader('Cache-Control', 'private, no-store');
    const viewer = await services.sessions.viewer(req, res);
    if (!viewer) return void res.status(401).json({ message: MESSAGES.UNAUTHENTICATED });
    if (viewer.kind === 'CANDIDATE' || !can(viewer.role, 'report.view'))
      return void res.status(403).json({ message: MESSAGES.FORBIDDEN });
    const from = single(req, 'from');
    const to = single(req, 'to');
    const vacancyId = single(req, 'vacancyId');
    if (from === null || to === null || vacancyId === null)
      return void res.status(400).json({ message: MESSAGES.BAD_USER_INPUT });
    const range = check(funnelRangeSchema, { from, to });
    if (!range.ok) return void res.status(400).json({ message: range.message });
    try {
      const r = await services.reports.funnel({ ...range.value, vacancyId: vacancyId || null });
      if (!r.ok) {
        if (r.failure.kind === 'invalid')
          return void res.status(400).json({ message: r.failure.message ?? MESSAGES.BAD_USER_INPUT });
        if (r.failure.kind === 'not-found') return void res.status(404).json({ message: MESSAGES.NOT_FOUND });
        return void res.status(503).json(DOWNLOAD_FAILED);
      }
      res.setHeader('Content-Type', 'text/csv; charset=utf-8');
      res.setHeader('Content-Disposition', `attachment; filename="embudo-${range.value.from}-${range.value.to}.csv"`);
      res.setHeader('X-Content-Type-Options', 'nosniff');
      res.send(funnelCsv(r.value));
    } catch {
      if (!res.headersSent) res.status(503).json(DOWNLOAD_FAILED);
    }
  });
  return router;
}
