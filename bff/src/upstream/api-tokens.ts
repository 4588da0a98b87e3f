import type { StaffRoleId } from '@bolsa/domain';
import { normaliseApiTokenList, type ApiTokenDto } from '../normalise/api-token.js';
import { createdIdOf } from '../normalise/write-answer.js';
import { failed, failure, isRecordId, success, type Result } from './failure.js';
import type { Upstream } from './http.js';

/** Integrators' API tokens (internal calls /internal/api-tokens; only hashes are stored). */
export class ApiTokensClient {
  constructor(private readonly http: Upstream) {}

  async list(): Promise<ApiTokenDto[]> {
    return normaliseApiTokenList(await this.http.read('/internal/api-tokens'));
  }

  async create(name: string, roleId: StaffRoleId, hash: string): Promise<Result<ApiTokenDto | null>> {
    const r = await this.http.send('/internal/api-tokens', {
      method: 'POST',
      json: { nombre: name, idrol: roleId, hash },
    });
    if (!r.ok) return r;
    const tid = createdIdOf(r.value);
    if (!tid) return failed(failure('unconfirmed'));
    return success((await this.list()).find((t) => t.id === tid) ?? null);
  }

  async revoke(tokenId: string): Promise<Result<true>> {
    if (!isRecordId(tokenId)) return failed(failure('not-found'));
    const r = await this.http.send(`/internal/api-tokens/${tokenId}/revocar`, { method: 'POST' });
    return r.ok ? success(true) : r;
  }
}
