/**
 * Interview scorecards (issue 24, item 4): the rows — interviews with what the checks and the
 * reminders need, who may fill a card, and the cards. The rules are in service.ts and domain.
 */
import { criteriaOf, type ScorecardRecommendation } from '@bolsa/domain';
import { sql, type Transaction } from 'kysely';
import type { Database, Db } from '../db/database.js';
import { utcInstant } from '../db/instant.js';
import { textList } from '../db/text-list.js';

export type Conn = Db | Transaction<Database>;

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
  participantes: textList(r.participantes).map((p) => p.trim().toLowerCase()),
  criterios: criteriaOf(textList(r.criterios)),
});

export async function findInterviewRow(db: Conn, id: number): Promise<InterviewRow | null> {
  const r = await interviews(db).where('e.id', '=', id).executeTakeFirst();
  return r ? rowOf(r) : null;
}

/** A candidate's interviews, newest first. */
export async function interviewRowsOfCandidate(db: Conn, candidateId: number): Promise<InterviewRow[]> {
  return (await interviews(db).where('e.postulante_id', '=', candidateId).orderBy('e.id', 'desc').execute()).map(rowOf);
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

export function cards(db: Conn) {
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

export const cardOf = (r: Omit<ScorecardJson, 'calificaciones'> & { calificaciones: unknown }): ScorecardJson => ({
  ...r,
  calificaciones: (Array.isArray(r.calificaciones) ? r.calificaciones : []).flatMap((c) =>
    c && typeof c === 'object' && typeof c.criterio === 'string' && typeof c.puntaje === 'number'
      ? [{ criterio: c.criterio as string, puntaje: c.puntaje as number }]
      : [],
  ),
});
