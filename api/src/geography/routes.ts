import { Router } from 'express';
import type { Db } from '../db/database.js';
import { badRequest, MESSAGES, notFound } from '../errors.js';
import { findMunicipality, listDepartments, listMunicipalities } from './service.js';

/** INE municipality codes are four digits; legacy callers send them as numbers without the leading zero. */
function parseMunicipalityCode(raw: unknown): string {
  if (typeof raw !== 'string' || !/^\d{3,4}$/.test(raw)) throw badRequest(MESSAGES.invalidId);
  return raw.padStart(4, '0');
}

export function geographyRoutes(db: Db): Router {
  const router = Router();

  router.get('/municipios', async (_req, res) => {
    res.json(await listMunicipalities(db));
  });

  router.get('/municipio/:id', async (req, res) => {
    const found = await findMunicipality(db, parseMunicipalityCode(req.params.id));
    if (!found) throw notFound(MESSAGES.municipalityNotFound);
    res.json(found);
  });

  // Must be registered before /plazas/:id, which would otherwise read 'departamentos' as an id.
  router.get('/plazas/departamentos', async (_req, res) => {
    res.json(await listDepartments(db));
  });

  return router;
}
