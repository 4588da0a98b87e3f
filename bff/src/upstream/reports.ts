import { normaliseFunnelReport, type FunnelReportDto } from '../normalise/funnel-report.js';
import { isRecordId, failure, failed, success, type Result } from './failure.js';
import type { Upstream } from './http.js';

export interface FunnelQuery {
  from: string;
  to: string;
  vacancyId?: string | null;
}

/** Reports (GET /internal/reportes/embudo, beyond the spec's calls): the only code that knows its REST spelling. */
export class ReportsClient {
  constructor(private readonly http: Upstream) {}

  async funnel(q: FunnelQuery): Promise<Result<FunnelReportDto>> {
    if (q.vacancyId && !isRecordId(q.vacancyId)) return failed(failure('not-found'));
    const r = await this.http.send('/internal/reportes/embudo', {
      query: { desde: q.from, hasta: q.to, plazaId: q.vacancyId || undefined },
    });
    return r.ok ? success(normaliseFunnelReport(r.value, q)) : r;
  }
}
