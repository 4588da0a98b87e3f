/**
 * Bulk state changes (issue 23, item 4): each selected candidate goes through THE state change of
 * the pipeline (domain state machine, history row, outbox e-mail) in a transaction of its own, so
 * one refusal never undoes the others. A row already in the target state is reported, not moved
 * again: retrying the same action moves nobody twice and sends no second e-mail.
 */
import {
  BULK_LIMIT,
  BULK_MESSAGES,
  BULK_TAG_MESSAGES,
  can,
  type BulkTagOutcome,
  type BulkOutcome,
  type BulkTargetState,
  type CandidateState,
} from '@bolsa/domain';
import type { Transaction } from 'kysely';
import type { Actor } from '../actor.js';
import type { Database } from '../db/database.js';
import {
  changeStateIn,
  lockCandidate,
  matchingCandidateIds,
  stateOf,
  type CandidateListQuery,
  type PipelineDeps,
} from '../pipeline/index.js';
import { auditTagChange, changeTagsIn, unknownTagIds } from '../tags/index.js';

export type BulkSelection = { ids: number[] } | { filter: CandidateListQuery };

export interface BulkChange {
  selection: BulkSelection;
  to: BulkTargetState;
  /** The history's note and the e-mail's observation (the reject dialog's). */
  note: string | null;
  actor: Actor;
  /** Answer what would happen (the confirmation's counts) and change nothing. */
  dryRun: boolean;
}

export interface BulkRow {
  id: number;
  name: string | null;
  outcome: BulkOutcome;
  /** The state before (or now, when not moved); null for an unknown id. */
  from: CandidateState | null;
  to: CandidateState | null;
  emailQueued: boolean;
  message: string;
}

export type BulkResult =
  | { ok: true; total: number; rows: BulkRow[] }
  | { ok: false; kind: 'too-many'; total: number }
  | { ok: false; kind: 'empty' }
  | { ok: false; kind: 'forbidden' };

/** Unwinds a dry run's transaction, carrying its answer out. */
class DryRun extends Error {
  constructor(readonly rows: unknown[]) {
    super('dry run');
  }
}

async function oneRow(trx: Transaction<Database>, deps: PipelineDeps, id: number, c: BulkChange): Promise<BulkRow> {
  const row = await lockCandidate(trx, id);
  const none = { id, name: null, from: null, to: null, emailQueued: false };
  if (!row) return { ...none, outcome: 'notFound', message: BULK_MESSAGES.notFound };
  const name = row.nombre?.trim() || null;
  const current = stateOf(row.estado);
  if (current === c.to)
    return {
      ...none,
      name,
      from: current,
      to: current,
      outcome: 'unchanged',
      message: BULK_MESSAGES.unchanged(current),
    };
  const o = await changeStateIn(trx, deps, { id, to: c.to, actor: c.actor, note: c.note, bulk: true });
  if (o.ok)
    return {
      id,
      name,
      from: o.from,
      to: o.to,
      emailQueued: o.emailQueued,
      outcome: 'moved',
      message: o.emailQueued ? BULK_MESSAGES.movedWithMail : BULK_MESSAGES.movedWithoutMail,
    };
  if (o.kind === 'not-found') return { ...none, outcome: 'notFound', message: BULK_MESSAGES.notFound };
  return { ...none, name, from: o.current, to: o.current, outcome: 'refused', message: o.message };
}

/** The selection's ids (distinct, in the list's order for a filter), or why there are none to act on. */
async function idsOf(
  deps: PipelineDeps,
  selection: BulkSelection,
): Promise<
  { ok: true; ids: number[] } | { ok: false; kind: 'too-many'; total: number } | { ok: false; kind: 'empty' }
> {
  let ids: number[];
  if ('ids' in selection) {
    ids = [...new Set(selection.ids)];
    if (ids.length > BULK_LIMIT) return { ok: false, kind: 'too-many', total: ids.length };
  } else {
    const m = await matchingCandidateIds(deps.db, selection.filter, BULK_LIMIT);
    if (m.total > BULK_LIMIT) return { ok: false, kind: 'too-many', total: m.total };
    ids = m.ids;
  }
  if (!ids.length) return { ok: false, kind: 'empty' };
  return { ok: true, ids };
}

/** Runs `row` over every id, each in a transaction of its own (one refusal never undoes the others). */
async function eachRow<R>(
  deps: PipelineDeps,
  ids: readonly number[],
  row: (trx: Transaction<Database>, id: number) => Promise<R>,
) {
  const rows: R[] = [];
  for (const id of ids) rows.push(await deps.db.transaction().execute((trx) => row(trx, id)));
  return rows;
}

/** Every row through the same path in one transaction that is then rolled back. */
async function dryRun<R>(
  deps: PipelineDeps,
  ids: readonly number[],
  row: (trx: Transaction<Database>, id: number) => Promise<R>,
) {
  try {
    await deps.db.transaction().execute(async (trx) => {
      const rows: R[] = [];
      for (const id of ids) rows.push(await row(trx, id));
      throw new DryRun(rows);
    });
  } catch (e) {
    if (e instanceof DryRun) return e.rows as R[];
    throw e;
  }
  throw new Error('a dry run always rolls back');
}

export async function bulkChangeState(deps: PipelineDeps, c: BulkChange): Promise<BulkResult> {
  if (!can(c.actor.role, 'candidate.bulkChangeState')) return { ok: false, kind: 'forbidden' };
  const sel = await idsOf(deps, c.selection);
  if (!sel.ok) return sel;
  const { ids } = sel;

  const row = (trx: Transaction<Database>, id: number) => oneRow(trx, deps, id, c);
  return { ok: true, total: ids.length, rows: c.dryRun ? await dryRun(deps, ids, row) : await eachRow(deps, ids, row) };
}

// ─── Tags (issue 23) ───

export interface BulkTagChange {
  selection: BulkSelection;
  add: number[];
  remove: number[];
  actor: Actor;
  dryRun: boolean;
}

export interface BulkTagRow {
  id: number;
  name: string | null;
  outcome: BulkTagOutcome;
  /** The candidate's tags after the action (now, when not changed); empty for an unknown id. */
  tagIds: number[];
  message: string;
}

export type BulkTagResult =
  | { ok: true; total: number; rows: BulkTagRow[] }
  | { ok: false; kind: 'too-many'; total: number }
  | { ok: false; kind: 'empty' }
  | { ok: false; kind: 'no-tags' }
  | { ok: false; kind: 'unknown-tag' }
  | { ok: false; kind: 'forbidden' };

async function oneTagRow(trx: Transaction<Database>, id: number, c: BulkTagChange): Promise<BulkTagRow> {
  const locked = await lockCandidate(trx, id);
  if (!locked) return { id, name: null, outcome: 'notFound', tagIds: [], message: BULK_TAG_MESSAGES.notFound };
  const name = locked.nombre?.trim() || null;
  const o = await changeTagsIn(trx, id, { add: c.add, remove: c.remove }, c.actor.userId);
  if (!o.ok) return { id, name, outcome: 'refused', tagIds: o.current, message: BULK_TAG_MESSAGES.limit };
  await auditTagChange(trx, id, o, true);
  const same = o.after.length === o.before.length && o.after.every((t) => o.before.includes(t));
  return same
    ? {
        id,
        name,
        outcome: 'unchanged',
        tagIds: o.after,
        message: BULK_TAG_MESSAGES.unchanged(c.add.length ? 'add' : 'remove'),
      }
    : { id, name, outcome: 'changed', tagIds: o.after, message: BULK_TAG_MESSAGES.changed };
}

/**
 * Adds and removes tags on every selected candidate through the tags' one rule (`changeTagsIn`):
 * each row in a transaction of its own with its row locked, like a bulk move, so a row refused
 * for the per-candidate limit never undoes the others. Adding a tag a candidate has, or removing
 * one it lacks, changes nothing: retrying the action is harmless. No e-mails.
 */
export async function bulkChangeTags(deps: PipelineDeps, c: BulkTagChange): Promise<BulkTagResult> {
  if (!can(c.actor.role, 'candidate.bulkTag')) return { ok: false, kind: 'forbidden' };
  if (!c.add.length && !c.remove.length) return { ok: false, kind: 'no-tags' };
  if ((await unknownTagIds(deps.db, [...c.add, ...c.remove])).length) return { ok: false, kind: 'unknown-tag' };
  const sel = await idsOf(deps, c.selection);
  if (!sel.ok) return sel;
  const { ids } = sel;
  const row = (trx: Transaction<Database>, id: number) => oneTagRow(trx, id, c);
  return { ok: true, total: ids.length, rows: c.dryRun ? await dryRun(deps, ids, row) : await eachRow(deps, ids, row) };
}
