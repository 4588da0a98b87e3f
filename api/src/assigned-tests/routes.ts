import {
  ASSIGNED_TEST_MESSAGES,
  assignedTestStateOf,
  assignTestSchema,
  LIMITS,
  parseTestScore,
  testTypeOf,
  TRANSITION_MESSAGES,
} from '@bolsa/domain';
import { Router, type Response } from 'express';
import { actorOf } from '../actor.js';
import * as pipeline from '../pipeline/index.js';
import type { PipelineDeps } from '../pipeline/index.js';
import { badRequest, HttpError, notFound, parseId } from '../errors.js';
import { bodyOf, hasControl, noteOf, text } from '../input.js';
import * as tests from './service.js';

const M = ASSIGNED_TEST_MESSAGES;

/** The first present of several spellings (the documented PascalCase, or camelCase). */
function pick(body: Record<string, unknown>, ...names: string[]): unknown {
  for (const n of names) if (body[n] !== undefined && body[n] !== null) return body[n];
  return undefined;
}

function answer<T>(res: Response, outcome: tests.Outcome<T>, ok: (value: T) => unknown): void {
  if (!outcome.ok) throw new HttpError(outcome.status, outcome.message, { success: false, ...outcome.fields });
  res.json(ok(outcome.value));
}

function optionalId(raw: unknown): number | null {
  if (raw === undefined || raw === null || raw === '') return null;
  return parseId(String(raw));
}

/**
 * /pruebas/postulante*, /pruebas/asignar-simple, /email/enviar-pruebas (spec 3 §7) and
 * /internal/pruebas/postulante/{id}/confirmar.
 */
export function assignedTestRoutes(deps: PipelineDeps): Router {
  const router = Router();

  router.get('/pruebas/postulante/:id', async (req, res) => {
    const list = await tests.listTests(deps, parseId(req.params.id));
    if (!list) throw notFound(TRANSITION_MESSAGES.notFound);
    res.json(list);
  });

  router.post('/pruebas/asignar-simple', async (req, res) => {
    const body = bodyOf(req);
    const templateId = optionalId(pick(body, 'TemplateId', 'templateId'));
    const rawType = pick(body, 'TipoPrueba', 'tipoPrueba');
    const rawName = pick(body, 'NombrePrueba', 'nombrePrueba');
    const candidateId = parseId(String(pick(body, 'PostulanteId', 'postulanteId') ?? ''));
    if (templateId === null && (rawName === undefined || text(rawName).trim() === ''))
      throw new HttpError(400, M.selectTest, { success: false, title: M.incompleteTitle });
    const parsed = assignTestSchema().safeParse({
      candidateId: String(candidateId),
      // With TemplateId the template decides the name and type; the schema still checks the rest.
      testName: templateId !== null ? text(rawName) || 'plantilla' : rawName,
      testType: templateId !== null ? (testTypeOf(rawType) ?? 'PDF') : rawType,
      deadline: pick(body, 'FechaLimite', 'fechaLimite'),
      observations: pick(body, 'Observaciones', 'observaciones') ?? '',
      credentials: pick(body, 'CredencialesAcceso', 'credencialesAcceso') ?? '',
    });
    // Credentials are judged against the template's type in the service; the schema's other
    // messages (deadline, lengths) apply as they are.
    const issues = parsed.success
      ? []
      : parsed.error.issues.filter((i) => templateId === null || i.path[0] !== 'credentials' || i.code !== 'custom');
    if (issues.length > 0) throw new HttpError(400, issues[0]!.message, { success: false });
    const data = parsed.success ? parsed.data : null;
    const rawCredentials = text(pick(body, 'CredencialesAcceso', 'credencialesAcceso'));
    if (rawCredentials.length > LIMITS.shortText || hasControl(rawCredentials))
      throw new HttpError(400, M.credentialsTooLong, { success: false });
    const outcome = await tests.assignTest(deps, {
      candidateId,
      template: templateId !== null ? { id: templateId } : { name: data!.testName, type: data!.testType },
      deadline: data?.deadline ?? text(pick(body, 'FechaLimite', 'fechaLimite')),
      observations: data?.observations ?? '',
      credentials: rawCredentials.trim(),
      actor: actorOf(body, 2),
    });
    if (!outcome.ok) throw new HttpError(outcome.status, outcome.message, { success: false });
    res.status(201).json({ success: true, message: M.assigned, prueba: outcome.value });
  });

  router.post('/pruebas/postulante-pruebas/:id/eliminar', async (req, res) => {
    const deleted = await tests.deleteTest(deps, parseId(req.params.id), actorOf(bodyOf(req), 2));
    if (!deleted) throw notFound(M.testNotFound);
    res.json({ success: true, message: M.deleted });
  });

  router.post('/pruebas/postulante-pruebas/:id', async (req, res) => {
    const body = bodyOf(req);
    // Estado may be left out by a result-only update (the results tab: Resultado, Puntaje).
    const rawState = pick(body, 'Estado', 'estado');
    const state = rawState === undefined || rawState === '' ? null : assignedTestStateOf(rawState);
    if (rawState !== undefined && rawState !== '' && !state) throw badRequest(M.stateInvalid);
    const rawDate = pick(body, 'FechaCompletada', 'fechaCompletada');
    let completedAt: string | null = null;
    if (state === 'COMPLETADA' && rawDate !== undefined && rawDate !== '') {
      const d = new Date(text(rawDate));
      if (Number.isNaN(d.getTime()) || text(rawDate).length > 40) throw badRequest();
      completedAt = d.toISOString();
    }
    // Resultado: the documented call sends it empty, which changes nothing; the results tab sends text.
    const rawResult = pick(body, 'Resultado', 'resultado');
    const rawScore = pick(body, 'Puntaje', 'puntaje');
    let result: string | null | undefined;
    if (typeof rawResult === 'string' && rawResult !== '') {
      if (rawResult.length > LIMITS.note || hasControl(rawResult)) throw badRequest(M.resultTooLong);
      result = rawResult.trim() || null;
    } else if (rawResult !== undefined && rawResult !== '') throw badRequest();
    let score: number | null | undefined;
    if ('Puntaje' in body || 'puntaje' in body) {
      const parsed = parseTestScore(rawScore);
      if (parsed === 'invalid') throw badRequest(M.scoreInvalid);
      score = parsed;
    }
    if (body.limpiarResultado === true) result = null;
    const outcome = await tests.updateTest(deps, {
      id: parseId(req.params.id),
      state,
      completedAt,
      ...(result !== undefined && { result }),
      ...(score !== undefined && { score }),
      actor: actorOf(body, 2),
    });
    answer(res, outcome, (prueba) => ({ success: true, message: M.stateUpdated, prueba }));
  });

  router.post('/email/enviar-pruebas', async (req, res) => {
    const body = bodyOf(req);
    const p =
      body.postulante && typeof body.postulante === 'object' ? (body.postulante as Record<string, unknown>) : {};
    const candidateId = parseId(String(pick(p, 'Id', 'id') ?? ''));
    let testIds: number[] | null = null;
    if (Array.isArray(body.pruebas) && body.pruebas.length > 0) {
      if (body.pruebas.length > 200) throw badRequest();
      testIds = body.pruebas.map((t) =>
        parseId(String(t && typeof t === 'object' ? (pick(t as Record<string, unknown>, 'Id', 'id') ?? '') : '')),
      );
    }
    const outcome = await tests.sendTests(deps, {
      candidateId,
      testIds,
      observation: noteOf(body.observacionesAdicionales),
      actor: actorOf(body, 2),
    });
    if (!outcome.ok) throw new HttpError(outcome.status, outcome.message, { success: false, ...outcome.fields });
    const candidato = await pipeline.findCandidate(deps.db, candidateId);
    res.json({
      success: true,
      message: M.sent,
      estadoAnterior: outcome.value.from,
      estadoNuevo: outcome.value.to,
      enviadas: outcome.value.sent,
      candidato,
    });
  });

  router.post('/internal/pruebas/postulante/:id/confirmar', async (req, res) => {
    const id = parseId(req.params.id);
    const outcome = await tests.confirmTests(deps, id, actorOf(bodyOf(req), 2));
    if (!outcome.ok) throw new HttpError(outcome.status, outcome.message, { success: false, ...outcome.fields });
    const candidato = await pipeline.findCandidate(deps.db, id);
    res.json({
      success: true,
      message: M.confirmed,
      estadoAnterior: outcome.value.from,
      estadoNuevo: outcome.value.to,
      correoEncolado: outcome.value.emailQueued,
      candidato,
    });
  });

  return router;
}
