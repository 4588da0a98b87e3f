import { Router } from 'express';
import type { Db } from '../db/database.js';
import { listBranches } from './service.js';

export function branchRoutes(db: Db): Router {
  const router = Router();
  router.get('/sedes', async (_req, res) => {
    res.json(await listBranches(db));
  });
  return router;
}
