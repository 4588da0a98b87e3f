import type { InterviewMode } from '@bolsa/domain';
import { Router, type Response } from 'express';
import { parseId } from '../errors.js';
import { bodyOf } from '../input.js';
import { actorOf } from '../actor.js';
import { transitionFields } from '../pipeline/index.js';
import { listInterviews, scheduleInterview, type InterviewDeps, type InterviewOutcome } from './service.js';

/** The documented payload (spec 3 §3/§7) in the domain schema's names. */
function inputOf(b: Record<string, unknown>): Record<string, unknown> {
  return {
    candidateId: b.candidatoId,
    candidateName: b.candidatoNombre,
    candidateEmail: b.candidatoEmail,
    date: b.fechaEntrevista,
    start: b.horaInicio,
    end: b.horaFin,
    participants: b.participantes ?? [],
    observations: b.observaciones ?? null,
    branchId: b.sede,
    address: b.direccion,
    room: b.sala ?? null,
    interviewer: b.entrevistador ?? null,
  };
}

/** `{ success, meetingLink, error, details }` (spec 3 §7); `entrevista` is the stored row. */
function answer(res: Response, o: InterviewOutcome): void {
  if (o.ok) {
    res.json({ success: true, meetingLink: o.meetingLink, error: null, details: null, entrevista: o.interview });
    return;
  }
  switch (o.kind) {
    case 'invalid':
      res
        .status(400)
        .json({ success: false, meetingLink: null, error: o.message, details: null, campo: o.field ?? null });
      return;
    case 'unauthorised':
      res.status(403).json({ success: false, meetingLink: null, error: o.title, details: o.message, title: o.title });
      return;
    case 'not-found':
      res.status(404).json({ success: false, meetingLink: null, error: o.message, details: null });
      return;
    case 'forbidden':
      res.status(403).json({ success: false, meetingLink: null, error: o.message, details: null });
      return;
    case 'meeting':
      // 424, not 502: the api is up, Microsoft Graph failed (502 would read as 'api down' at the BFF).
      res.status(424).json({ success: false, meetingLink: null, error: o.message, details: o.details });
      return;
    case 'transition':
      res.status(400).json({
        success: false,
        meetingLink: null,
        error: o.refused.message,
        details: null,
        ...transitionFields(o.refused),
      });
  }
}

export function interviewRoutes(deps: InterviewDeps): Router {
  const router = Router();
  const create = (mode: InterviewMode) => async (req: import('express').Request, res: Response) => {
    const body = bodyOf(req);
    const organiser = typeof body.organizadorEmail === 'string' ? body.organizadorEmail : null;
    const actor = actorOf(body, 2);
    const outcome = await scheduleInterview(deps, { mode, input: inputOf(body), organiserEmail: organiser, actor });
    answer(res, outcome);
  };
  router.post('/entrevista/crear-reunion-teams', create('VIRTUAL'));
  router.post('/entrevista/crear-entrevista-presencial', create('PRESENCIAL'));
  router.get('/internal/entrevista/postulante/:id', async (req, res) => {
    const id = parseId(req.params.id);
    res.json(await listInterviews(deps.db, id));
  });
  return router;
}
