import {
  ACTIVE_STATES,
  candidateStateSchema,
  canonicalState,
  hireSchema,
  searchWords,
  TAG_LIMITS,
  TAG_MESSAGES,
  TERMINAL_STATES,
  TRANSITION_MESSAGES,
  type CandidateState,
} from '@bolsa/domain';
import { Router, type Request, type Response } from 'express';
import { badRequest, notFound, parseId } from '../errors.js';
import { bodyOf, hasControl, noteOf, text } from '../input.js';
import { LIST_MESSAGES, parseOption, parsePaging, parseSearch, parseSort, queryParam } from '../lists.js';
import { actorOf } from '../actor.js';
import { stateChangeRefusal } from './refusal.js';
import * as pipeline from './service.js';
import { CANDIDATE_SORTS, type CandidateListQuery, type PipelineDeps, type StateChangeOutcome } from './service.js';

const M = TRANSITION_MESSAGES;
export const PIPELINE_MESSAGES = {
  deleted: 'Candidato eliminado',
  stateInvalid: TRANSITION_MESSAGES.stateUnknown,
  historyStateInvalid: "El estado debe ser 'contratado' o 'rechazado'.",
} as const;

/** A state in any spelling (legacy ones included), or a 400. */
function stateParam(raw: unknown, required: boolean): CandidateState | null {
  if (raw === undefined || raw === null || raw === '') {
    if (required) throw badRequest(M.notAllowed);
    return null;
  }
  const parsed = candidateStateSchema.safeParse(raw);
  if (!parsed.success) throw badRequest(PIPELINE_MESSAGES.stateInvalid);
  return parsed.data;
}

/** The hire dialog's fields (extra body fields); all three or none. */
function hireOf(body: Record<string, unknown>): { date: string; time: string; place: string } | null {
  const date = body.fechaContratacion;
  const time = body.horaContratacion;
  const place = body.lugarContratacion;
  if (date === undefined && time === undefined && place === undefined) return null;
  const parsed = hireSchema.safeParse({ date: text(date), time: text(time), place: text(place) });
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? M.hireFieldsRequired);
  return { date: parsed.data.date, time: parsed.data.time, place: parsed.data.place };
}

/** Answers a state change as spec 3 §8 reads it: 400 not allowed, 404 unknown, else the change. */
async function answerChange(deps: PipelineDeps, res: Response, id: number, outcome: StateChangeOutcome) {
  if (outcome.ok) {
    const candidato = await pipeline.findCandidate(deps.db, id);
    res.json({
      success: true,
      message: M.stateUpdated,
      estadoAnterior: outcome.from,
      estadoNuevo: outcome.to,
      correoEncolado: outcome.emailQueued,
      candidato,
    });
    return;
  }
  throw stateChangeRefusal(outcome);
}

/** The inbox's extra list parameters (paging contract): estado (a tab), search, sort, order. */
function listQuery(req: Request, scope: 'active' | 'history' | 'all') {
  const { sort, desc } = parseSort(req, CANDIDATE_SORTS);
  const rawState = queryParam(req, 'estado');
  const state = rawState ? canonicalState(rawState) : null;
  if (rawState && !state) throw badRequest(LIST_MESSAGES.optionInvalid);
  if (state && scope === 'active' && !(ACTIVE_STATES as readonly string[]).includes(state))
    throw badRequest(LIST_MESSAGES.optionInvalid);
  return {
    scope,
    state: state ?? undefined,
    words: parseSearch(req),
    tagIds: tagParam(req),
    sort: sort ?? ('appliedAt' as const),
    desc,
  };
}

/** `etiquetas=1,2,3` (issue 23): candidates carrying every one of these tags; at most 10. */
function tagParam(req: Request): number[] | undefined {
  const raw = queryParam(req, 'etiquetas');
  if (raw === undefined || raw.trim() === '') return undefined;
  const ids = [...new Set(raw.split(',').map((s) => parseId(s.trim())))];
  if (ids.length > TAG_LIMITS.filter) throw badRequest(TAG_MESSAGES.tooManyFilter);
  return ids;
}

/**
 * The filter of the inbox ('inbox': /candidatos/lista) or of a vacancy's list ('vacancy':
 * /candidatos/por-plaza/{plazaId}) read from the same query parameters those lists take, the
 * vacancy as `plazaId`: an export of a list filters exactly as the list does.
 */
export function candidateListQueryOf(req: Request, list: 'inbox' | 'vacancy'): CandidateListQuery {
  if (list === 'inbox') return listQuery(req, 'active');
  return { ...listQuery(req, 'all'), vacancyId: parseId(queryParam(req, 'plazaId') ?? '') };
}

/** Folded words of a free-text query parameter other than `search`. */
function words(req: Request, name: string): string[] {
  const raw = queryParam(req, name);
  if (raw === undefined) return [];
  if (raw.length > 200 || hasControl(raw)) throw badRequest(LIST_MESSAGES.searchInvalid);
  return searchWords(raw);
}

/** /candidatos/* and /email/notificar-estado (spec 3 §7). */
export function pipelineRoutes(deps: PipelineDeps): Router {
  const { db } = deps;
  const router = Router();

  router.get('/candidatos/lista', async (req, res) => {
    const paging = parsePaging(req);
    res.json(await pipeline.listCandidates(db, listQuery(req, 'active'), paging, ACTIVE_STATES));
  });

  router.get('/candidatos/detalle/:id', async (req, res) => {
    const c = await pipeline.findCandidate(db, parseId(req.params.id));
    if (!c) throw notFound(M.notFound);
    res.json(c);
  });

  router.get('/candidatos/por-plaza/:plazaId', async (req, res) => {
    const paging = parsePaging(req);
    const q = { ...listQuery(req, 'all'), vacancyId: parseId(req.params.plazaId) };
    res.json(await pipeline.listCandidates(db, q, paging, [...ACTIVE_STATES, ...TERMINAL_STATES]));
  });

  router.get('/candidatos/por-estado/:estado', async (req, res) => {
    const pathState = canonicalState(req.params.estado);
    if (pathState !== 'contratado' && pathState !== 'rechazado')
      throw badRequest(PIPELINE_MESSAGES.historyStateInvalid);
    const paging = parsePaging(req);
    // The history's tabs: 'todos' lists both terminal states (an extra parameter).
    const tab = parseOption(req, 'tab', ['todos', 'contratado', 'rechazado'] as const);
    const base = listQuery(req, 'history');
    const state = tab === 'todos' ? undefined : (tab ?? pathState);
    const q = {
      ...base,
      state,
      candidateWords: words(req, 'candidato'),
      positionWords: words(req, 'puesto'),
    };
    res.json(await pipeline.listCandidates(db, q, paging, TERMINAL_STATES));
  });

  router.get('/candidatos/estados-permitidos/:id', async (req, res) => {
    const id = parseId(req.params.id);
    const actor = actorOf({ rol: queryParam(req, 'rol') }, 2);
    const allowed = await pipeline.allowedStates(db, id, actor.role);
    if (!allowed) throw notFound(M.notFound);
    res.json({ estadosPermitidos: allowed });
  });

  router.get('/internal/candidatos/:id/linea-de-tiempo', async (req, res) => {
    const t = await pipeline.findTimeline(db, parseId(req.params.id));
    if (!t) throw notFound(M.notFound);
    res.json(t);
  });

  const change = (field: 'nuevoEstado' | 'estadoPostulante') => async (req: Request, res: Response) => {
    const id = parseId(req.params.id);
    const body = bodyOf(req);
    const to = stateParam(body[field], true)!;
    const outcome = await pipeline.changeState(deps, {
      id,
      to,
      actor: actorOf(body, 2),
      expected: stateParam(body.estadoActual, false),
      note: noteOf(body.mensaje ?? body.observaciones),
      hire: to === 'contratado' ? hireOf(body) : null,
      force: body.forzar === true,
    });
    await answerChange(deps, res, id, outcome);
  };
  router.post('/candidatos/cambiar-estado/:id', change('nuevoEstado'));
  router.post('/candidatos/:id/estado', change('estadoPostulante'));

  router.post('/candidatos/reactivar/:id', async (req, res) => {
    const id = parseId(req.params.id);
    const body = bodyOf(req);
    // The documented call is empty and is the administrators' own (spec 3 §6): role 1 unless told.
    const outcome = await pipeline.changeState(deps, { id, to: null, actor: actorOf(body, 1) });
    await answerChange(deps, res, id, outcome);
  });

  router.post('/candidatos/:id', async (req, res) => {
    const deleted = await pipeline.deleteCandidate(deps, parseId(req.params.id));
    if (!deleted) throw notFound(M.notFound);
    res.json({ success: true, message: PIPELINE_MESSAGES.deleted });
  });

  router.post('/email/notificar-estado', async (req, res) => {
    const body = bodyOf(req);
    const p =
      body.postulante && typeof body.postulante === 'object' ? (body.postulante as Record<string, unknown>) : {};
    const get = (...names: string[]) => {
      for (const n of names) if (p[n] !== undefined && p[n] !== null) return p[n];
      return undefined;
    };
    const rawId = get('Id', 'id');
    const id = rawId === undefined || rawId === '' ? null : parseId(String(rawId));
    const state = stateParam(body.estadoNuevo ?? get('EstadoPostulante', 'estadoPostulante'), true)!;
    const name = text(get('InputNombre', 'inputNombre')).trim().slice(0, 200);
    const email = text(get('InputEmail', 'inputEmail')).trim().slice(0, 254);
    if (hasControl(name, email)) throw badRequest();
    const success = await pipeline.notifyState(deps, {
      id,
      name,
      email,
      state,
      observation: noteOf(body.observacionesAdicionales),
    });
    res.json({ success });
  });

  return router;
}
