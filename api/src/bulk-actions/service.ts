/**
 * Bulk state changes (issue 23, item 4): each selected candidate goes through THE state change of
 * the pipeline (domain state machine, history row, outbox e-mail) in a transaction of its own, so
 * one refusal never undoes the others. A row already in the target state is reported, not moved
 * again: retrying the same action moves nobody twice and sends no second e-mail.
 */
import {
  BULK_LIMIT,
  BULK_MESSAGES,
  can,
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
  constructor(readonly rows: BulkRow[]) {
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
  const o = await changeStateIn(trx, deps, { id, to: c.to, actor: c.actor, note: c.note });
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

export async function bulkChangeState(deps: PipelineDeps, c: BulkChange): Promise<BulkResult> {
  if (!can(c.actor.role, 'candidate.bulkChangeState')) return { ok: false, kind: 'forbidden' };
  let ids: number[];
  if ('ids' in c.selection) {
    ids = [...new Set(c.selection.ids)];
    if (ids.length > BULK_LIMIT) return { ok: false, kind: 'too-many', total: ids.length };
  } else {
    const m = await matchingCandidateIds(deps.db, c.selection.filter, BULK_LIMIT);
    if (m.total > BULK_LIMIT) return { ok: false, kind: 'too-many', total: m.total };
    ids = m.ids;
  }
  if (!ids.length) return { ok: false, kind: 'empty' };

  if (c.dryRun) return { ok: true, total: ids.length, rows: await preview(deps, ids, c) };
  const rows: BulkRow[] = [];
  for (const id of ids) rows.push(await deps.db.transaction().execute((trx) => oneRow(trx, deps, id, c)));
  return { ok: true, total: ids.length, rows };
}

/** Every row through the same path in one transaction that is then rolled back. */
async function preview(deps: PipelineDeps, ids: number[], c: BulkChange): Promise<BulkRow[]> {
  try {
    await deps.db.transaction().execute(async (trx) => {
      const rows: BulkRow[] = [];
      for (const id of ids) rows.push(await oneRow(trx, deps, id, c));
      throw new DryRun(rows);
    });
  } catch (e) {
    if (e instanceof DryRun) return e.rows;
    throw e;
  }
  throw new Error('a dry run always rolls back');
}
