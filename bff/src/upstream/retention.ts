import { unexpected } from '../errors.js';
import {
  normaliseRetentionPreview,
  normaliseRetentionRun,
  normaliseRetentionRuns,
  type RetentionPreviewDto,
  type RetentionRunDto,
} from '../normalise/retention.js';
import { failed, failure, success, type Result } from './failure.js';
import type { Upstream } from './http.js';

/** Retention (issue 24, /internal/retencion…): the only code that knows its REST spelling. */
export class RetentionClient {
  constructor(private readonly http: Upstream) {}

  async preview(): Promise<RetentionPreviewDto> {
    const p = normaliseRetentionPreview(await this.http.read('/internal/retencion', { timeoutMs: 60_000 }));
    if (!p) throw unexpected({ kind: 'unconfirmed', message: null, title: null, code: null, status: 200 });
    return p;
  }

  async runs(): Promise<RetentionRunDto[]> {
    return normaliseRetentionRuns(await this.http.read('/internal/retencion/ejecuciones'));
  }

  /** 'Ejecutar ahora': may anonymise many applications in one transaction. */
  async run(): Promise<Result<RetentionRunDto>> {
    const r = await this.http.send('/internal/retencion/ejecutar', { method: 'POST', json: {}, timeoutMs: 300_000 });
    if (!r.ok) return r;
    const run = normaliseRetentionRun(r.value);
    return run ? success(run) : failed(failure('unconfirmed'));
  }
}
