import DataLoader from 'dataloader';
import type { Context } from '../context.js';
import type { CandidateDto } from '../normalise/candidate.js';
import type { NoteDto, TagDto } from '../normalise/notes-tags.js';
import type { CandidateState } from '@bolsa/domain';

/**
 * Notes and tags (issue 23) as several resolvers need them, read once per request: the notes of
 * a candidate (the Notas section and the timeline), every tag, and the tag ids of the candidates of
 * a page (one api call for the page's rows).
 */

/** CandidatePage as the list resolvers answer it: `tagCounts` by tag id, named by CandidatePage.tagCounts. */
export interface CandidatePageModel {
  items: CandidateDto[];
  totalCount: number;
  page: number;
  pageSize: number;
  countsByState: { state: CandidateState; count: number }[];
  allCount: number;
  tagCounts: Map<string, number>;
}

interface PerRequest {
  notes: Map<string, Promise<NoteDto[] | null>>;
  tags?: Promise<Map<string, TagDto>>;
  assigned: DataLoader<string, string[]>;
}
const perRequest = new WeakMap<Context, PerRequest>();

function of(ctx: Context): PerRequest {
  let r = perRequest.get(ctx);
  if (!r) {
    r = {
      notes: new Map(),
      assigned: new DataLoader(
        async (ids) => {
          const byId = await ctx.notesTags.assignedTags(ids);
          return ids.map((i) => byId.get(i) ?? []);
        },
        { maxBatchSize: 100 },
      ),
    };
    perRequest.set(ctx, r);
  }
  return r;
}

/** The candidate's notes, newest first ([] when there is no such candidate). */
export async function notesOf(ctx: Context, candidateId: string): Promise<NoteDto[]> {
  const r = of(ctx);
  let p = r.notes.get(candidateId);
  if (!p) {
    p = ctx.notesTags.listNotes(candidateId);
    r.notes.set(candidateId, p);
  }
  return (await p) ?? [];
}

/** Forgets what this request read of a candidate's notes (after a write). */
export const forgetNotes = (ctx: Context, candidateId: string) => of(ctx).notes.delete(candidateId);

export const authorName = async (ctx: Context, userId: string | null) =>
  userId ? ((await ctx.loaders.users.load(userId))?.name ?? null) : null;

/** The timeline's NoteEvent members (Candidate.timeline merges them by time). */
export async function noteEvents(ctx: Context, candidateId: string) {
  return Promise.all(
    (await notesOf(ctx, candidateId)).map(async (n) => ({
      __typename: 'NoteEvent' as const,
      at: n.createdAt,
      by: await authorName(ctx, n.authorId),
      text: n.text,
    })),
  );
}

/** Every tag by id, once per request. */
export function tagsById(ctx: Context): Promise<Map<string, TagDto>> {
  const r = of(ctx);
  r.tags ??= ctx.notesTags.listTags().then((list) => new Map(list.map((t) => [t.id, t])));
  return r.tags;
}

/** Forgets the tags this request read (after one was created). */
export function forgetTags(ctx: Context): void {
  of(ctx).tags = undefined;
}

/** The candidate's tags, by name (the page's rows are read together). */
export async function tagsOfCandidate(ctx: Context, candidateId: string): Promise<TagDto[]> {
  const [ids, byId] = await Promise.all([of(ctx).assigned.load(candidateId), tagsById(ctx)]);
  return ids
    .map((i) => byId.get(i))
    .filter((t): t is TagDto => t !== undefined)
    .sort((a, b) => a.name.localeCompare(b.name, 'es'));
}

/** Sets what this request knows of a candidate's tag ids (after a write). */
export function primeTags(ctx: Context, candidateId: string, ids: string[]): void {
  of(ctx).assigned.clear(candidateId).prime(candidateId, ids);
}

/** CandidatePage.tagCounts: the counts by tag id, with their tags, by name. */
export async function tagCountsOf(ctx: Context, counts: Map<string, number>) {
  if (!counts.size) return [];
  const byId = await tagsById(ctx);
  return [...counts]
    .flatMap(([id, count]) => {
      const tag = byId.get(id);
      return tag ? [{ tag, count }] : [];
    })
    .sort((a, b) => a.tag.name.localeCompare(b.tag.name, 'es'));
}
