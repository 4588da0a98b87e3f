/**
 * Tags (issue 23): staff roles 1–2 define them and put them on candidates; every staff role reads.
 * Names are unique with accents, case and spacing ignored (domain tagKey).
 */
import { can, GENERIC_MESSAGES, nextTagIds, TAG_LIMITS, TAG_MESSAGES, tagInputSchema, tagKey } from '@bolsa/domain';
import type { Actor } from '../actor.js';
import type { Db } from '../db/database.js';
import { badRequest, HttpError, notFound } from '../errors.js';
import * as repo from './repository.js';

export type { TagJson } from './repository.js';

function writer(actor: Actor): void {
  if (!can(actor.role, 'candidate.tag')) throw new HttpError(403, GENERIC_MESSAGES.forbidden);
}

export const listTags = (db: Db) => repo.listTags(db);

export async function createTag(db: Db, raw: { name: unknown; color: unknown }, actor: Actor): Promise<repo.TagJson> {
  writer(actor);
  const parsed = tagInputSchema.safeParse(raw);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? TAG_MESSAGES.nameRequired);
  const { name, color } = parsed.data;
  return db.transaction().execute(async (trx) => {
    if ((await repo.countTags(trx)) >= TAG_LIMITS.total) throw new HttpError(409, TAG_MESSAGES.tooManyTags);
    const tag = await repo.insertTag(trx, {
      name,
      key: tagKey(name),
      color,
      userId: await repo.existingUser(trx, actor.userId),
    });
    if (!tag) throw new HttpError(409, TAG_MESSAGES.nameTaken);
    return tag;
  });
}

/** Tag ids per candidate for a list's rows. */
export const tagIdsOf = (db: Db, candidateIds: readonly number[]) => repo.tagIdsOf(db, candidateIds);

export interface TagChange {
  /** The whole new set (replaces the candidate's tags)… */
  set?: readonly number[];
  /** …or the tags to add and remove (bulk actions). */
  add?: readonly number[];
  remove?: readonly number[];
}

/**
 * Changes the candidate's tags and answers the new set. Unknown tag ids are a 400 ('La etiqueta no
 * existe.'); more than TAG_LIMITS.perCandidate a 400. Repeating the same change is harmless.
 */
export async function changeCandidateTags(
  db: Db,
  candidateId: number,
  change: TagChange,
  actor: Actor,
): Promise<number[]> {
  writer(actor);
  const named = [...(change.set ?? []), ...(change.add ?? [])];
  return db.transaction().execute(async (trx) => {
    if (!(await repo.lockCandidate(trx, candidateId))) throw notFound(TAG_MESSAGES.candidateNotFound);
    const known = new Set(await repo.existingTagIds(trx, named));
    if (named.some((id) => !known.has(id))) throw badRequest(TAG_MESSAGES.notFound);
    const current = (await repo.tagIdsOf(trx, [candidateId])).get(candidateId) ?? [];
    const next = change.set ? [...new Set(change.set)] : nextTagIds(current, change);
    if (next.length > TAG_LIMITS.perCandidate) throw badRequest(TAG_MESSAGES.tooMany);
    await repo.replaceCandidateTags(trx, candidateId, next, await repo.existingUser(trx, actor.userId));
    return (await repo.tagIdsOf(trx, [candidateId])).get(candidateId) ?? [];
  });
}
