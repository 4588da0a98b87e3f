import { sql, type Transaction } from 'kysely';
import type { Database, Db } from '../db/database.js';
import { utcInstant } from '../db/instant.js';
import { textList } from '../db/text-list.js';

type Conn = Db | Transaction<Database>;

/** An interview as the api answers it (spec 3 §3 names). */
export interface InterviewJson {
  id: number;
  candidatoId: number;
  modalidad: 'VIRTUAL' | 'PRESENCIAL';
  fechaEntrevista: string;
  horaInicio: string;
  horaFin: string;
  participantes: string[];
  observaciones: string | null;
  sedeId: number | null;
  sedeNombre: string | null;
  direccion: string | null;
  sala: string | null;
  entrevistador: string | null;
  meetingLink: string | null;
  organizadorEmail: string | null;
  creadoEn: string;
  usuarioNombre: string | null;
}

export async function candidateContact(db: Conn, id: number) {
  const row = await db
    .selectFrom('postulantes')
    .select(['id', 'nombre', 'email', 'datos_eliminados'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return null;
  return { id: row.id, name: row.nombre, email: row.datos_eliminados ? null : row.email?.trim() || null };
}

export async function branchName(db: Conn, id: number): Promise<string | null> {
  const row = await db.selectFrom('sedes').select('nombre').where('id', '=', id).executeTakeFirst();
  return row?.nombre ?? null;
}

export async function staffId(db: Conn, id: number | null): Promise<number | null> {
  if (id === null) return null;
  const row = await db.selectFrom('usuarios').select('id').where('id', '=', id).executeTakeFirst();
  return row?.id ?? null;
}

/** The staff member's name (the invitation's organiser), or null. */
export async function staffName(db: Conn, id: number | null): Promise<string | null> {
  if (id === null) return null;
  const row = await db.selectFrom('usuarios').select('nombre').where('id', '=', id).executeTakeFirst();
  return row?.nombre?.trim() || null;
}

/** The calendar event the candidate's latest interview sent, to update it when scheduling again. */
export interface SentEvent {
  uid: string;
  sequence: number;
  date: string;
  start: string;
  end: string;
  participants: string[];
}

/** The latest interview of this application whose invitation named a calendar event (migration 0023). */
export async function latestEvent(db: Conn, candidateId: number): Promise<SentEvent | null> {
  const row = await db
    .selectFrom('entrevistas')
    .select([
      'calendario_uid',
      'calendario_secuencia',
      sql<string>`to_char(fecha, 'YYYY-MM-DD')`.as('fecha'),
      'hora_inicio',
      'hora_fin',
      'participantes_json',
    ])
    .where('postulante_id', '=', candidateId)
    .orderBy('creado_en', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!row?.calendario_uid) return null;
  return {
    uid: row.calendario_uid,
    sequence: row.calendario_secuencia,
    date: row.fecha,
    start: row.hora_inicio,
    end: row.hora_fin,
    participants: textList(row.participantes_json),
  };
}

export interface NewInterview {
  candidateId: number;
  mode: 'VIRTUAL' | 'PRESENCIAL';
  date: string;
  start: string;
  end: string;
  participants: string[];
  observations: string | null;
  branchId: number | null;
  address: string | null;
  room: string | null;
  interviewer: string | null;
  link: string | null;
  organiserEmail: string;
  userId: number | null;
  /** The invitation's calendar event: UID and SEQUENCE as sent. */
  calendarUid: string;
  calendarSequence: number;
}

export async function insertInterview(db: Conn, i: NewInterview): Promise<number> {
  const { id } = await db
    .insertInto('entrevistas')
    .values({
      postulante_id: i.candidateId,
      modalidad: i.mode,
      fecha: i.date,
      hora_inicio: i.start,
      hora_fin: i.end,
      participantes_json: JSON.stringify(i.participants),
      observaciones: i.observations,
      sede_id: i.branchId,
      direccion: i.address,
      sala: i.room,
      entrevistador: i.interviewer,
      enlace: i.link,
      organizador_email: i.organiserEmail,
      usuario_id: i.userId,
      calendario_uid: i.calendarUid,
      calendario_secuencia: i.calendarSequence,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

function select(db: Conn) {
  return db
    .selectFrom('entrevistas as e')
    .leftJoin('sedes as s', 's.id', 'e.sede_id')
    .leftJoin('usuarios as u', 'u.id', 'e.usuario_id')
    .select([
      'e.id',
      'e.postulante_id as candidatoId',
      'e.modalidad',
      sql<string>`to_char(e.fecha, 'YYYY-MM-DD')`.as('fechaEntrevista'),
      'e.hora_inicio as horaInicio',
      'e.hora_fin as horaFin',
      'e.participantes_json as participantes',
      'e.observaciones',
      'e.sede_id as sedeId',
      's.nombre as sedeNombre',
      'e.direccion',
      'e.sala',
      'e.entrevistador',
      'e.enlace as meetingLink',
      'e.organizador_email as organizadorEmail',
      utcInstant('e.creado_en').as('creadoEn'),
      'u.nombre as usuarioNombre',
    ]);
}

export async function findInterview(db: Conn, id: number): Promise<InterviewJson | null> {
  const row = await select(db).where('e.id', '=', id).executeTakeFirst();
  return (row as InterviewJson | undefined) ?? null;
}

/** A candidate's interviews, newest first. */
export async function findInterviews(db: Conn, candidateId: number): Promise<InterviewJson[]> {
  const rows = await select(db)
    .where('e.postulante_id', '=', candidateId)
    .orderBy('e.creado_en', 'desc')
    .orderBy('e.id', 'desc')
    .execute();
  return rows as InterviewJson[];
}

/** The latest interview of each of these candidates (the candidate's 'Mis postulaciones' card). */
export async function latestFor(db: Conn, candidateIds: readonly number[]): Promise<Map<number, InterviewJson>> {
  const out = new Map<number, InterviewJson>();
  if (candidateIds.length === 0) return out;
  const rows = (await select(db)
    .where('e.postulante_id', 'in', [...candidateIds])
    .orderBy('e.creado_en', 'desc')
    .orderBy('e.id', 'desc')
    .execute()) as InterviewJson[];
  for (const r of rows) if (!out.has(r.candidatoId)) out.set(r.candidatoId, r);
  return out;
}
