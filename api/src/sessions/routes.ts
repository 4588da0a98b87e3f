import { Router } from 'express';
import type { Db } from '../db/database.js';
import { badRequest, HttpError, notFound } from '../errors.js';
import { bodyOf, text } from '../input.js';
import { SessionService } from './service.js';
import type { SessionKind } from './service.js';

/** Session ids and counter keys arrive hashed or opaque from the BFF: short and plain. */
const KEY = /^[A-Za-z0-9:._-]{8,200}$/;
const DAY_MS = 24 * 3600_000;

function key(raw: unknown): string {
  const k = text(raw);
  if (!KEY.test(k)) throw badRequest();
  return k;
}

function kind(raw: unknown): SessionKind {
  if (raw === 'staff' || raw === 'candidate') return raw;
  throw badRequest();
}

/** An integer in [min, max]; anything else is a 400. */
function int(raw: unknown, min: number, max: number): number {
  if (typeof raw !== 'number' || !Number.isInteger(raw) || raw < min || raw > max) throw badRequest();
  return raw;
}

/** Account ids are the tables' integer ids, sent as a number or a string of digits. */
function userId(raw: unknown): string {
  const s = typeof raw === 'number' || typeof raw === 'string' ? String(raw) : '';
  if (!/^[1-9]\d{0,9}$/.test(s)) throw badRequest();
  return s;
}

const counterJson = (c: { puntos: number; restante_ms: number | null }) => ({
  puntos: c.puntos,
  restanteMs: c.restante_ms === null ? null : Number(c.restante_ms),
});

/**
 * Internal endpoints for the BFF replicas (service token, like every /internal route): sessions,
 * rate-limit counters and spent single-use tokens, so any replica sees what another did.
 */
export function sessionRoutes(db: Db): Router {
  const router = Router();
  const service = new SessionService(db);

  router.post('/internal/sesiones', async (req, res) => {
    const b = bodyOf(req);
    const outcome = await service.create({
      id: key(b.id),
      tipo: kind(b.tipo),
      usuarioId: userId(b.usuarioId),
      rol: int(b.rol, 1, 4),
      vidaMs: int(b.vidaMs, 1_000, 7 * DAY_MS),
    });
    if (outcome === 'unknown') throw notFound();
    if (outcome === 'inactive') throw new HttpError(409, 'La cuenta está inactiva.');
    res.status(201).json({ ok: true });
  });

  router.post('/internal/sesiones/:id/usar', async (req, res) => {
    const session = await service.use(key(req.params.id), int(bodyOf(req).inactividadMs, 1_000, DAY_MS));
    if (!session) throw notFound();
    res.json(session);
  });

  // The idle marks a replica kept in memory, written in one batch (docs/decisions/2026-11-27-session-cache.md).
  router.post('/internal/sesiones/vistas', async (req, res) => {
    const b = bodyOf(req);
    const raw = Array.isArray(b.vistas) ? (b.vistas as unknown[]) : null;
    if (!raw || raw.length > 10_000) throw badRequest();
    const touches = raw.map((t) => {
      const f = t && typeof t === 'object' ? (t as Record<string, unknown>) : {};
      return { id: key(f.id), haceMs: int(f.haceMs, 0, DAY_MS) };
    });
    res.json({ tocadas: await service.touch(touches, int(b.inactividadMs, 1_000, DAY_MS)) });
  });

  // What every replica must forget now: polled a few times a second by each BFF, not per request.
  router.get('/internal/sesiones/revocaciones', async (req, res) => {
    const windowMs = int(Number(req.query.ventanaMs), 1_000, 600_000);
    res.json({ revocadas: await service.revocations(windowMs) });
  });

  router.post('/internal/sesiones/:id/eliminar', async (req, res) => {
    res.json({ eliminada: await service.end(key(req.params.id)) });
  });

  router.get('/internal/sesiones/cuentas/:tipo/:usuarioId', async (req, res) => {
    const state = await service.account(kind(req.params.tipo), userId(req.params.usuarioId));
    if (!state) throw notFound();
    res.json(state);
  });

  router.post('/internal/contadores', async (req, res) => {
    const b = bodyOf(req);
    const row = await service.consume({
      clave: key(b.clave),
      puntos: int(b.puntos, -1_000_000, 1_000_000),
      duracionMs: int(b.duracionMs, 0, 366 * DAY_MS),
      forzar: b.forzar === true,
    });
    res.json(counterJson(row));
  });

  router.get('/internal/contadores/:clave', async (req, res) => {
    const row = await service.counter(key(req.params.clave));
    if (!row) throw notFound();
    res.json(counterJson(row));
  });

  router.post('/internal/contadores/:clave/eliminar', async (req, res) => {
    res.json({ eliminado: await service.resetCounter(key(req.params.clave)) });
  });

  router.post('/internal/tokens-usados', async (req, res) => {
    const b = bodyOf(req);
    res.json({ nuevo: await service.spend(key(b.clave), int(b.duracionMs, 1_000, 7 * DAY_MS)) });
  });

  router.get('/internal/tokens-usados/:clave', async (req, res) => {
    res.json({ usado: await service.spent(key(req.params.clave)) });
  });

  return router;
}
