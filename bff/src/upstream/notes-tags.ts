import { unexpected } from '../errors.js';
import {
  normaliseNoteAnswer,
  normaliseNotes,
  normaliseTagAnswer,
  normaliseTagAssignments,
  normaliseTagIds,
  normaliseTags,
  type NoteDto,
  type TagDto,
} from '../normalise/notes-tags.js';
import type { ActorRef } from './candidates.js';
import { failure, isRecordId, type Failure } from './failure.js';
import type { Upstream } from './http.js';

export type WriteResult<T> = { ok: true; value: T } | { ok: false; failure: Failure };

const actorFields = (actor: ActorRef) => ({ usuarioId: actor.userId ?? undefined, rol: actor.role });
const notFound = <T>(): WriteResult<T> => ({ ok: false, failure: failure('not-found') });

/**
 * Notes and tags on candidates (issue 23): the only code that knows their api paths
 * (/internal/candidatos/{id}/notas, /internal/notas/{id}, /internal/etiquetas,
 * /internal/candidatos/{id}/etiquetas). Writes carry the session's user and role.
 *
 * For the other issue-23 parts (bulk actions, exports): `setCandidateTags` replaces a candidate's
 * tags, `changeCandidateTags` adds and removes some (retrying is harmless), `assignedTags` reads
 * the tag ids of up to 100 candidates at once and `listTags` every tag.
 */
export class NotesTagsClient {
  constructor(private readonly http: Upstream) {}

  /** A candidate's notes, newest first; null when there is no such candidate. */
  async listNotes(candidateId: string): Promise<NoteDto[] | null> {
    if (!isRecordId(candidateId)) return null;
    const r = await this.http.send(`/internal/candidatos/${candidateId}/notas`);
    if (r.ok) return normaliseNotes(r.value);
    if (r.failure.kind === 'not-found' || r.failure.kind === 'invalid') return null;
    // An api without notes (405): none rather than a failed detail page.
    if (r.failure.kind === 'refused') return [];
    throw unexpected(r.failure);
  }

  private async write<T>(path: string, body: object, read: (raw: unknown) => T | null): Promise<WriteResult<T>> {
    const r = await this.http.send(path, { method: 'POST', json: body });
    if (!r.ok) return r;
    const value = read(r.value);
    return value === null ? { ok: false, failure: failure('unconfirmed') } : { ok: true, value };
  }

  addNote(candidateId: string, text: string, actor: ActorRef): Promise<WriteResult<NoteDto>> {
    if (!isRecordId(candidateId)) return Promise.resolve(notFound());
    return this.write(
      `/internal/candidatos/${candidateId}/notas`,
      { texto: text, ...actorFields(actor) },
      normaliseNoteAnswer,
    );
  }

  updateNote(noteId: string, text: string, actor: ActorRef): Promise<WriteResult<NoteDto>> {
    if (!isRecordId(noteId)) return Promise.resolve(notFound());
    return this.write(`/internal/notas/${noteId}`, { texto: text, ...actorFields(actor) }, normaliseNoteAnswer);
  }

  deleteNote(noteId: string, actor: ActorRef): Promise<WriteResult<true>> {
    if (!isRecordId(noteId)) return Promise.resolve(notFound());
    return this.write(`/internal/notas/${noteId}/eliminar`, actorFields(actor), () => true as const);
  }

  /** Every tag, by name. */
  async listTags(): Promise<TagDto[]> {
    const r = await this.http.send('/internal/etiquetas');
    if (r.ok) return normaliseTags(r.value);
    if (r.failure.kind === 'not-found' || r.failure.kind === 'refused') return [];
    throw unexpected(r.failure);
  }

  createTag(name: string, color: string, actor: ActorRef): Promise<WriteResult<TagDto>> {
    return this.write('/internal/etiquetas', { nombre: name, color, ...actorFields(actor) }, normaliseTagAnswer);
  }

  /** Tag ids per candidate id (at most 100 ids per call; more are split). */
  async assignedTags(candidateIds: readonly string[]): Promise<Map<string, string[]>> {
    const valid = [...new Set(candidateIds.filter(isRecordId))];
    const out = new Map<string, string[]>();
    for (let i = 0; i < valid.length; i += 100) {
      const r = await this.http.send('/internal/etiquetas/asignadas', {
        query: { postulantes: valid.slice(i, i + 100).join(',') },
      });
      if (!r.ok) {
        if (r.failure.kind === 'not-found' || r.failure.kind === 'refused') return out;
        throw unexpected(r.failure);
      }
      for (const [k, v] of normaliseTagAssignments(r.value)) out.set(k, v);
    }
    return out;
  }

  /** Replaces the candidate's tags; answers their tag ids now. */
  setCandidateTags(candidateId: string, tagIds: readonly string[], actor: ActorRef): Promise<WriteResult<string[]>> {
    return this.changeTags(candidateId, { etiquetas: tagIds.map(Number) }, actor);
  }

  /** Adds and removes tags (bulk actions); answers the candidate's tag ids now. */
  changeCandidateTags(
    candidateId: string,
    change: { add?: readonly string[]; remove?: readonly string[] },
    actor: ActorRef,
  ): Promise<WriteResult<string[]>> {
    return this.changeTags(
      candidateId,
      { agregar: (change.add ?? []).map(Number), quitar: (change.remove ?? []).map(Number) },
      actor,
    );
  }

  private changeTags(candidateId: string, body: object, actor: ActorRef): Promise<WriteResult<string[]>> {
    if (!isRecordId(candidateId)) return Promise.resolve(notFound());
    return this.write(`/internal/candidatos/${candidateId}/etiquetas`, { ...body, ...actorFields(actor) }, (raw) =>
      normaliseTagIds(raw),
    );
  }
}
