import { BULK_MESSAGES, isBulkTarget, stateNoteSchema, type BulkOutcome } from '@bolsa/domain';
import type { MutationResolvers, ResolversTypes } from '../generated/resolvers.js';
import { bulkRefusal, limitExceeded, readSelection } from '../graph/bulk-selection.js';
import type { Context } from '../context.js';
import { actorOf } from '../graph/viewer.js';
import { validationFailed } from '../errors.js';

type Payload = ResolversTypes['BulkStateChangePayload'];
type PayloadError = ResolversTypes['BulkStateChangeError'];

const OUTCOME_ENUM: Record<BulkOutcome, 'MOVED' | 'UNCHANGED' | 'REFUSED' | 'NOT_FOUND'> = {
  moved: 'MOVED',
  unchanged: 'UNCHANGED',
  refused: 'REFUSED',
  notFound: 'NOT_FOUND',
};

const nothing = (dryRun: boolean, error: PayloadError): Payload => ({
  dryRun,
  total: 0,
  moved: 0,
  emailsQueued: 0,
  unchanged: 0,
  refused: 0,
  results: [],
  error,
});

export const bulkActionMutations: Pick<MutationResolvers<Context>, 'bulkChangeCandidateState'> = {
  async bulkChangeCandidateState(_p, { selection, state, note, dryRun }, ctx) {
    const dry = dryRun === true;
    const invalid = (path: string, message: string) => nothing(dry, validationFailed(message, [{ path, message }]));
    if (!isBulkTarget(state)) return invalid('state', BULK_MESSAGES.targetInvalid);
    const parsedNote = stateNoteSchema.safeParse(note ?? undefined);
    if (!parsedNote.success) return invalid('note', parsedNote.error.issues[0]?.message ?? BULK_MESSAGES.failed);

    const read = readSelection(selection);
    if (!read.ok) return 'limit' in read ? nothing(dry, limitExceeded(read.limit)) : invalid(read.path, read.message);
    const sel = read.selection;

    const r = await ctx.bulkActions.changeState(
      { selection: sel, to: state, note: parsedNote.data ?? null, dryRun: dry },
      actorOf(ctx),
    );
    if (!r.ok) return nothing(dry, bulkRefusal(r, BULK_MESSAGES.failed));
    const rows = r.answer.rows;
    const count = (o: BulkOutcome) => rows.filter((x) => x.outcome === o).length;
    return {
      dryRun: r.answer.dryRun,
      total: r.answer.total,
      moved: count('moved'),
      emailsQueued: rows.filter((x) => x.outcome === 'moved' && x.emailQueued).length,
      unchanged: count('unchanged'),
      refused: count('refused') + count('notFound'),
      results: rows.map((x) => ({
        candidateId: x.candidateId,
        name: x.name,
        outcome: OUTCOME_ENUM[x.outcome],
        from: x.from,
        to: x.to,
        emailQueued: x.emailQueued,
        message: x.message,
      })),
      error: null,
    };
  },
};
