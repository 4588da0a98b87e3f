import { apiTokenName, isStaffRole, USER_MESSAGES } from '@bolsa/domain';
import { Router } from 'express';
import type { Db } from '../db/database.js';
import { badRequest, HttpError, MESSAGES, notFound, parseId } from '../errors.js';
import { bodyOf, text } from '../input.js';
import { createApiToken, listApiTokens, revokeApiToken, useApiToken } from './service.js';

const SHA256_HEX = /^[0-9a-f]{64}$/;

/**
 * API tokens for integrations (internal: only the BFF calls these). The BFF generates the token,
 * shows it once and sends only its SHA-256 here.
 */
export function apiTokenRoutes(db: Db): Router {
  const router = Router();

  router.get('/internal/api-tokens', async (_req, res) => {
    res.json(await listApiTokens(db));
  });

  router.post('/internal/api-tokens', async (req, res) => {
    const body = bodyOf(req);
    // The domain's rule (required, at most API_TOKEN_NAME_MAX, one line), with its message.
    const named = apiTokenName().safeParse(typeof body.nombre === 'string' ? body.nombre : undefined);
    if (!named.success) throw badRequest(named.error.issues[0]!.message);
    const nombre = named.data;
    const idrol = body.idrol;
    if (typeof idrol !== 'number' || !isStaffRole(idrol)) throw badRequest(USER_MESSAGES.roleInvalid);
    const hash = text(body.hash);
    if (!SHA256_HEX.test(hash)) throw badRequest(MESSAGES.tokenHashInvalid);
    const id = await createApiToken(db, { nombre, idrol, hash });
    // 256 random bits do not collide; a repeated hash is a repeated request.
    if (id === 'duplicate') throw new HttpError(409, MESSAGES.tokenExists);
    res.status(201).json({ id });
  });

  router.post('/internal/api-tokens/:id/revocar', async (req, res) => {
    if (!(await revokeApiToken(db, parseId(req.params.id)))) throw notFound(MESSAGES.tokenNotFound);
    res.json({ success: true });
  });

  router.get('/internal/api-tokens/verificar/:hash', async (req, res) => {
    const hash = req.params.hash.toLowerCase();
    if (!SHA256_HEX.test(hash)) throw badRequest(MESSAGES.tokenHashInvalid);
    const found = await useApiToken(db, hash);
    if (!found) throw notFound(MESSAGES.tokenNotFound);
    res.json(found);
  });

  return router;
}
