/**
 * Tags (issue 23): staff roles 1–2 define them and put them on candidates; every staff role reads.
 * Names are unique with accents, case and spacing ignored (domain tagKey).
 */
import { can, GENERIC_MESSAGES, nextTagIds, TAG_LIMITS, TAG_MESSAGES, tagInputSchema, tagKey } from '@bolsa/domain';
import type { Transaction } from 'kysely';
import type { Actor } from '../actor.js';
import { recordAudit } from '../audit/index.js';
import type { Database, Db } from '../db/database.js';
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
    await recordAudit(trx, { action: 'etiqueta.definir', target: { kind: 'etiqueta', id: tag.id } });
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

/** A tag change on one candidate: the set before and after, or refused past the limit. */
export type TagChangeOutcome =
  { ok: true; before: number[]; after: number[] } | { ok: false; kind: 'too-many'; current: number[] };

/**
 * THE rule of a tag change on one candidate (the single editor's and the bulk action's), inside
 * the caller's transaction with the candidate's row locked and the tag ids known to exist: the
 * new set by `nextTagIds` (or the whole set), at most TAG_LIMITS.perCandidate.
 */
export async function changeTagsIn(
  trx: Transaction<Database>,
  candidateId: number,
  change: TagChange,
  userId: number | null,
): Promise<TagChangeOutcome> {
  const current = (await repo.tagIdsOf(trx, [candidateId])).get(candidateId) ?? [];
  const next = change.set ? [...new Set(change.set)] : nextTagIds(current, change);
  if (next.length > TAG_LIMITS.perCandidate) return { ok: false, kind: 'too-many', current };
  const same = next.length === current.length && next.every((id) => current.includes(id));
  if (!same) await repo.replaceCandidateTags(trx, candidateId, next, await repo.existingUser(trx, userId));
  return {
    ok: true,
    before: current,
    after: same ? current : ((await repo.tagIdsOf(trx, [candidateId])).get(candidateId) ?? []),
  };
}

/** The audit row of a tag change that changed something (ids of the tags before and after). */
export async function auditTagChange(
  trx: Transaction<Database>,
  candidateId: number,
  o: { before: number[]; after: number[] },
  bulk: boolean,
): Promise<void> {
  const same = o.after.length === o.before.length && o.after.every((t) => o.before.includes(t));
  if (same) return;
  await recordAudit(trx, {
    action: bulk ? 'etiqueta.asignar_masivo' : 'etiqueta.asignar',
    target: { kind: 'postulante', id: candidateId },
    detail: { antes: o.before, despues: o.after },
  });
}

/** Which of `ids` name no tag. */
export async function unknownTagIds(db: Db, ids: readonly number[]): Promise<number[]> {
  const known = new Set(await repo.existingTagIds(db, ids));
  return [...new Set(ids)].filter((id) => !known.has(id));
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
    const o = await changeTagsIn(trx, candidateId, change, actor.userId);
    if (!o.ok) throw badRequest(TAG_MESSAGES.tooMany);
    await auditTagChange(trx, candidateId, o, false);
    return o.after;
  });
}
