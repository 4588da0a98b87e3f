import {
  BULK_LIMIT,
  BULK_MESSAGES,
  BULK_TAG_MESSAGES,
  canonicalState,
  isBulkTarget,
  parseCandidateListFilter,
  searchWords,
  TAG_LIMITS,
  type BulkOutcome,
  type BulkTagOutcome,
} from '@bolsa/domain';
import { Router } from 'express';
import { actorOf } from '../actor.js';
import { badRequest, HttpError } from '../errors.js';
import { bodyOf, noteOf } from '../input.js';
import type { CandidateListQuery, PipelineDeps } from '../pipeline/index.js';
import { bulkChangeState, bulkChangeTags, type BulkSelection } from './service.js';

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

/** A row's outcome of a bulk tag change as the answer spells it. */
const TAG_OUTCOME_CODE: Record<BulkTagOutcome, string> = {
  changed: 'cambiado',
  unchanged: 'sin-cambios',
  refused: 'no-permitido',
  notFound: 'no-encontrado',
};

/** `agregar` / `quitar`: tag ids (numbers or digit strings), at most TAG_LIMITS.perCandidate each. */
function tagIdsOf(raw: unknown): number[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) throw badRequest(BULK_TAG_MESSAGES.unknownTag);
  const ids = [...new Set(raw.map(idOf))];
  if (ids.some((id) => id === null)) throw badRequest(BULK_TAG_MESSAGES.unknownTag);
  if (ids.length > TAG_LIMITS.perCandidate) throw badRequest(BULK_TAG_MESSAGES.tooManyTags);
  return ids as number[];
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
  /**
   * POST /internal/candidatos/etiquetas-masivo (issue 23): `ids` or `filtro`, `agregar` and `quitar`
   * (tag ids), `simular`, and who acts (`rol`, `usuarioId`; roles 1–2, else 403). The answer lists
   * every row: cambiado, sin-cambios, no-permitido (past the per-candidate limit) or no-encontrado,
   * with its tags now (`etiquetaIds`) and its message. 400 for no tags, an unknown tag, or more
   * than 500 rows (`codigo: 'limite_excedido'`, nothing changed).
   */
  router.post('/internal/candidatos/etiquetas-masivo', async (req, res) => {
    const body = bodyOf(req);
    const actor = actorOf(body, 2);
    const add = tagIdsOf(body.agregar);
    const remove = tagIdsOf(body.quitar);
    const selection = selectionOf(body);
    const r = await bulkChangeTags(deps, { selection, add, remove, actor, dryRun: body.simular === true });
    if (!r.ok) {
      if (r.kind === 'forbidden') throw new HttpError(403, BULK_TAG_MESSAGES.forbidden);
      if (r.kind === 'empty') throw badRequest(BULK_MESSAGES.empty);
      if (r.kind === 'no-tags') throw badRequest(BULK_TAG_MESSAGES.noTags);
      if (r.kind === 'unknown-tag') throw badRequest(BULK_TAG_MESSAGES.unknownTag);
      throw tooMany(r.total);
    }
    res.json({
      success: true,
      simulado: body.simular === true,
      total: r.total,
      resultados: r.rows.map((row) => ({
        id: row.id,
        nombre: row.name,
        resultado: TAG_OUTCOME_CODE[row.outcome],
        etiquetaIds: row.tagIds,
        mensaje: row.message,
      })),
    });
  });
  return router;
}
