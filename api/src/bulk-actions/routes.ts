import {
  BULK_LIMIT,
  BULK_MESSAGES,
  canonicalState,
  isBulkTarget,
  parseCandidateListFilter,
  searchWords,
  type BulkOutcome,
} from '@bolsa/domain';
import { Router } from 'express';
import { actorOf } from '../actor.js';
import { badRequest, HttpError } from '../errors.js';
import { bodyOf, noteOf } from '../input.js';
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

const tooMany = (total: number) =>
  new HttpError(400, BULK_MESSAGES.tooMany(total), { success: false, codigo: 'limite_excedido', total });

const isId = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 1 && (v as number) <= INT4_MAX;
const idOf = (v: unknown): number | null => {
  const n = typeof v === 'string' && /^\d{1,10}$/.test(v) ? Number(v) : v;
  return isId(n) ? n : null;
};

/**
 * `filtro` (lista activos|plaza, plazaId, estado, busqueda, etiquetas) read by the lists' one filter
 * (domain `parseCandidateListFilter`) into the query the list itself runs: the tags included.
 */
export function listQueryOfFilter(filtro: unknown): CandidateListQuery {
  if (!filtro || typeof filtro !== 'object' || Array.isArray(filtro)) throw badRequest(BULK_MESSAGES.filterInvalid);
  const f = filtro as Record<string, unknown>;
  const parsed = parseCandidateListFilter({
    list: f.lista,
    vacancyId: f.plazaId,
    state: f.estado,
    search: f.busqueda,
    tagIds: f.etiquetas,
  });
  if (!parsed.ok) throw badRequest(parsed.message);
  const v = parsed.value;
  const base = {
    words: searchWords(v.search ?? ''),
    state: v.state ?? undefined,
    tagIds: v.tagIds?.map(Number),
    sort: 'appliedAt' as const,
    desc: true,
  };
  return v.list === 'inbox' ? { ...base, scope: 'active' } : { ...base, scope: 'all', vacancyId: Number(v.vacancyId) };
}

/** `ids` (the rows ticked) or `filtro` (every row of the list as it is filtered), never both. */
export function selectionOf(body: Record<string, unknown>): BulkSelection {
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
  return { filter: listQueryOfFilter(filtro) };
}

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
