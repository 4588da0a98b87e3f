import { recordAudit } from '../audit/index.js';
import type { Db } from '../db/database.js';
import { clampPage, type Paging } from '../lists.js';
import { candidateIdsInOrder, candidatesByIds, type CandidateListQuery } from '../pipeline/index.js';
import * as repo from './repository.js';

/** Rows read from the database per query while an export streams. */
export const EXPORT_BATCH = 500;

export interface CandidateExportRequest {
  list: 'inbox' | 'vacancy';
  query: CandidateListQuery;
  /** The rows selected in the list (at most BULK_LIMIT), in order: exported instead of the query's. */
  ids?: readonly number[] | null;
  /** The search as the person typed it (for the record). */
  search: string | null;
  format: 'csv' | 'xlsx';
  userId: number | null;
  tokenId: number | null;
  role: number;
}

/**
 * An export of a candidate list: the matching ids are taken once, in the list's order (a
 * consistent snapshot, small: 50,000 ids are 400 KB), the export is recorded with its row count,
 * and then the rows are read batch by batch as the caller asks for them — never the whole list.
 */
export async function startCandidateExport(db: Db, r: CandidateExportRequest) {
  const ids = r.ids?.length ? await existingInOrder(db, r.ids) : await candidateIdsInOrder(db, r.query);
  const selected = r.ids?.length ? r.ids.length : null;
  await db.transaction().execute(async (trx) => {
    const exportId = await repo.insertExport(trx, {
      userId: r.userId,
      tokenId: r.tokenId,
      role: r.role,
      list: r.list,
      vacancyId: r.query.vacancyId ?? null,
      state: selected === null ? (r.query.state ?? null) : null,
      search: selected === null ? r.search : null,
      rows: ids.length,
      format: r.format,
      selected,
    });
    await recordAudit(trx, {
      action: 'exportacion.candidatos',
      target: { kind: 'exportacion', id: exportId },
      detail: { lista: r.list, plazaId: r.query.vacancyId ?? null, filas: ids.length, formato: r.format },
    });
  });
  return {
    total: ids.length,
    async *batches() {
      for (let i = 0; i < ids.length; i += EXPORT_BATCH) {
        const batch = ids.slice(i, i + EXPORT_BATCH);
        const [rows, tags] = await Promise.all([candidatesByIds(db, batch), repo.tagNamesOf(db, batch)]);
        // Each row with its tags' names (the file's 'Etiquetas').
        yield rows.map((c) => ({ ...c, etiquetas: tags.get(c.id) ?? [] }));
      }
    },
  };
}

/** The selected ids that still name a candidate, in the order given (each once). */
async function existingInOrder(db: Db, ids: readonly number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  const found = new Set((await candidatesByIds(db, unique)).map((c) => c.id));
  return unique.filter((id) => found.has(id));
}

/** The log of exports, newest first, paged. */
export async function listExports(db: Db, paging: Paging) {
  const totalCount = await repo.countExports(db);
  const { page, offset } = clampPage(paging, totalCount);
  const items = totalCount ? await repo.findExports(db, { limit: paging.pageSize, offset }) : [];
  return { items, totalCount, page, pageSize: paging.pageSize };
}
