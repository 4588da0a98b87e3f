import { isEntityId } from '@bolsa/domain';
import { Router } from 'express';
import { HttpError, MESSAGES } from '../errors.js';
import { releaseStaged, stagedRefs } from '../files/index.js';
import { addStagedFiles, IntakeError, receiveApplication } from './intake.js';
import { APPLY_MESSAGES, checkDuplicate, submitApplication, type ApplyDeps } from './service.js';

const one = (v: unknown): string => (typeof v === 'string' ? v : '');
const yes = (v: string) => ['1', 'true'].includes(v.trim().toLowerCase());

/** GET /postulantes/validar and POST /guardar/Postulante (spec 1 §7). */
export function applicationRoutes(deps: ApplyDeps): Router {
  const router = Router();

  router.get('/postulantes/validar', async (req, res) => {
    const vacante = one(req.query.vacanteId);
    const dpi = one(req.query.dpi).replace(/\D/g, '');
    const email = one(req.query.email).trim().toLowerCase();
    const registered = yes(one(req.query.esRegistrado));
    const usuario = one(req.query.usuarioId);
    if (!isEntityId(vacante) || (registered && !isEntityId(usuario)) || dpi.length > 13 || email.length > 254)
      throw new HttpError(400, MESSAGES.badRequest, { ok: false, conflict: null });
    if (!dpi && !email) throw new HttpError(400, MESSAGES.badRequest, { ok: false, conflict: null });
    const result = await checkDuplicate(deps.db, {
      vacancyId: Number(vacante),
      dpi,
      email,
      userId: registered ? Number(usuario) : null,
    });
    res.json(result);
  });

  router.post('/guardar/Postulante', async (req, res) => {
    let form;
    try {
      form = await receiveApplication(req, deps.files);
    } catch (err) {
      if (!(err instanceof IntakeError)) throw err;
      await Promise.allSettled(err.tmpKeys.map((k) => deps.files.remove(k)));
      // A refused form's staged files go at once (issue 22).
      await releaseStaged(deps, stagedRefs(req.query.preparados)?.map((r) => r.id) ?? []);
      const status = err.reason === 'fieldsTooLarge' ? 413 : 400;
      // A client that cut the connection gets no answer; writing to a closed socket is harmless.
      if (!res.headersSent)
        res
          .status(status)
          .json({ success: false, message: status === 413 ? MESSAGES.tooLarge : APPLY_MESSAGES.badRequest });
      return;
    }
    // Files staged when they were dropped on the form come as ids (files/staged.ts).
    const refs = stagedRefs(req.query.preparados);
    if (!refs || !(await addStagedFiles(deps.db, form, refs))) {
      await Promise.allSettled(form.files.filter((f) => !f.stagedId).map((f) => deps.files.remove(f.tmpKey)));
      await releaseStaged(deps, refs?.map((r) => r.id) ?? []);
      res.status(400).json({ success: false, message: APPLY_MESSAGES.badRequest });
      return;
    }
    const outcome = await submitApplication(deps, form);
    if (outcome.ok) {
      res.status(201).json({ success: true, message: APPLY_MESSAGES.received, postulanteId: outcome.id });
      return;
    }
    if (outcome.kind === 'invalid') {
      res.status(400).json({ success: false, message: outcome.message, fields: outcome.fields });
      return;
    }
    if (outcome.kind === 'closed') {
      res.status(409).json({ success: false, conflict: 'vacante_no_disponible', message: outcome.message });
      return;
    }
    res.status(409).json({ success: false, conflict: outcome.conflict, message: outcome.message });
  });

  return router;
}
