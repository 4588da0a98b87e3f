/** The notes' rows (migration 0027). */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/database.js';
import { utcInstant } from '../db/instant.js';
import { NOTE_LIMITS } from '@bolsa/domain';

type Conn = Kysely<Database> | Transaction<Database>;

export interface NoteJson {
  id: number;
  postulanteId: number;
  texto: string;
  usuarioId: number | null;
  creadoEn: string;
  editadoEn: string | null;
}

const columns = [
  'id',
  'postulante_id',
  'texto',
  'usuario_id',
  utcInstant('creado_en').as('creado_en'),
  utcInstant<string | null>('editado_en').as('editado_en'),
] as const;

const toJson = (r: {
  id: number;
  postulante_id: number;
  texto: string;
  usuario_id: number | null;
  creado_en: string;
  editado_en: string | null;
}): NoteJson => ({
  id: r.id,
  postulanteId: r.postulante_id,
  texto: r.texto,
  usuarioId: r.usuario_id,
  creadoEn: r.creado_en,
  editadoEn: r.editado_en,
});

export async function candidateExists(db: Conn, id: number): Promise<boolean> {
  return (await db.selectFrom('postulantes').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

/** A candidate's notes, newest first. */
export async function listNotes(db: Conn, candidateId: number): Promise<NoteJson[]> {
  const rows = await db
    .selectFrom('postulante_notas')
    .select(columns)
    .where('postulante_id', '=', candidateId)
    .orderBy('id', 'desc')
    .limit(NOTE_LIMITS.perCandidate)
    .execute();
  return rows.map(toJson);
}

export async function insertNote(
  db: Conn,
  n: { candidateId: number; userId: number | null; text: string },
): Promise<NoteJson> {
  const { id } = await db
    .insertInto('postulante_notas')
    .values({ postulante_id: n.candidateId, usuario_id: n.userId, texto: n.text })
    .returning('id')
    .executeTakeFirstOrThrow();
  return (await findNote(db, id))!;
}

export async function findNote(db: Conn, id: number): Promise<NoteJson | null> {
  const row = await db.selectFrom('postulante_notas').select(columns).where('id', '=', id).executeTakeFirst();
  return row ? toJson(row) : null;
}

/** The note's author, locked until the transaction ends; undefined when there is no such note. */
export async function lockNote(trx: Transaction<Database>, id: number) {
  return trx
    .selectFrom('postulante_notas')
    .select(['id', 'usuario_id'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function updateNote(trx: Transaction<Database>, id: number, text: string): Promise<void> {
  await trx
    .updateTable('postulante_notas')
    .set({ texto: text, editado_en: new Date().toISOString() })
    .where('id', '=', id)
    .execute();
}

export async function deleteNote(trx: Transaction<Database>, id: number): Promise<void> {
  await trx.deleteFrom('postulante_notas').where('id', '=', id).execute();
}
