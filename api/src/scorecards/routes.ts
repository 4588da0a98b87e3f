import { SCORECARD_MESSAGES } from '@bolsa/domain';
import { Router } from 'express';
import { actorOf } from '../actor.js';
import type { Db } from '../db/database.js';
import { notFound, parseId } from '../errors.js';
import { bodyOf } from '../input.js';
import { scorecardsOfCandidate, setVacancyCriteria, submitScorecard, vacancyCriteria } from './service.js';

/**
 * Interview scorecards (issue 24, item 4; extra, undocumented routes for the BFF).
 *
 * - `GET /internal/candidatos/{id}/evaluaciones` → 200 `{ entrevistas: [{ entrevistaId, criterios,
 *   evaluadores, iniciada, evaluaciones, resumen }] }` newest interview first; 404 without candidate.
 *   `evaluaciones[]` is `{ id, entrevistaId, usuarioId, autor, calificaciones: [{ criterio, puntaje }],
 *   recomendacion, comentarios, creadoEn, editadoEn }`; `resumen` the domain's ScorecardSummary.
 * - `POST /internal/entrevistas/{id}/evaluacion` `{ calificaciones, recomendacion, comentarios,
 *   usuarioId, rol }` → 201 (new) or 200 (own card updated) `{ success, message, evaluacion, postulanteId }`;
 *   400 the domain's message; 403 role 3 or not a participant; 404 no interview; 409 not started.
 * - `GET /internal/plazas/{id}/criterios-evaluacion` → 200 `{ criterios }` (the vacancy's own; [] =
 *   the default set); 404 without vacancy.
 * - `POST /internal/plazas/{id}/criterios-evaluacion` `{ criterios, usuarioId, rol }` → 200 `{ success,
 *   criterios }`; 400 the domain's message; 403 role 3.
 */
export function scorecardRoutes(db: Db): Router {
  const router = Router();

  router.get('/internal/candidatos/:id/evaluaciones', async (req, res) => {
    const list = await scorecardsOfCandidate(db, parseId(req.params.id));
    if (!list) throw notFound('Candidato no encontrado');
    res.json({ entrevistas: list });
  });

  router.post('/internal/entrevistas/:id/evaluacion', async (req, res) => {
    const body = bodyOf(req);
    const r = await submitScorecard(db, parseId(req.params.id), body, actorOf(body, 2));
    res
      .status(r.created ? 201 : 200)
      .json({ success: true, message: SCORECARD_MESSAGES.saved, evaluacion: r.card, postulanteId: r.candidateId });
  });

  router.get('/internal/plazas/:id/criterios-evaluacion', async (req, res) => {
    const list = await vacancyCriteria(db, parseId(req.params.id));
    if (!list) throw notFound('Plaza no encontrada');
    res.json({ criterios: list });
  });

  router.post('/internal/plazas/:id/criterios-evaluacion', async (req, res) => {
    const body = bodyOf(req);
    const criterios = await setVacancyCriteria(db, parseId(req.params.id), body.criterios, actorOf(body, 2));
    res.json({ success: true, criterios });
  });

  return router;
}
