import { searchKey } from '@bolsa/domain';
import { normaliseAdminEmail, normaliseAdminEmailList, type AdminEmailDto } from '../normalise/admin-email.js';
import { failed, failure, isRecordId, success, type Result } from './failure.js';
import type { Upstream } from './http.js';

const TIMEOUT = { timeoutMs: 15_000 };

/** Correos administrativos (spec 2 §7: GET/POST /correos, /correos/{id}, /activo, /eliminar). */
export class AdminEmailsClient {
  constructor(private readonly http: Upstream) {}

  async list(q: { onlyActive: boolean; search?: string | null }): Promise<AdminEmailDto[]> {
    const raw = await this.http.read('/correos', {
      query: { soloActivos: q.onlyActive, search: q.search?.trim() || undefined },
      ...TIMEOUT,
    });
    const key = searchKey(q.search);
    // The api filters by `search` too; filtering again keeps an older api that ignores it right.
    return normaliseAdminEmailList(raw).filter((e) => !key || searchKey(`${e.email} ${e.name}`).includes(key));
  }

  async create(email: string, name: string): Promise<Result<AdminEmailDto>> {
    const r = await this.http.send('/correos', { method: 'POST', json: { email, nombre: name }, ...TIMEOUT });
    return record(r);
  }

  async update(emailId: string, email: string, name: string): Promise<Result<AdminEmailDto>> {
    if (!isRecordId(emailId)) return failed(failure('not-found'));
    const r = await this.http.send(`/correos/${emailId}`, {
      method: 'POST',
      json: { email, nombre: name },
      ...TIMEOUT,
    });
    return r.ok ? success(normaliseAdminEmail(r.value) ?? { id: emailId, email, name, active: true }) : r;
  }

  async setActive(emailId: string, active: boolean): Promise<Result<AdminEmailDto>> {
    if (!isRecordId(emailId)) return failed(failure('not-found'));
    return record(
      await this.http.send(`/correos/${emailId}/activo`, { method: 'POST', json: { Activo: active }, ...TIMEOUT }),
    );
  }

  async delete(emailId: string): Promise<Result<true>> {
    if (!isRecordId(emailId)) return failed(failure('not-found'));
    const r = await this.http.send(`/correos/${emailId}/eliminar`, { method: 'POST', ...TIMEOUT });
    return r.ok ? success(true) : r;
  }
}

function record(r: Result<unknown>): Result<AdminEmailDto> {
  if (!r.ok) return r;
  const rec = normaliseAdminEmail(r.value);
  return rec ? success(rec) : failed(failure('unconfirmed'));
}
