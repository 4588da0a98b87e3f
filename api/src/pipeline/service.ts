import { recordAudit } from '../audit/index.js';
import {
  allowedNext,
  canonicalState,
  checkTransition,
  reactivationTarget,
  TRANSITION_MESSAGES,
  type CandidateState,
  type RoleId,
} from '@bolsa/domain';
import type { Transaction } from 'kysely';
import { findTestEvents } from '../assigned-tests/index.js';
import type { Database, Db } from '../db/database.js';
import { clampPage, type Envelope, type Paging } from '../lists.js';
import { enqueueMail } from '../mail/outbox.js';
import { stateChanged, type RenderedMail } from '../mail/templates.js';
import type { FileStore } from '../storage/index.js';
import * as repo from './repository.js';
import * as lists from './list-repository.js';
import * as detail from './detail-repository.js';
import type { CandidateListJson } from './candidate-row.js';
import { withSnippetsOf } from './cv-search.js';
import { keptCountList } from './counts-cache.js';
import type { CandidateListQuery } from './list-repository.js';
import { keyInUse } from '../profiles/index.js';
import { findInterviews as timelineInterviews } from '../interviews/index.js';
import { findRequestEvents } from '../document-requests/index.js';

export { CANDIDATE_SORTS, type CandidateListQuery, type CandidateSort } from './list-repository.js';

import type { Actor } from '../actor.js';
export type { Actor };

/** The state a stored value reads as; a value no spelling knows is read as postulado. */
export const stateOf = (raw: string): CandidateState => canonicalState(raw) ?? 'postulado';

export type ListCounts = Record<string, number>;
/** The envelope of a candidate list: counts per state, and per tag id (issue 23). */
export type CandidateEnvelope = Envelope<CandidateListJson, ListCounts> & { conteosEtiquetas: Record<string, number> };

/**
 * One list of spec 3 §7 with the paging contract: the documented array without `paging`, else the
 * envelope with per-state counts (search applied, tab not) and `todos`.
 */
export async function listCandidates(
  db: Db,
  q: CandidateListQuery,
  paging: Paging | null,
  countStates: readonly string[],
): Promise<CandidateListJson[] | CandidateEnvelope> {
  if (!paging) return lists.findCandidates(db, await lists.withPositions(db, q));
  const looked = await lists.withPositionsAndChanges(db, q);
  q = looked.query;
  // The counts and the tags' counts in one statement, first: they say whether there is a page
  // to read at all, which page that is, and — a search that matches few rows — its matches' ids.
  // A search's are kept while nothing they count has changed (counts-cache.ts).
  const read = looked.changes === null ? await lists.countList(db, q) : await keptCountList(db, q, looked.changes);
  const counts: ListCounts = { todos: [...read.byState.values()].reduce((a, b) => a + b, 0) };
  for (const s of countStates) counts[s] = read.byState.get(s) ?? 0;
  const totalCount = q.state ? (read.byState.get(q.state) ?? 0) : counts.todos!;
  const { page, offset } = clampPage(paging, totalCount);
  const found =
    totalCount === 0
      ? { rows: [], cvTexts: [] }
      : await lists.findPage(db, q, { limit: paging.pageSize, offset }, read.ids);
  return {
    items: await withSnippetsOf(db, q.words, found.rows, found.cvTexts),
    totalCount,
    page,
    pageSize: paging.pageSize,
    counts,
    conteosEtiquetas: Object.fromEntries([...read.byTag].map(([id, n]) => [String(id), n])),
  };
}

/** The matching candidates' ids in the list's order (tab applied): what an export streams. */
export async function candidateIdsInOrder(db: Db, q: CandidateListQuery): Promise<number[]> {
  return lists.findCandidateIds(db, await lists.withPositions(db, q));
}

/** Candidates of the list's shape, in the order of `ids` (an export's batch). */
export const candidatesByIds = (db: Db, ids: readonly number[]) => lists.findCandidatesByIds(db, ids);

export const findCandidate = (db: Db, id: number) => detail.findCandidate(db, id);
export const findTimeline = async (db: Db, id: number) =>
  (await repo.candidateExists(db, id))
    ? {
        ...(await repo.findTimeline(db, id)),
        pruebas: await findTestEvents(db, id),
        entrevistas: await timelineInterviews(db, id),
        solicitudesDocumentos: await findRequestEvents(db, id),
      }
    : null;

/** estadosPermitidos of a candidate for `role` (domain allowedNext), or null when there is none. */
export async function allowedStates(db: Db, id: number, role: RoleId): Promise<CandidateState[] | null> {
  const c = await detail.findCandidate(db, id);
  if (!c) return null;
  return allowedNext(stateOf(c.estadoPostulante), role, { beforeRejection: c.estadoAntesRechazo });
}

export interface StateChange {
  id: number;
  /** The target; for a reactivation, null (the state held before the rejection). */
  to: CandidateState | null;
  actor: Actor;
  /** The state the caller's screen showed: a different current state refuses (no lost update). */
  expected?: CandidateState | null;
  /** The history's note and the e-mail's observations (mensaje, the reject dialog's observation). */
  note?: string | null;
  /** The hire dialog's place, date and time, for the hire e-mail. */
  hire?: { date: string; time: string; place: string } | null;
  /** Hire even when no e-mail can be queued (the user confirmed). */
  force?: boolean;
  /**
   * The e-mail this change sends instead of the state's own template (e.g. the tests e-mail of
   * 'enviar-pruebas', the interview invitation); null sends none. Built from the locked row.
   */
  mail?: ((row: repo.LockedCandidate) => RenderedMail | null) | null;
  /** Part of a bulk move (recorded as such in the audit log). */
  bulk?: boolean;
}

export type StateChangeOutcome =
  | { ok: true; from: CandidateState; to: CandidateState; emailQueued: boolean }
  | { ok: false; kind: 'not-found' }
  | {
      ok: false;
      kind: 'not-allowed' | 'forbidden' | 'stale';
      message: string;
      current: CandidateState;
      allowed: CandidateState[];
    }
  | { ok: false; kind: 'email-not-queued'; message: string; current: CandidateState };

export const NO_EMAIL_MESSAGE = TRANSITION_MESSAGES.mailFailed;

export interface PipelineDeps {
  db: Db;
  files: FileStore;
  publicUrl: string;
}

/**
 * THE state change: every call that moves a candidate comes here. The row is locked, the domain
 * decides, and the new state, its history row and its e-mail are written in one transaction.
 */
export async function changeState(deps: PipelineDeps, c: StateChange): Promise<StateChangeOutcome> {
  return deps.db.transaction().execute((trx) => changeStateIn(trx, deps, c));
}

/**
 * The same inside the caller's transaction, for a business change that moves the candidate too
 * (sending tests, scheduling an interview): both commit or neither does. Callers must not write
 * the candidate's state any other way.
 */
export async function changeStateIn(
  trx: Transaction<Database>,
  deps: PipelineDeps,
  c: StateChange,
): Promise<StateChangeOutcome> {
  const userId = await repo.existingStaffId(trx, c.actor.userId);
  const row = await repo.lockCandidate(trx, c.id);
  if (!row) return { ok: false, kind: 'not-found' };
  const current = stateOf(row.estado);
  const ctx = { beforeRejection: row.estadoAntesRechazo };
  const allowed = allowedNext(current, c.actor.role, ctx);
  if (c.expected && c.expected !== current)
    return { ok: false, kind: 'stale', message: TRANSITION_MESSAGES.notAllowed, current, allowed };
  const to = c.to ?? (current === 'rechazado' ? reactivationTarget(row.estadoAntesRechazo) : null);
  if (to === null) return { ok: false, kind: 'not-allowed', message: TRANSITION_MESSAGES.notAllowed, current, allowed };
  const check = checkTransition(current, to, c.actor.role, ctx);
  if (!check.ok)
    return {
      ok: false,
      kind: check.reason === 'FORBIDDEN' ? 'forbidden' : 'not-allowed',
      message: check.message,
      current,
      allowed,
    };

  const address = row.datosEliminados ? null : row.email?.trim() || null;
  if (!address && to === 'contratado' && !c.force)
    return { ok: false, kind: 'email-not-queued', message: NO_EMAIL_MESSAGE, current };

  const note = c.note?.trim() || null;
  const hireNote = c.hire ? `Fecha: ${c.hire.date} ${c.hire.time}; lugar: ${c.hire.place}` : null;
  await repo.writeState(trx, row.id, {
    to,
    // Reactivation returns to this state; leaving the rejection forgets it.
    beforeRejection: to === 'rechazado' ? current : current === 'rechazado' ? null : undefined,
  });
  await repo.insertHistory(trx, {
    candidateId: row.id,
    from: current,
    to,
    userId,
    note: [note, hireNote].filter(Boolean).join(' · ') || null,
  });
  // Staff and tokens only: a candidate's own moves are theirs, not the back office's. No note text
  // in the row (it may hold personal data): the states are enough.
  if (c.actor.role !== 4)
    await recordAudit(trx, {
      action: c.bulk ? 'candidato.estado_masivo' : c.to === null ? 'candidato.reactivar' : 'candidato.estado',
      target: { kind: 'postulante', id: row.id },
      detail: { de: current, a: to },
    });
  if (address && c.mail !== undefined) {
    const custom = c.mail?.(row) ?? null;
    if (custom) await enqueueMail(trx, custom, address, { applicationId: row.id });
    return { ok: true, from: current, to, emailQueued: custom !== null };
  }
  if (address) {
    const mail = stateChanged({
      name: row.nombre?.trim() || 'candidato',
      vacancy: row.plazaNombre,
      branch: row.sedeNombre,
      state: to,
      observation: note,
      hire: to === 'contratado' ? (c.hire ?? null) : null,
      publicUrl: deps.publicUrl,
      registered: row.usuarioCandidatoId !== null,
    });
    await enqueueMail(trx, mail, address, { applicationId: row.id });
  }
  return { ok: true, from: current, to, emailQueued: address !== null };
}

/** Deletes the candidate (row, queued e-mails, history) and then its files; false when none. */
export async function deleteCandidate(deps: PipelineDeps, id: number): Promise<boolean> {
  const keys = await deps.db.transaction().execute(async (trx) => {
    const k = await repo.deleteCandidate(trx, id);
    if (k !== null) await recordAudit(trx, { action: 'candidato.eliminar', target: { kind: 'postulante', id } });
    return k;
  });
  if (keys === null) return false;
  // After the commit: a failed removal leaves an orphan file (swept), never a row without its file.
  // A key the candidate's profile (or another application) still names is theirs to keep.
  await Promise.allSettled(
    keys.map(async (k) => {
      if (!(await keyInUse(deps.db, k))) await deps.files.remove(k);
    }),
  );
  return true;
}

export interface StateNotification {
  id: number | null;
  name: string;
  email: string;
  state: CandidateState;
  observation: string | null;
}

/**
 * POST /email/notificar-estado: queues the state's e-mail. A known candidate gets it at the
 * stored address, linked to their timeline; false when there is no address to write to.
 */
export async function notifyState(deps: PipelineDeps, n: StateNotification): Promise<boolean> {
  const target = n.id !== null ? await repo.findMailTarget(deps.db, n.id) : null;
  const address = target ? (target.datos_eliminados ? null : target.email) : n.email.trim().toLowerCase() || null;
  if (!address) return false;
  const mail = stateChanged({
    name: target?.nombre?.trim() || n.name || 'candidato',
    vacancy: target?.plaza ?? null,
    branch: target?.sede ?? null,
    state: n.state,
    observation: n.observation,
    publicUrl: deps.publicUrl,
    registered: target?.usuario_candidato_id != null,
  });
  await enqueueMail(deps.db, mail, address, target ? { applicationId: target.id } : {});
  return true;
}

/**
 * The ids of a list's matching rows (its tab applied), in the list's order, and how many match:
 * what a bulk action over "every row matching the filter" acts on. None when more than `max` match.
 */
export async function matchingCandidateIds(
  db: Db,
  q: CandidateListQuery,
  max: number,
): Promise<{ total: number; ids: number[] }> {
  q = await lists.withPositions(db, q);
  const byState = await lists.countCandidates(db, q);
  const total = q.state ? (byState.get(q.state) ?? 0) : [...byState.values()].reduce((a, b) => a + b, 0);
  if (total === 0 || total > max) return { total, ids: [] };
  const rows = await lists.findCandidates(db, q, { limit: max, offset: 0 });
  return { total, ids: rows.map((r) => r.id) };
}
