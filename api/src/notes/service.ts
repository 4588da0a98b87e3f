/**
 * Notes on a candidate (issue 23): roles 1–2 write, every staff role reads, only the author edits
 * or deletes a note. The BFF authorises; the api checks the role and the author again.
 */
import { can, GENERIC_MESSAGES, NOTE_MESSAGES, noteTextSchema } from '@bolsa/domain';
import type { Actor } from '../actor.js';
import { recordAudit } from '../audit/index.js';
import type { Db } from '../db/database.js';
import { badRequest, HttpError, notFound } from '../errors.js';
import * as repo from './repository.js';

export type { NoteJson } from './repository.js';

const forbidden = (message: string = GENERIC_MESSAGES.forbidden) => new HttpError(403, message);

function textOf(raw: unknown): string {
  const parsed = noteTextSchema.safeParse(raw);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? NOTE_MESSAGES.required);
  return parsed.data;
}

function writer(actor: Actor): void {
  if (!can(actor.role, 'candidate.note')) throw forbidden();
}

/** A candidate's notes, newest first; null when there is no such candidate. */
export async function listNotes(db: Db, candidateId: number): Promise<repo.NoteJson[] | null> {
  if (!(await repo.candidateExists(db, candidateId))) return null;
  return repo.listNotes(db, candidateId);
}

export async function addNote(db: Db, candidateId: number, rawText: unknown, actor: Actor): Promise<repo.NoteJson> {
  writer(actor);
  const text = textOf(rawText);
  return db.transaction().execute(async (trx) => {
    // Locks the candidate so that a deletion running now cannot leave the insert without its row.
    const c = await trx
      .selectFrom('postulantes')
      .select('id')
      .where('id', '=', candidateId)
      .forShare()
      .executeTakeFirst();
    if (!c) throw notFound(NOTE_MESSAGES.candidateNotFound);
    const userId = actor.userId === null ? null : await existingUser(trx, actor.userId);
    const note = await repo.insertNote(trx, { candidateId, userId, text });
    // The note's id and candidate, never its text.
    await recordAudit(trx, {
      action: 'nota.crear',
      target: { kind: 'nota', id: note.id },
      detail: { postulanteId: candidateId },
    });
    return note;
  });
}

async function existingUser(db: Parameters<typeof repo.candidateExists>[0], id: number): Promise<number | null> {
  const row = await db.selectFrom('usuarios').select('id').where('id', '=', id).executeTakeFirst();
  return row?.id ?? null;
}

/** Only its author changes a note: another user's (or an unattributed one) is a 403. */
async function ownNote(trx: Parameters<typeof repo.lockNote>[0], id: number, actor: Actor) {
  const note = await repo.lockNote(trx, id);
  if (!note) throw notFound(NOTE_MESSAGES.notFound);
  if (actor.userId === null || note.usuario_id !== actor.userId) throw forbidden(NOTE_MESSAGES.notYours);
}

export async function updateNote(db: Db, id: number, rawText: unknown, actor: Actor): Promise<repo.NoteJson> {
  writer(actor);
  const text = textOf(rawText);
  return db.transaction().execute(async (trx) => {
    await ownNote(trx, id, actor);
    await repo.updateNote(trx, id, text);
    const note = (await repo.findNote(trx, id))!;
    await recordAudit(trx, {
      action: 'nota.editar',
      target: { kind: 'nota', id },
      detail: { postulanteId: note.postulanteId },
    });
    return note;
  });
}

export async function deleteNote(db: Db, id: number, actor: Actor): Promise<void> {
  writer(actor);
  await db.transaction().execute(async (trx) => {
    await ownNote(trx, id, actor);
    const note = await repo.findNote(trx, id);
    await repo.deleteNote(trx, id);
    await recordAudit(trx, {
      action: 'nota.eliminar',
      target: { kind: 'nota', id },
      detail: { postulanteId: note?.postulanteId ?? null },
    });
  });
}
