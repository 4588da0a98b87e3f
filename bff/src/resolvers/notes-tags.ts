import { NOTE_MESSAGES, noteTextSchema, TAG_LIMITS, TAG_MESSAGES, tagInputSchema } from '@bolsa/domain';
import type {
  CandidatePageResolvers,
  CandidateResolvers,
  MutationResolvers,
  QueryResolvers,
} from '../generated/resolvers.js';
import type { Context } from '../context.js';
import { conflict, mutationError, notFound, validationFailed, type FailureMessages } from '../errors.js';
import {
  authorName,
  forgetNotes,
  forgetTags,
  notesOf,
  primeTags,
  tagCountsOf,
  tagsById,
  tagsOfCandidate,
} from '../graph/notes-tags.js';
import { actorOf } from '../graph/viewer.js';
import type { NoteDto } from '../normalise/notes-tags.js';
import type { Failure } from '../upstream/failure.js';
import { isRecordId } from '../upstream/failure.js';

/** CandidateNote of the schema, for this viewer. */
async function noteOf(ctx: Context, n: NoteDto) {
  return {
    id: n.id,
    text: n.text,
    author: n.authorId ? ((await authorName(ctx, n.authorId)) ?? NOTE_MESSAGES.unknownAuthor) : null,
    createdAt: n.createdAt,
    editedAt: n.editedAt,
    mine: ctx.viewer?.kind === 'STAFF' && n.authorId !== null && n.authorId === ctx.viewer.id,
  };
}

/** The api's refusal of someone else's note reads as a Conflict with its Spanish message. */
function writeError(f: Failure, m: FailureMessages) {
  if (f.kind === 'forbidden') return conflict(f.message ?? NOTE_MESSAGES.notYours);
  return mutationError(f, { ...m, preferApiMessage: true });
}

function parsedText(raw: string) {
  const parsed = noteTextSchema.safeParse(raw);
  if (parsed.success) return { ok: true as const, text: parsed.data };
  const message = parsed.error.issues[0]?.message ?? NOTE_MESSAGES.required;
  return { ok: false as const, error: validationFailed(message, [{ path: 'text', message }]) };
}

export const noteTagQueries: Pick<QueryResolvers<Context>, 'tags'> = {
  tags: async (_p, _a, ctx) => [...(await tagsById(ctx)).values()],
};

export const noteTagMutations: Pick<
  MutationResolvers<Context>,
  'addCandidateNote' | 'updateCandidateNote' | 'deleteCandidateNote' | 'createTag' | 'setCandidateTags'
> = {
  async addCandidateNote(_p, { candidateId, text }, ctx) {
    const checked = parsedText(text);
    if (!checked.ok) return { note: null, error: checked.error };
    const r = await ctx.notesTags.addNote(candidateId, checked.text, actorOf(ctx));
    if (!r.ok)
      return {
        note: null,
        error: writeError(r.failure, { failed: NOTE_MESSAGES.failed, notFound: NOTE_MESSAGES.candidateNotFound }),
      };
    forgetNotes(ctx, candidateId);
    return { note: await noteOf(ctx, r.value), error: null };
  },

  async updateCandidateNote(_p, { id, text }, ctx) {
    const checked = parsedText(text);
    if (!checked.ok) return { note: null, error: checked.error };
    const r = await ctx.notesTags.updateNote(id, checked.text, actorOf(ctx));
    if (!r.ok)
      return {
        note: null,
        error: writeError(r.failure, { failed: NOTE_MESSAGES.failed, notFound: NOTE_MESSAGES.notFound }),
      };
    forgetNotes(ctx, r.value.candidateId);
    return { note: await noteOf(ctx, r.value), error: null };
  },

  async deleteCandidateNote(_p, { id }, ctx) {
    const r = await ctx.notesTags.deleteNote(id, actorOf(ctx));
    if (!r.ok)
      return {
        ok: false,
        error: writeError(r.failure, { failed: NOTE_MESSAGES.deleteFailed, notFound: NOTE_MESSAGES.notFound }),
      };
    return { ok: true, error: null };
  },

  async createTag(_p, { name, color }, ctx) {
    const parsed = tagInputSchema.safeParse({ name, color });
    if (!parsed.success) {
      const fields = parsed.error.issues.map((i) => ({ path: String(i.path[0] ?? ''), message: i.message }));
      return { tag: null, error: validationFailed(fields[0]?.message ?? TAG_MESSAGES.nameRequired, fields) };
    }
    const r = await ctx.notesTags.createTag(parsed.data.name, parsed.data.color, actorOf(ctx));
    if (!r.ok)
      return {
        tag: null,
        error: mutationError(r.failure, {
          failed: TAG_MESSAGES.createFailed,
          conflict: TAG_MESSAGES.nameTaken,
          preferApiMessage: true,
        }),
      };
    forgetTags(ctx);
    return { tag: r.value, error: null };
  },

  async setCandidateTags(_p, { candidateId, tagIds }, ctx) {
    const ids = [...new Set(tagIds)];
    if (ids.some((t) => !isRecordId(t)))
      return {
        candidate: null,
        error: validationFailed(TAG_MESSAGES.notFound, [{ path: 'tagIds', message: TAG_MESSAGES.notFound }]),
      };
    if (ids.length > TAG_LIMITS.perCandidate)
      return {
        candidate: null,
        error: validationFailed(TAG_MESSAGES.tooMany, [{ path: 'tagIds', message: TAG_MESSAGES.tooMany }]),
      };
    const r = await ctx.notesTags.setCandidateTags(candidateId, ids, actorOf(ctx));
    if (!r.ok && r.failure.kind === 'invalid') {
      const message = r.failure.message ?? TAG_MESSAGES.failed;
      return { candidate: null, error: validationFailed(message, [{ path: 'tagIds', message }]) };
    }
    if (!r.ok)
      return {
        candidate: null,
        error: mutationError(r.failure, {
          failed: TAG_MESSAGES.failed,
          notFound: TAG_MESSAGES.candidateNotFound,
          preferApiMessage: true,
        }),
      };
    primeTags(ctx, candidateId, r.value);
    const candidate = await ctx.candidates.get(candidateId);
    return candidate
      ? { candidate, error: null }
      : { candidate: null, error: notFound(TAG_MESSAGES.candidateNotFound) };
  },
};

/** Candidate.notes and Candidate.tags (merged into the Candidate resolvers). */
export const candidateNoteTagFields: Pick<CandidateResolvers<Context>, 'notes' | 'tags'> = {
  notes: async (c, _a, ctx) => Promise.all((await notesOf(ctx, c.id)).map((n) => noteOf(ctx, n))),
  tags: (c, _a, ctx) => tagsOfCandidate(ctx, c.id),
};

export const CandidatePage: CandidatePageResolvers<Context> = {
  tagCounts: (p, _a, ctx) => tagCountsOf(ctx, p.tagCounts),
};
