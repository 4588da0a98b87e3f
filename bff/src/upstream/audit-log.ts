import type { AuditVerification } from '@bolsa/domain';
import { unexpected } from '../errors.js';
import {
  auditExportTotal,
  normaliseAuditEntry,
  normaliseAuditPage,
  normaliseAuditVerification,
  type AuditEntryDto,
  type AuditPage,
} from '../normalise/audit-log.js';
import { ndjsonRows, type RowStream } from './ndjson.js';
import type { Result } from './failure.js';
import type { Upstream } from './http.js';

/** The filters of the audit log, as GraphQL and the CSV link take them. */
export interface AuditFilterInput {
  actor?: string | null;
  action?: string | null;
  targetKind?: string | null;
  targetId?: string | null;
  /** Guatemala days 'YYYY-MM-DD', inclusive. */
  from?: string | null;
  to?: string | null;
}

const queryOf = (f: AuditFilterInput) => ({
  actor: f.actor?.trim() || undefined,
  accion: f.action?.trim() || undefined,
  objetivoTipo: f.targetKind?.trim() || undefined,
  objetivoId: f.targetId?.trim() || undefined,
  desde: f.from || undefined,
  hasta: f.to || undefined,
});

export type AuditExportStream = RowStream<AuditEntryDto>;

/** The audit log (GET/POST /internal/auditoria…, issue 24): the only code that knows its REST spelling. */
export class AuditLogClient {
  constructor(private readonly http: Upstream) {}

  async list(f: AuditFilterInput, page: number, pageSize: number): Promise<Result<AuditPage>> {
    const r = await this.http.send('/internal/auditoria', { query: { ...queryOf(f), page, pageSize } });
    return r.ok ? { ok: true, value: normaliseAuditPage(r.value, { page, pageSize }) } : r;
  }

  /** The staff member of this request logged out (recorded before their session ends). */
  async loggedOut(): Promise<void> {
    await this.http.read('/internal/auditoria/salida', { method: 'POST', json: {} });
  }

  async verify(): Promise<AuditVerification> {
    // The whole chain, in batches: longer than a list.
    const raw = await this.http.read('/internal/auditoria/verificar', {
      method: 'POST',
      json: {},
      timeoutMs: 120_000,
      abandonable: true, // a read: it changes nothing
    });
    const v = normaliseAuditVerification(raw);
    if (!v) throw unexpected({ kind: 'unconfirmed', message: null, title: null, code: null, status: 200 });
    return v;
  }

  async export(f: AuditFilterInput): Promise<Result<AuditExportStream>> {
    const res = await this.http.raw('/internal/auditoria/exportar', { query: queryOf(f), timeoutMs: 60_000 });
    return ndjsonRows(res, normaliseAuditEntry, auditExportTotal);
  }
}
