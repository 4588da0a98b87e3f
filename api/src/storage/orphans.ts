import type { Db } from '../db/database.js';
import { forgetOldStaged } from '../files/index.js';
import type { FileStore } from './store.js';

/**
 * How old a key must be before the sweep may touch it. An application in flight moves its files
 * from 'tmp/' to 'postulantes/' seconds before its transaction commits; the BFF gives up on a
 * submission after two minutes, so an hour leaves every live submission alone.
 */
export const ORPHAN_GRACE_MS = 60 * 60_000;

export interface OrphanSweepOptions {
  db: Db;
  files: FileStore;
  graceMs?: number;
  now?: () => number;
}

export interface OrphanSweepResult {
  /** Temporary uploads removed (never referenced by any row). */
  temporary: number;
  /** Application files removed because no row names them. */
  unreferenced: number;
}

const BATCH = 200;

/** The keys of `batch` that a postulante_archivos row names. */
async function referenced(db: Db, batch: string[]): Promise<Set<string>> {
  const rows = await db.selectFrom('postulante_archivos').select('clave').where('clave', 'in', batch).execute();
  return new Set(rows.map((r) => r.clave));
}

/**
 * Removes what a crash between storing a file and committing its application leaves behind:
 * temporary uploads ('tmp/') and application files ('postulantes/', its top level only: other
 * areas keep their own folders below it) that no row references. Keys younger than the grace
 * period are never touched, and a key is checked against the database just before it goes, so a
 * referenced file is never removed.
 */
export async function sweepOrphanFiles(o: OrphanSweepOptions): Promise<OrphanSweepResult> {
  const grace = o.graceMs ?? ORPHAN_GRACE_MS;
  const now = o.now ?? Date.now;
  const old = (modifiedAt: Date) => now() - modifiedAt.getTime() > grace;
  const result: OrphanSweepResult = { temporary: 0, unreferenced: 0 };

  for await (const item of o.files.list('tmp')) {
    if (!old(item.modifiedAt)) continue;
    await o.files.remove(item.key);
    result.temporary++;
  }
  // Files staged from a form nobody sent live in 'tmp/' too; their rows go with them.
  await forgetOldStaged(o.db, grace, now());

  let batch: string[] = [];
  const flush = async () => {
    const keep = await referenced(o.db, batch);
    for (const key of batch) {
      if (keep.has(key)) continue;
      await o.files.remove(key);
      result.unreferenced++;
    }
    batch = [];
  };
  for await (const item of o.files.list('postulantes')) {
    if (!old(item.modifiedAt)) continue;
    batch.push(item.key);
    if (batch.length >= BATCH) await flush();
  }
  if (batch.length) await flush();
  return result;
}
