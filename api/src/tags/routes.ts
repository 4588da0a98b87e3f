import { TAG_LIMITS, TAG_MESSAGES } from '@bolsa/domain';
import { Router } from 'express';
import { actorOf } from '../actor.js';
import type { Db } from '../db/database.js';
import { badRequest, parseId } from '../errors.js';
import { bodyOf } from '../input.js';
import { queryParam } from '../lists.js';
import * as tags from './service.js';

/** A list of tag ids in a body field (numbers or digit strings); undefined when absent. */
function idList(raw: unknown): number[] | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (!Array.isArray(raw) || raw.length > TAG_LIMITS.total) throw badRequest(TAG_MESSAGES.notFound);
  return raw.map((v) => parseId(typeof v === 'number' ? String(v) : v));
}

/**
 * Tags (issue 23; extra, undocumented routes for the BFF). Writes carry the actor (`usuarioId`,
 * `rol`: roles 1–2, else 403).
 *
 * - `GET /internal/etiquetas` → 200 `{ etiquetas: [{ id, nombre, color }] }` by name.
 * - `POST /internal/etiquetas` `{ nombre, color }` → 201 `{ success, message, etiqueta }`; 400 for a
 *   bad name or colour (domain messages); 409 'Ya existe una etiqueta con ese nombre.'.
 * - `GET /internal/etiquetas/asignadas?postulantes=1,2,3` (at most 100 ids) → 200
 *   `{ asignaciones: [{ postulanteId, etiquetaIds }] }`.
 * - `POST /internal/candidatos/{id}/etiquetas` `{ etiquetas: id[] }` (the whole set) or
 *   `{ agregar: id[], quitar: id[] }` → 200 `{ success, message, etiquetaIds }`; 404 no candidate;
 *   400 an unknown tag or more than 20.
 */
export function tagRoutes(db: Db): Router {
  const router = Router();

  router.get('/internal/etiquetas', async (_req, res) => {
    res.json({ etiquetas: await tags.listTags(db) });
  });

  router.post('/internal/etiquetas', async (req, res) => {
    const body = bodyOf(req);
    const etiqueta = await tags.createTag(db, { name: body.nombre, color: body.color }, actorOf(body, 2));
    res.status(201).json({ success: true, message: TAG_MESSAGES.created, etiqueta });
  });

  router.get('/internal/etiquetas/asignadas', async (req, res) => {
    const raw = queryParam(req, 'postulantes') ?? '';
    const ids = raw === '' ? [] : raw.split(',').map((s) => parseId(s.trim()));
    if (ids.length > 100) throw badRequest();
    const byCandidate = await tags.tagIdsOf(db, [...new Set(ids)]);
    res.json({
      asignaciones: [...byCandidate].map(([postulanteId, etiquetaIds]) => ({ postulanteId, etiquetaIds })),
    });
  });

  router.post('/internal/candidatos/:id/etiquetas', async (req, res) => {
    const body = bodyOf(req);
    const set = idList(body.etiquetas);
    const add = idList(body.agregar);
    const remove = idList(body.quitar);
    if (!set && !add && !remove) throw badRequest();
    const etiquetaIds = await tags.changeCandidateTags(
      db,
      parseId(req.params.id),
      set ? { set } : { add, remove },
      actorOf(body, 2),
    );
    res.json({ success: true, message: TAG_MESSAGES.saved, etiquetaIds });
  });

  return router;
}
