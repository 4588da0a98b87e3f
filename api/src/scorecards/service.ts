/**
 * Interview scorecards (issue 24, item 4): every staff participant of roles 1–2 fills one card per
 * interview once it has started; every staff role reads them. The BFF authorises; the api checks
 * the role, the participation and the time again. ADR docs/decisions/2026-11-27-scorecards.md.
 */
import {
  can,
  criteriaOf,
  scorecardCriteriaSchema,
  scorecardOpen,
  scorecardSchema,
  SCORECARD_MESSAGES,
  summariseScorecards,
  type ScorecardRating,
  type ScorecardRecommendation,
  type ScorecardSummary,
} from '@bolsa/domain';
import { sql, type Transaction } from 'kysely';
import type { Actor } from '../actor.js';
import { recordAudit } from '../audit/index.js';
import type { Database, Db } from '../db/database.js';
import { utcInstant } from '../db/instant.js';
import { badRequest, HttpError, notFound } from '../errors.js';

type Conn = Db | Transaction<Database>;
const M = SCORECARD_MESSAGES;

/** A card as the api answers it. */
export interface ScorecardJson {
  id: number;
  entrevistaId: number;
  usuarioId: number | null;
  autor: string | null;
  calificaciones: { criterio: string; puntaje: number }[];
  recomendacion: ScorecardRecommendation;
  comentarios: string | null;
  creadoEn: string;
  editadoEn: string | null;
}

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

/** An interview with what the checks and the reminders need. */
export interface InterviewRow {
  id: number;
  postulanteId: number;
  fecha: string;
  horaInicio: string;
  horaFin: string;
  participantes: string[];
  usuarioId: number | null;
  criterios: string[];
}

const listOf = (raw: unknown): string[] =>
  (Array.isArray(raw) ? raw : []).filter((p): p is string => typeof p === 'string');

function interviews(db: Conn) {
  return db
    .selectFrom('entrevistas as e')
    .innerJoin('postulantes as p', 'p.id', 'e.postulante_id')
    .leftJoin('plazas as v', 'v.id', 'p.plaza_id')
    .select([
      'e.id',
      'e.postulante_id as postulanteId',
      sql<string>`to_char(e.fecha, 'YYYY-MM-DD')`.as('fecha'),
      'e.hora_inicio as horaInicio',
      'e.hora_fin as horaFin',
      'e.participantes_json as participantes',
      'e.usuario_id as usuarioId',
      'v.criterios_evaluacion_json as criterios',
    ]);
}

const rowOf = (r: {
  id: number;
  postulanteId: number;
  fecha: string;
  horaInicio: string;
  horaFin: string;
  participantes: unknown;
  usuarioId: number | null;
  criterios: unknown;
}): InterviewRow => ({
  ...r,
  participantes: listOf(r.participantes).map((p) => p.trim().toLowerCase()),
  criterios: criteriaOf(listOf(r.criterios)),
});

export async function findInterviewRow(db: Conn, id: number): Promise<InterviewRow | null> {
  const r = await interviews(db).where('e.id', '=', id).executeTakeFirst();
  return r ? rowOf(r) : null;
}

/** The active staff users of roles 1–2 who took part: invited by their e-mail, or who scheduled it. */
export async function evaluatorsOf(
  db: Conn,
  i: Pick<InterviewRow, 'participantes' | 'usuarioId'>,
): Promise<{ id: number; nombre: string; usuario: string }[]> {
  const emails = i.participantes;
  if (emails.length === 0 && i.usuarioId === null) return [];
  return db
    .selectFrom('usuarios')
    .select(['id', 'nombre', 'usuario'])
    .where('estatus', '=', true)
    .where('idrol', 'in', [1, 2])
    .where((eb) =>
      eb.or([
        ...(emails.length ? [eb(sql<string>`lower(usuario)`, 'in', emails)] : []),
        ...(i.usuarioId !== null ? [eb('id', '=', i.usuarioId)] : []),
      ]),
    )
    .orderBy('id')
    .execute();
}

function cards(db: Conn) {
  return db
    .selectFrom('entrevista_evaluaciones as c')
    .leftJoin('usuarios as u', 'u.id', 'c.usuario_id')
    .select([
      'c.id',
      'c.entrevista_id as entrevistaId',
      'c.usuario_id as usuarioId',
      sql<string | null>`coalesce(u.nombre, c.usuario_nombre)`.as('autor'),
      'c.calificaciones_json as calificaciones',
      'c.recomendacion',
      'c.comentarios',
      utcInstant('c.creado_en').as('creadoEn'),
      utcInstant<string | null>('c.editado_en').as('editadoEn'),
    ])
    .orderBy('c.creado_en')
    .orderBy('c.id');
}

const cardOf = (r: Omit<ScorecardJson, 'calificaciones'> & { calificaciones: unknown }): ScorecardJson => ({
  ...r,
  calificaciones: (Array.isArray(r.calificaciones) ? r.calificaciones : []).flatMap((c) =>
    c && typeof c === 'object' && typeof c.criterio === 'string' && typeof c.puntaje === 'number'
      ? [{ criterio: c.criterio as string, puntaje: c.puntaje as number }]
      : [],
  ),
});

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
  const rows = (await interviews(db).where('e.postulante_id', '=', candidateId).orderBy('e.id', 'desc').execute()).map(
    rowOf,
  );
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
  return row ? listOf(row.criterios_evaluacion_json) : null;
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
