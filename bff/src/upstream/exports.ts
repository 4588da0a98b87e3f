import { StringDecoder } from 'node:string_decoder';
import { type CandidateExportFilter, type CandidateExportFormat, type CandidateExportRow } from '@bolsa/domain';
import {
  exportTotal,
  normaliseCandidateExportRow,
  normaliseExportLog,
  type ExportLogPage,
} from '../normalise/candidate-export.js';
import { failureOf, type Result } from './failure.js';
import type { Upstream } from './http.js';

/** Who exports, as the api records it. */
export interface ExportActor {
  kind: 'STAFF' | 'INTEGRATION' | 'CANDIDATE';
  id: string;
  role: number;
}

export interface CandidateExportStream {
  total: number | null;
  rows: AsyncIterable<CandidateExportRow>;
  /** Stops reading (the browser went away). */
  cancel(): void;
}

/** The lines of an NDJSON body as they arrive; pulling the next one reads the body no further than it. */
export async function* ndjsonLines(body: AsyncIterable<Buffer>): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8');
  let rest = '';
  for await (const chunk of body) {
    rest += decoder.write(chunk);
    let nl = rest.indexOf('\n');
    while (nl >= 0) {
      const line = rest.slice(0, nl);
      rest = rest.slice(nl + 1);
      if (line.trim()) yield line;
      nl = rest.indexOf('\n');
    }
  }
  rest += decoder.end();
  if (rest.trim()) yield rest;
}

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
    if (res.statusCode !== 200) {
      const text = await res.body.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        /* not JSON: the text is the body */
      }
      return { ok: false, failure: failureOf(res.statusCode, body) };
    }
    const body = res.body;
    async function* rows() {
      for await (const line of ndjsonLines(body)) {
        let raw: unknown;
        try {
          raw = JSON.parse(line);
        } catch {
          continue;
        }
        const row = normaliseCandidateExportRow(raw);
        if (row) yield row;
      }
    }
    return {
      ok: true,
      value: { total: exportTotal(res.headers['x-total-count']), rows: rows(), cancel: () => body.destroy() },
    };
  }

  /** GET /internal/exportaciones: the log, newest first. */
  async log(page: number, pageSize: number): Promise<ExportLogPage> {
    const raw = await this.http.read('/internal/exportaciones', { query: { page, pageSize } });
    return normaliseExportLog(raw, { page, pageSize });
  }
}
