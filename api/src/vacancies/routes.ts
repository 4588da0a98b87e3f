import { Router } from 'express';
import type { Db } from '../db/database.js';
import { MESSAGES, notFound, parseId } from '../errors.js';
import { findVacancy, listVacancies } from './repository.js';

export function vacancyRoutes(db: Db): Router {
  const router = Router();

  router.get('/sedes/vacantes/lista', async (_req, res) => {
    res.json(await listVacancies(db));
  });

  router.get('/sedes/:sedeId/plazas', async (req, res) => {
    res.json(await listVacancies(db, { sedeId: parseId(req.params.sedeId) }));
  });

  router.get('/plazas/:id', async (req, res) => {
    const vacancy = await findVacancy(db, parseId(req.params.id));
    if (!vacancy) throw notFound(MESSAGES.vacancyNotFound);
    res.json(vacancy);
  });

  return router;
}
