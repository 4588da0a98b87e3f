import { check, funnelRangeSchema } from '@bolsa/domain';
import { Router } from 'express';
import type { Db } from '../db/database.js';
import { badRequest, parseId } from '../errors.js';
import { queryParam } from '../lists.js';
import { funnelReport } from './service.js';

/**
 * GET /internal/reportes/embudo?desde=YYYY-MM-DD&hasta=YYYY-MM-DD[&plazaId=] (issue 12, beyond the spec's
 * calls): the funnel of the applications made in [desde, hasta], days in Guatemala, both
 * included. Answers FunnelReportJson (./service.ts); a bad range is a 400 with its Spanish message.
 */
export function reportRoutes(db: Db): Router {
  const router = Router();
  router.get('/internal/reportes/embudo', async (req, res) => {
    const range = check(funnelRangeSchema, {
      from: queryParam(req, 'desde') ?? '',
      to: queryParam(req, 'hasta') ?? '',
    });
    if (!range.ok) throw badRequest(range.message);
    const rawVacancy = queryParam(req, 'plazaId');
    const vacancyId = rawVacancy === undefined || rawVacancy === '' ? null : parseId(rawVacancy);
    res.json(await funnelReport(db, { desde: range.value.from, hasta: range.value.to, vacancyId }));
  });
  return router;
}
