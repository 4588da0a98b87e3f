import { recordAudit } from '../audit/index.js';
import type { Db } from '../db/database.js';
import * as repo from './repository.js';

export { listApiTokens, useApiToken } from './repository.js';

class Duplicate extends Error {}

/** A new token (its hash only) and its audit row, together. */
export async function createApiToken(
  db: Db,
  t: { nombre: string; idrol: number; hash: string },
): Promise<number | 'duplicate'> {
  try {
    return await db.transaction().execute(async (trx) => {
      const id = await repo.createApiToken(trx, t);
      if (id === 'duplicate') throw new Duplicate();
      await recordAudit(trx, { action: 'token.crear', target: { kind: 'token', id }, detail: { rol: t.idrol } });
      return id;
    });
  } catch (err) {
    if (err instanceof Duplicate) return 'duplicate';
    throw err;
  }
}

export async function revokeApiToken(db: Db, id: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const revoked = await repo.revokeApiToken(trx, id);
    if (revoked) await recordAudit(trx, { action: 'token.revocar', target: { kind: 'token', id } });
    return revoked;
  });
}
