import {
  ACTIVE_STATES,
  BULK_LIMIT,
  BULK_MESSAGES,
  canonicalState,
  isBulkTarget,
  searchWords,
  type BulkOutcome,
  type CandidateState,
} from '@bolsa/domain';
import { Router } from 'express';
import { actorOf } from '../actor.js';
import { badRequest, HttpError } from '../errors.js';
import { bodyOf, hasControl, noteOf } from '../input.js';
import type { CandidateListQuery, PipelineDeps } from '../pipeline/index.js';
import { bulkChangeState, type BulkSelection } from './service.js';

/** A row's outcome as the answer spells it. */
const OUTCOME_CODE: Record<BulkOutcome, string> = {
  moved: 'movido',
  unchanged: 'sin-cambios',
  refused: 'no-permitido',
  notFound: 'no-encontrado',
};

const INT4_MAX = 2_147_483_647;
const SEARCH_MAX = 200;

const isId = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 1 && (v as number) <= INT4_MAX;
const idOf = (v: unknown): number | null => {
  const n = typeof v === 'string' && /^\d{1,10}$/.test(v) ? Number(v) : v;
  return isId(n) ? n : null;
};

/** `ids` (the rows ticked) or `filtro` (every row of the list as it is filtered), never both. */
function selectionOf(body: Record<string, unknown>): BulkSelection {
  const { ids, filtro } = body;
  if ((ids === undefined) === (filtro === undefined)) throw badRequest(BULK_MESSAGES.idsOrFilter);
  if (ids !== undefined) {
    if (!Array.isArray(ids)) throw badRequest(BULK_MESSAGES.idsInvalid);
    if (ids.length === 0) throw badRequest(BULK_MESSAGES.empty);
    // Refused whole before anything is read: a selection past the limit.
    const distinct = new Set(ids).size;
    if (distinct > BULK_LIMIT) throw tooMany(distinct);
    const parsed = ids.map(idOf);
    if (parsed.some((n) => n === null)) throw badRequest(BULK_MESSAGES.idsInvalid);
    return { ids: parsed as number[] };
  }
  if (!filtro || typeof filtro !== 'object' || Array.isArray(filtro)) throw badRequest(BULK_MESSAGES.filterInvalid);
  const f = filtro as Record<string, unknown>;
  const search = f.busqueda ?? '';
  if (typeof search !== 'string' || search.length > SEARCH_MAX || hasControl(search))
    throw badRequest(BULK_MESSAGES.filterInvalid);
  let state: CandidateState | undefined;
  if (f.estado !== undefined && f.estado !== null && f.estado !== '') {
    state = canonicalState(f.estado) ?? undefined;
    if (!state) throw badRequest(BULK_MESSAGES.filterInvalid);
  }
  const base = { words: searchWords(search), state, sort: 'appliedAt' as const, desc: true };
  let q: CandidateListQuery;
  if (f.lista === 'activos') {
    if (state && !(ACTIVE_STATES as readonly string[]).includes(state)) throw badRequest(BULK_MESSAGES.filterInvalid);
    q = { ...base, scope: 'active' };
  } else if (f.lista === 'plaza') {
    const vacancyId = idOf(f.plazaId);
    if (vacancyId === null) throw badRequest(BULK_MESSAGES.filterInvalid);
    q = { ...base, scope: 'all', vacancyId };
  } else throw badRequest(BULK_MESSAGES.filterInvalid);
  return { filter: q };
}

const tooMany = (total: number) =>
  new HttpError(400, BULK_MESSAGES.tooMany(total), { success: false, codigo: 'limite_excedido', total });

/**
 * POST /internal/candidatos/cambio-masivo (issue 23): `ids` or `filtro`, `nuevoEstado`, `mensaje`,
 * `simular` (answer what would happen, change nothing), and who acts (`rol`, `usuarioId`). The
 * answer lists every row: movido, sin-cambios, no-permitido or no-encontrado, with its message.
 */
export function bulkActionRoutes(deps: PipelineDeps): Router {
  const router = Router();
  router.post('/internal/candidatos/cambio-masivo', async (req, res) => {
    const body = bodyOf(req);
    const actor = actorOf(body, 2);
    const to = canonicalState(body.nuevoEstado);
    if (!to || !isBulkTarget(to)) throw badRequest(BULK_MESSAGES.targetInvalid);
    const selection = selectionOf(body);
    const r = await bulkChangeState(deps, {
      selection,
      to,
      note: noteOf(body.mensaje),
      actor,
      dryRun: body.simular === true,
    });
    if (!r.ok) {
      if (r.kind === 'forbidden') throw new HttpError(403, BULK_MESSAGES.forbidden);
      if (r.kind === 'empty') throw badRequest(BULK_MESSAGES.empty);
      throw tooMany(r.total);
    }
    res.json({
      success: true,
      simulado: body.simular === true,
      total: r.total,
      resultados: r.rows.map((row) => ({
        id: row.id,
        nombre: row.name,
        resultado: OUTCOME_CODE[row.outcome],
        estadoAnterior: row.from,
        estadoNuevo: row.to,
        correoEncolado: row.emailQueued,
        mensaje: row.message,
      })),
    });
  });
  return router;
}
