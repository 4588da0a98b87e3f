import { type CandidateExportFilter, type CandidateExportFormat, type CandidateExportRow } from '@bolsa/domain';
import {
  exportTotal,
  normaliseCandidateExportRow,
  normaliseExportLog,
  type ExportLogPage,
} from '../normalise/candidate-export.js';
import type { Result } from './failure.js';
import { ndjsonRows, type RowStream } from './ndjson.js';
import type { Upstream } from './http.js';

/** Who exports, as the api records it. */
export interface ExportActor {
  kind: 'STAFF' | 'INTEGRATION' | 'CANDIDATE';
  id: string;
  role: number;
}

export type CandidateExportStream = RowStream<CandidateExportRow>;

/**
 * Exports of candidate lists (GET /internal/exportaciones…, beyond the spec's calls): the only
 * code that knows their REST spelling. The rows are pulled from the api as the file is written.
 */
export class ExportsClient {
  constructor(private readonly http: Upstream) {}

  async candidates(
    filter: CandidateExportFilter,
    format: CandidateExportFormat,
    actor: ExportActor,
  ): Promise<Result<CandidateExportStream>> {
    const token = actor.kind === 'INTEGRATION' ? /^token:(\d+)$/.exec(actor.id)?.[1] : undefined;
    const res = await this.http.raw('/internal/exportaciones/candidatos', {
      query: {
        lista: filter.list,
        plazaId: filter.list === 'vacancy' ? (filter.vacancyId ?? undefined) : undefined,
        // The rows selected in the list, or the list's filter.
        ids: filter.ids?.length ? filter.ids.join(',') : undefined,
        estado: filter.state ?? undefined,
        search: filter.search ?? undefined,
        etiquetas: filter.tagIds?.length ? filter.tagIds.join(',') : undefined,
        formato: format,
        usuarioId: actor.kind === 'STAFF' ? actor.id : undefined,
        tokenId: token,
        rol: actor.role,
      },
      // Between two chunks of a long export, not for the whole of it.
      timeoutMs: 60_000,
    });
    return ndjsonRows(res, normaliseCandidateExportRow, exportTotal);
  }

  /** GET /internal/exportaciones: the log, newest first. */
  async log(page: number, pageSize: number): Promise<ExportLogPage> {
    const raw = await this.http.read('/internal/exportaciones', { query: { page, pageSize } });
    return normaliseExportLog(raw, { page, pageSize });
  }
}
