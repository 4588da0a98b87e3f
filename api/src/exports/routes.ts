import { BULK_LIMIT, BULK_MESSAGES, CANDIDATE_EXPORT_MESSAGES, readIdList } from '@bolsa/domain';
import { Router } from 'express';
import { actorOf } from '../actor.js';
import type { Db } from '../db/database.js';
import { badRequest } from '../errors.js';
import { LIST_MESSAGES, parseOption, parsePaging, queryParam } from '../lists.js';
import { candidateListQueryOf } from '../pipeline/index.js';
import { listExports, startCandidateExport } from './service.js';
import { sendNdjson } from '../ndjson.js';

const INT4_MAX = 2_147_483_647;

/** An API token's id (`tokenId`), or null. */
function tokenIdOf(raw: string | undefined): number | null {
  if (raw === undefined || raw === '') return null;
  if (!/^\d{1,10}$/.test(raw) || Number(raw) < 1 || Number(raw) > INT4_MAX)
    throw badRequest(LIST_MESSAGES.optionInvalid);
  return Number(raw);
}

/** `ids=1,2,3`: the rows selected in the list (at most BULK_LIMIT), in order; undefined when absent. */
function idsParam(raw: string | undefined): number[] | undefined {
  if (raw === undefined) return undefined;
  const ids = readIdList(raw);
  if (!ids || !ids.length) throw badRequest(CANDIDATE_EXPORT_MESSAGES.idsInvalid);
  if (ids.length > BULK_LIMIT) throw badRequest(BULK_MESSAGES.tooMany(ids.length));
  return ids.map(Number);
}

/**
 * Exports of candidate lists (issue 23, beyond the spec's calls):
 * - GET /internal/exportaciones/candidatos?lista=inbox|vacancy&formato=csv|xlsx&usuarioId|tokenId&rol
 *   plus the list's own parameters (estado, search, sort, order; plazaId for a vacancy): records the
 *   export, then streams the rows as NDJSON, one candidate of the list's shape per line, in the
 *   list's order; `X-Total-Count` says how many lines follow. With `ids` (at most 500): those rows
 *   (the rows selected in the list), in that order, recorded as 'N seleccionados'. Each line also
 *   carries `etiquetas`: the names of the candidate's tags.
 * - GET /internal/exportaciones?page&pageSize: the record of every export, newest first.
 */
export function exportRoutes(db: Db): Router {
  const router = Router();

  router.get('/internal/exportaciones/candidatos', async (req, res) => {
    const list = parseOption(req, 'lista', ['inbox', 'vacancy'] as const);
    const format = parseOption(req, 'formato', ['csv', 'xlsx'] as const);
    if (!list || !format) throw badRequest(LIST_MESSAGES.optionInvalid);
    const actor = actorOf({ rol: queryParam(req, 'rol'), usuarioId: queryParam(req, 'usuarioId') }, 2);
    const query = candidateListQueryOf(req, list);
    const exported = await startCandidateExport(db, {
      list,
      query,
      ids: idsParam(queryParam(req, 'ids')),
      search: queryParam(req, 'search')?.trim() || null,
      format,
      userId: actor.userId,
      tokenId: tokenIdOf(queryParam(req, 'tokenId')),
      role: actor.role,
    });
    await sendNdjson(res, exported.total, exported.batches());
  });

  router.get('/internal/exportaciones', async (req, res) => {
    res.json(await listExports(db, parsePaging(req) ?? { page: 1, pageSize: 20 }));
  });
  return router;
}
