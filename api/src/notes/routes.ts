import { NOTE_MESSAGES } from '@bolsa/domain';
import { Router } from 'express';
import { actorOf } from '../actor.js';
import type { Db } from '../db/database.js';
import { notFound, parseId } from '../errors.js';
import { bodyOf } from '../input.js';
import * as notes from './service.js';

/**
 * Notes on a candidate (issue 23; extra, undocumented routes for the BFF). Writes carry the actor
 * (`usuarioId`, `rol`: roles 1–2, else 403); only a note's author edits or deletes it (403
 * 'Solo puedes editar o eliminar tus propias notas.').
 *
 * - `GET /internal/candidatos/{id}/notas` → 200 `{ notas: Nota[] }` newest first (at most 500);
 *   404 'Candidato no encontrado'. `Nota` is `{ id, postulanteId, texto, usuarioId, creadoEn,
 *   editadoEn }` (instants in UTC ISO, `editadoEn` null until edited).
 * - `POST /internal/candidatos/{id}/notas` `{ texto, usuarioId, rol }` → 201 `{ success, message, nota }`;
 *   400 with the domain's message for an empty or too long text.
 * - `POST /internal/notas/{id}` `{ texto, usuarioId, rol }` → 200 `{ success, message, nota }`.
 * - `POST /internal/notas/{id}/eliminar` `{ usuarioId, rol }` → 200 `{ success, message }`.
 */
export function noteRoutes(db: Db): Router {
  const router = Router();

  router.get('/internal/candidatos/:id/notas', async (req, res) => {
    const list = await notes.listNotes(db, parseId(req.params.id));
    if (!list) throw notFound(NOTE_MESSAGES.candidateNotFound);
    res.json({ notas: list });
  });

  router.post('/internal/candidatos/:id/notas', async (req, res) => {
    const body = bodyOf(req);
    const nota = await notes.addNote(db, parseId(req.params.id), body.texto, actorOf(body, 2));
    res.status(201).json({ success: true, message: NOTE_MESSAGES.added, nota });
  });

  router.post('/internal/notas/:id', async (req, res) => {
    const body = bodyOf(req);
    const nota = await notes.updateNote(db, parseId(req.params.id), body.texto, actorOf(body, 2));
    res.json({ success: true, message: NOTE_MESSAGES.updated, nota });
  });

  router.post('/internal/notas/:id/eliminar', async (req, res) => {
    const body = bodyOf(req);
    await notes.deleteNote(db, parseId(req.params.id), actorOf(body, 2));
    res.json({ success: true, message: NOTE_MESSAGES.deleted });
  });

  return router;
}
