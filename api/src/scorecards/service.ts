/**
 * Interview scorecards (issue 24, item 4): every staff participant of roles 1–2 fills one card per
 * interview once it has started; every staff role reads them. The BFF authorises; the api checks
 * the role, the participation and the time again. ADR docs/decisions/2026-11-27-scorecards.md.
 */
import {
  can,
  scorecardCriteriaSchema,
  scorecardOpen,
  scorecardSchema,
  SCORECARD_MESSAGES,
  summariseScorecards,
  type ScorecardRating,
  type ScorecardSummary,
} from '@bolsa/domain';
import { sql } from 'kysely';
import type { Actor } from '../actor.js';
import { recordAudit } from '../audit/index.js';
import type { Db } from '../db/database.js';
import { badRequest, HttpError, notFound } from '../errors.js';
import {
  cardOf,
  cards,
  evaluatorsOf,
  findInterviewRow,
  interviewRowsOfCandidate,
  type ScorecardJson,
} from './repository.js';
import { textList } from '../db/text-list.js';

export type { InterviewRow, ScorecardJson } from './repository.js';

const M = SCORECARD_MESSAGES;

/** The scorecards of one interview with what the detail needs to show and offer them. */
export interface InterviewScorecardsJson {
  entrevistaId: number;
  criterios: string[];
  /** Staff users (roles 1–2, active) who may fill a card: invited by e-mail, or who scheduled it. */
  evaluadores: number[];
  /** The interview has started (Guatemala time): cards may be filled. */
  iniciada: boolean;
  evaluaciones: ScorecardJson[];
  resumen: ScorecardSummary;
}

const ratingsOf = (c: ScorecardJson): ScorecardRating[] =>
  c.calificaciones.map((r) => ({ criterion: r.criterio, score: r.puntaje }));

/** A candidate's interviews with their cards, newest interview first; null when no such candidate. */
export async function scorecardsOfCandidate(
  db: Db,
  candidateId: number,
  now: Date = new Date(),
): Promise<InterviewScorecardsJson[] | null> {
  const exists = await db.selectFrom('postulantes').select('id').where('id', '=', candidateId).executeTakeFirst();
  if (!exists) return null;
  const rows = await interviewRowsOfCandidate(db, candidateId);
  if (rows.length === 0) return [];
  const all = (
    await cards(db)
      .where(
        'c.entrevista_id',
        'in',
        rows.map((r) => r.id),
      )
      .execute()
  ).map((r) => cardOf(r as Parameters<typeof cardOf>[0]));
  const out: InterviewScorecardsJson[] = [];
  for (const r of rows) {
    const mine = all.filter((c) => c.entrevistaId === r.id);
    out.push({
      entrevistaId: r.id,
      criterios: r.criterios,
      evaluadores: (await evaluatorsOf(db, r)).map((u) => u.id),
      iniciada: scorecardOpen({ date: r.fecha, start: r.horaInicio }, now),
      evaluaciones: mine,
      resumen: summariseScorecards(
        r.criterios,
        mine.map((c) => ({ ratings: ratingsOf(c), recommendation: c.recomendacion })),
      ),
    });
  }
  return out;
}

/** The request's fields in the domain's names: calificaciones [{criterio, puntaje}], recomendacion, comentarios. */
function inputOf(body: Record<string, unknown>) {
  const list = body.calificaciones;
  return {
    ratings: Array.isArray(list)
      ? list.map((r: unknown) => {
          const f = (r ?? {}) as Record<string, unknown>;
          return { criterion: typeof f.criterio === 'string' ? f.criterio : '', score: f.puntaje };
        })
      : list,
    recommendation: body.recomendacion,
    comments: body.comentarios ?? null,
  };
}

/**
 * Saves the actor's card of the interview (creates it, or updates their own): roles 1–2, a
 * participant, once the interview has started; audited as `evaluacion.registrar` on the application.
 */
export async function submitScorecard(
  db: Db,
  interviewId: number,
  body: Record<string, unknown>,
  actor: Actor,
  now: Date = new Date(),
): Promise<{ created: boolean; card: ScorecardJson; candidateId: number }> {
  if (!can(actor.role, 'interview.scorecard')) throw new HttpError(403, M.notAllowed);
  const interview = await findInterviewRow(db, interviewId);
  if (!interview) throw notFound(M.interviewNotFound);
  if (actor.userId === null || !(await evaluatorsOf(db, interview)).some((u) => u.id === actor.userId))
    throw new HttpError(403, M.notParticipant);
  if (!scorecardOpen({ date: interview.fecha, start: interview.horaInicio }, now))
    throw new HttpError(409, M.notStarted);
  const parsed = scorecardSchema(interview.criterios).safeParse(inputOf(body));
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? M.ratingInvalid);
  const v = parsed.data;
  const userId = actor.userId;
  return db.transaction().execute(async (trx) => {
    const author = await trx.selectFrom('usuarios').select('nombre').where('id', '=', userId).executeTakeFirst();
    const values = {
      calificaciones_json: JSON.stringify(v.ratings.map((r) => ({ criterio: r.criterion, puntaje: r.score }))),
      recomendacion: v.recommendation,
      comentarios: v.comments,
      usuario_nombre: author?.nombre ?? null,
    };
    // One card per (interview, user): the unique index makes a concurrent second insert an update.
    const saved = await trx
      .insertInto('entrevista_evaluaciones')
      .values({ entrevista_id: interviewId, usuario_id: userId, ...values })
      .onConflict((oc) =>
        oc.columns(['entrevista_id', 'usuario_id']).doUpdateSet({ ...values, editado_en: sql`now()` }),
      )
      .returning(['id', sql<boolean>`(xmax = 0)`.as('inserted')])
      .executeTakeFirstOrThrow();
    // The card's ids and recommendation; never its comments (free text).
    await recordAudit(trx, {
      action: 'evaluacion.registrar',
      target: { kind: 'postulante', id: interview.postulanteId },
      detail: {
        entrevistaId: interviewId,
        evaluacionId: saved.id,
        recomendacion: v.recommendation,
        edicion: !saved.inserted,
      },
    });
    const card = await cards(trx).where('c.id', '=', saved.id).executeTakeFirstOrThrow();
    return {
      created: saved.inserted,
      card: cardOf(card as Parameters<typeof cardOf>[0]),
      candidateId: interview.postulanteId,
    };
  });
}

/** A vacancy's own scorecard criteria ([] = the default set); null when there is no such vacancy. */
export async function vacancyCriteria(db: Db, vacancyId: number): Promise<string[] | null> {
  const row = await db
    .selectFrom('plazas')
    .select('criterios_evaluacion_json')
    .where('id', '=', vacancyId)
    .executeTakeFirst();
  return row ? textList(row.criterios_evaluacion_json) : null;
}

/** Replaces a vacancy's criteria (roles 1–2, 'vacancy.edit'); audited as `plaza.editar` with the count. */
export async function setVacancyCriteria(db: Db, vacancyId: number, raw: unknown, actor: Actor): Promise<string[]> {
  if (!can(actor.role, 'vacancy.edit')) throw new HttpError(403, M.notAllowed);
  const parsed = scorecardCriteriaSchema.safeParse(Array.isArray(raw) ? raw : []);
  if (!Array.isArray(raw) || !parsed.success)
    throw badRequest(parsed.success ? M.criterionEmpty : (parsed.error.issues[0]?.message ?? M.criterionEmpty));
  return db.transaction().execute(async (trx) => {
    const done = await trx
      .updateTable('plazas')
      .set({ criterios_evaluacion_json: JSON.stringify(parsed.data) })
      .where('id', '=', vacancyId)
      .executeTakeFirst();
    if (!done.numUpdatedRows) throw notFound('Plaza no encontrada');
    await recordAudit(trx, {
      action: 'plaza.editar',
      target: { kind: 'plaza', id: vacancyId },
      detail: { criteriosEvaluacion: parsed.data.length },
    });
    return parsed.data;
  });
}
