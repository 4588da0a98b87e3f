import { BULK_TAG_MESSAGES, isEntityId, TAG_LIMITS, type BulkTagOutcome } from '@bolsa/domain';
import type { MutationResolvers, ResolversTypes } from '../generated/resolvers.js';
import type { Context } from '../context.js';
import { validationFailed } from '../errors.js';
import { tagsById } from '../graph/notes-tags.js';
import { actorOf } from '../graph/viewer.js';
import { bulkRefusal, limitExceeded, readSelection } from '../graph/bulk-selection.js';

type Payload = ResolversTypes['BulkTagChangePayload'];
type PayloadError = ResolversTypes['BulkStateChangeError'];

const OUTCOME_ENUM: Record<BulkTagOutcome, 'CHANGED' | 'UNCHANGED' | 'REFUSED' | 'NOT_FOUND'> = {
  changed: 'CHANGED',
  unchanged: 'UNCHANGED',
  refused: 'REFUSED',
  notFound: 'NOT_FOUND',
};

const nothing = (dryRun: boolean, error: PayloadError): Payload => ({
  dryRun,
  total: 0,
  changed: 0,
  unchanged: 0,
  refused: 0,
  results: [],
  error,
});

/** Tag ids of `add`/`remove`: distinct, ids, at most TAG_LIMITS.perCandidate; null when not. */
function tagIdsOf(raw: readonly string[] | null | undefined): string[] | null {
  const ids = [...new Set(raw ?? [])];
  return ids.length <= TAG_LIMITS.perCandidate && ids.every((i) => isEntityId(i)) ? ids : null;
}

/** bulkChangeCandidateTags (issue 23): the tags' one rule on every selected row, per-row results. */
export const bulkTagMutations: Pick<MutationResolvers<Context>, 'bulkChangeCandidateTags'> = {
  async bulkChangeCandidateTags(_p, { selection, add, remove, dryRun }, ctx) {
    const dry = dryRun === true;
    const invalid = (path: string, message: string) => nothing(dry, validationFailed(message, [{ path, message }]));
    const adding = tagIdsOf(add);
    if (!adding)
      return invalid(
        'add',
        (add?.length ?? 0) > TAG_LIMITS.perCandidate ? BULK_TAG_MESSAGES.tooManyTags : BULK_TAG_MESSAGES.unknownTag,
      );
    const removing = tagIdsOf(remove);
    if (!removing)
      return invalid(
        'remove',
        (remove?.length ?? 0) > TAG_LIMITS.perCandidate ? BULK_TAG_MESSAGES.tooManyTags : BULK_TAG_MESSAGES.unknownTag,
      );
    if (!adding.length && !removing.length) return invalid('add', BULK_TAG_MESSAGES.noTags);
    const read = readSelection(selection);
    if (!read.ok) return 'limit' in read ? nothing(dry, limitExceeded(read.limit)) : invalid(read.path, read.message);

    const r = await ctx.bulkActions.changeTags(
      { selection: read.selection, add: adding, remove: removing, dryRun: dry },
      actorOf(ctx),
    );
    if (!r.ok) return nothing(dry, bulkRefusal(r, BULK_TAG_MESSAGES.failed));
    const byId = await tagsById(ctx);
    const rows = r.answer.rows;
    const count = (o: BulkTagOutcome) => rows.filter((x) => x.outcome === o).length;
    return {
      dryRun: r.answer.dryRun,
      total: r.answer.total,
      changed: count('changed'),
      unchanged: count('unchanged'),
      refused: count('refused') + count('notFound'),
      results: rows.map((x) => ({
        candidateId: x.candidateId,
        name: x.name,
        outcome: OUTCOME_ENUM[x.outcome],
        tags: x.tagIds.flatMap((t) => byId.get(t) ?? []),
        message: x.message,
      })),
      error: null,
    };
  },
};
