import {
  addMonths,
  AUDIT_GENESIS_HASH,
  AUDIT_LIMITS,
  type AuditAction,
  type AuditAnchor,
  type AuditTargetKind,
  type AuditVerification,
} from '@bolsa/domain';
import type { Db } from '../db/database.js';
import { chainHash, type AuditContent } from './chain.js';
import { currentAuditRequest, type AuditActor } from './context.js';
import * as repo from './repository.js';
import type { AuditFilter, AuditRow } from './repository.js';

export type { AuditFilter, AuditRow } from './repository.js';

export interface AuditEntry {
  action: AuditAction;
  target?: { kind: AuditTargetKind; id: number | string | null } | null;
  /** Small, without personal data: ids, states, counts. */
  detail?: Record<string, unknown> | null;
  /** Who acted when the request does not say (a log-in: the account that just proved its password). */
  actor?: AuditActor;
  /** When it happened; default now (the retention tests move the clock). */
  at?: Date;
}

/**
 * Records one action, in the caller's transaction: the row exists if and only if the action does.
 * Rows are chained under one lock held until that transaction ends — call this last in it.
 * Given the database rather than a transaction, it opens its own.
 */
export async function recordAudit(db: Db, e: AuditEntry): Promise<void> {
  if (!db.isTransaction) {
    await db.transaction().execute((trx) => recordAudit(trx, e));
    return;
  }
  const ctx = currentAuditRequest();
  const actor = e.actor ?? ctx.actor;
  await repo.lockChain(db);
  const [previous, id, name] = await Promise.all([
    repo.lastHash(db),
    repo.nextId(db),
    actor.kind !== 'sistema' && actor.id !== null ? repo.actorName(db, actor.kind, actor.id) : Promise.resolve(null),
  ]);
  const detail = e.detail ?? null;
  if (detail && JSON.stringify(detail).length > AUDIT_LIMITS.detailBytesMax)
    throw new Error(`audit detail of ${e.action} is too large`);
  const content: AuditContent = {
    id,
    fecha: (e.at ?? new Date()).toISOString(),
    actorTipo: actor.kind,
    actorId: actor.id,
    actorNombre: name,
    accion: e.action,
    objetivoTipo: e.target?.kind ?? null,
    objetivoId: e.target?.id === null || e.target?.id === undefined ? null : String(e.target.id),
    direccion: ctx.address,
    solicitud: ctx.requestId,
    detalle: detail,
  };
  const prev = previous ?? AUDIT_GENESIS_HASH;
  await repo.insertRow(db, content, prev, chainHash(prev, content));
}

/**
 * A staff member logged out (the BFF says so before it ends the session; the actor header names
 * them). Anyone else's log-out (a candidate, a token) is not staff work: nothing is recorded.
 */
export async function recordLogout(db: Db): Promise<boolean> {
  const { actor } = currentAuditRequest();
  if (actor.kind !== 'usuario' || actor.id === null) return false;
  await recordAudit(db, { action: 'sesion.salida', target: { kind: 'usuario', id: actor.id } });
  return true;
}

export async function listAudit(db: Db, f: AuditFilter, page: number, pageSize: number) {
  const [totalCount, items] = await Promise.all([
    repo.countRows(db, f),
    repo.pageRows(db, f, (page - 1) * pageSize, pageSize),
  ]);
  return { items, totalCount, page, pageSize };
}

/**
 * Walks the chain oldest first, one batch at a time (never the whole log in memory), and answers the
 * first row whose hash does not follow from the previous one and its own content. The oldest row
 * left must point to the genesis hash, or be the row the newest retention run recorded as the first
 * one it kept. `anchors` (heads published earlier, `publishAuditAnchor`): each anchored row must
 * still be there with the hash published, unless retention removed it; so a chain rewritten from
 * the database's own rights (triggers off, every hash recomputed) is reported at the first anchor
 * it changed or removed.
 */
export async function verifyAudit(
  db: Db,
  batch: number = AUDIT_LIMITS.verifyBatch,
  anchors: readonly AuditAnchor[] = [],
): Promise<AuditVerification> {
  const pending = new Map(anchors.map((a) => [a.id, a]));
  let previous: string | null = null;
  let firstKept: number | null = null;
  let after = 0;
  let count = 0;
  for (;;) {
    const rows = await repo.rowsAfter(db, after, batch);
    for (const r of rows) {
      if (previous === null) {
        const anchored = r.hashAnterior === AUDIT_GENESIS_HASH || (await firstKeptBy(db)) === r.id;
        if (!anchored) return { ok: false, count, brokenId: r.id, brokenAt: r.fecha };
        previous = r.hashAnterior;
        firstKept = r.id;
      }
      if (r.hashAnterior !== previous || chainHash(previous, r) !== r.hash)
        return { ok: false, count, brokenId: r.id, brokenAt: r.fecha };
      const published = pending.get(r.id);
      if (published && published.hash !== r.hash) return { ok: false, count, brokenId: r.id, brokenAt: r.fecha };
      pending.delete(r.id);
      previous = r.hash;
      count++;
    }
    if (rows.length < batch) break;
    after = rows[rows.length - 1]!.id;
  }
  // Anchored rows not met: gone. Only rows before the first one kept may go (retention).
  const missing = [...pending.values()]
    .filter((a) => firstKept === null || a.id >= firstKept)
    .sort((a, b) => a.id - b.id)[0];
  if (missing) return { ok: false, count, brokenId: missing.id, brokenAt: missing.fecha };
  return { ok: true, count };
}

/** The chain's head (newest row) as an anchor, or null while the log is empty. */
export async function auditHead(db: Db): Promise<AuditAnchor | null> {
  const r = await repo.lastRow(db);
  return r ? { id: r.id, hash: r.hash, fecha: r.fecha } : null;
}

/**
 * Writes the chain's head to the log when it moved since `last` (the api's log is shipped and kept
 * apart from the database: docs/decisions/2026-11-27-audit-log.md, "The limit"). Ids, a hash and a
 * date: nothing personal. Answers the head, for the next call's `last`.
 */
export async function publishAuditAnchor(
  db: Db,
  logger: { info(obj: object, msg: string): void },
  last: AuditAnchor | null,
): Promise<AuditAnchor | null> {
  const head = await auditHead(db);
  if (head && (head.id !== last?.id || head.hash !== last.hash))
    logger.info({ ancla: head }, 'Bitácora de auditoría: ancla');
  return head;
}

/**
 * The anchors in a stretch of the api's log (one JSON line each, as pino writes them; other lines are
 * skipped): what `npm run audit:verify` reads on its standard input.
 */
export function anchorsFromLog(text: string): AuditAnchor[] {
  const out: AuditAnchor[] = [];
  for (const line of text.split('\n')) {
    if (!line.includes('"ancla"')) continue;
    try {
      const a = (JSON.parse(line) as { ancla?: Partial<AuditAnchor> }).ancla;
      if (
        Number.isSafeInteger(a?.id) &&
        typeof a?.hash === 'string' &&
        /^[0-9a-f]{64}$/.test(a.hash) &&
        typeof a.fecha === 'string'
      )
        out.push({ id: a.id!, hash: a.hash, fecha: a.fecha });
    } catch {
      // Not a log line: skipped.
    }
  }
  return out;
}

async function firstKeptBy(db: Db): Promise<number | null> {
  const purge = await repo.lastPurge(db);
  const kept = (purge?.detalle as { primerId?: unknown } | null)?.primerId;
  return typeof kept === 'number' ? kept : null;
}

/** The filtered log oldest first, batch by batch, for the CSV; the export itself is recorded first. */
export async function startAuditExport(db: Db, f: AuditFilter) {
  const total = await repo.countRows(db, f);
  if (total > AUDIT_LIMITS.exportRowsMax) return { tooLarge: true as const, total };
  await recordAudit(db, {
    action: 'auditoria.exportar',
    target: { kind: 'auditoria', id: null },
    detail: { filas: total },
  });
  return {
    tooLarge: false as const,
    total,
    async *batches(): AsyncGenerator<AuditRow[]> {
      let after = 0;
      for (;;) {
        const rows = await repo.rowsAfter(db, after, AUDIT_LIMITS.verifyBatch, f);
        if (rows.length) yield rows;
        if (rows.length < AUDIT_LIMITS.verifyBatch) return;
        after = rows[rows.length - 1]!.id;
      }
    },
  };
}

/**
 * Retention of the log itself: rows older than `months` go, through the one path the trigger lets
 * through, and the run is recorded in the same transaction with the id of the first row kept (where
 * verification starts).
 */
/**
 * The oldest moment the log keeps: `months` calendar months back, a month end clamped to the shorter
 * month's last day (domain's `addMonths`). `setUTCMonth` rolled 31 December − 10 months over to
 * 3 March, deleting three days the policy keeps.
 */
export const auditCutoff = (now: Date, months: number): Date => addMonths(now, -months);

export async function purgeAudit(db: Db, months: number, now: Date = new Date()): Promise<{ deleted: number }> {
  const before = auditCutoff(now, months);
  return db.transaction().execute(async (trx) => {
    await repo.lockChain(trx);
    const deleted = await repo.purgeBefore(trx, before);
    // Nothing old enough: no row, so that each replica's daily run leaves no trace of doing nothing.
    if (deleted === 0) return { deleted };
    const first = await repo.firstId(trx);
    await recordAudit(trx, {
      action: 'auditoria.retencion',
      target: { kind: 'auditoria', id: null },
      detail: { eliminados: deleted, meses: months, antesDe: before.toISOString(), primerId: first },
    });
    return { deleted };
  });
}
